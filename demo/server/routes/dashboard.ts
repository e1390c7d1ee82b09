import type { FastifyInstance } from 'fastify';
import type { Sql } from '../db/sql.ts';
import { HttpError } from '../http/validation.ts';
import { renderDashboardPage, renderNotFoundPage } from '../pages/dashboard-page.ts';
import { openTravel } from './travels.ts';

/** /dashboard/companies/company/travels/{id}?token=…&light_layout=yes (spec §2). */
export function dashboardRoutes(app: FastifyInstance, sql: Sql): void {
  app.get('/dashboard/companies/company/travels/:id', async (request, reply) => {
    const light = (request.query as Record<string, unknown>).light_layout === 'yes';
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    try {
      const travel = await openTravel(sql, request);
      return renderDashboardPage(travel.id, travel.payload, travel.created_at, light, travel.price_check);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.code(404).send(renderNotFoundPage(light));
      throw error;
    }
  });
}
