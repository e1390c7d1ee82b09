import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { routeSchema, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { renderDashboardPage, renderNotFoundPage } from '../pages/dashboard-page.ts';
import { IdParams, openTravel } from './travels.ts';

const DashboardQuery = v.object({
  light_layout: v.optional(
    v.pipe(v.string(), v.description('yes : sans en-tête, pour le cadre latéral ; toute autre valeur : la page complète.')),
  ),
});

/**
 * The dashboard page runs no script and loads only its stylesheet. Carriers' pages frame it
 * (the side frame), so any ancestor may.
 */
const DASHBOARD_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-ancestors *; base-uri 'none'; form-action 'none'";

/** The headers of a page that shows a booking: HTML, never cached, no referrer, and no script at all. */
export function bookingPageHeaders(reply: FastifyReply): void {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', DASHBOARD_CSP);
}

/** /dashboard/companies/company/travels/{id}?token=…&light_layout=yes (spec §2). */
/** The dashboard page of a booking (spec §7), and the stylesheets of every page the server renders. */
export const dashboardRoutes: FastifyPluginAsync<{ assetsDir: string }> = async (app, { assetsDir }) => {
  const { sql } = app;
  // The stylesheets of the pages the server renders in every mode (the demo's come with the demo).
  for (const name of ['dashboard.css', 'devis.css', 'follow.css', 'back-office.css']) {
    const stylesheet = readFileSync(path.join(assetsDir, name), 'utf8');
    app.get(`/${name}`, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(stylesheet),
    );
  }
  const schema = routeSchema({
    operationId: 'pageDeSuivi',
    tags: ['Suivi'],
    summary: 'Page de suivi d’une réservation',
    description: 'La page HTML (en français) que le cadre latéral affiche après la réservation.',
    security: TRAVEL_TOKEN,
    params: IdParams,
    querystring: DashboardQuery,
    answers: {
      200: { description: 'La réservation, en HTML.', html: true },
      404: { description: 'Réservation introuvable (numéro inconnu, jeton absent ou faux), en HTML.', html: true },
    },
  });
  app.get('/dashboard/companies/company/travels/:id', { schema }, async (request, reply) => {
    const query = v.safeParse(DashboardQuery, request.query);
    const light = query.success && query.output.light_layout === 'yes';
    bookingPageHeaders(reply);
    try {
      const travel = await openTravel(sql, request);
      return renderDashboardPage(
        travel.id,
        travel.payload,
        travel.created_at,
        light,
        travel.price_check,
        travel.price_source,
        travel.summary,
      );
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.code(404).send(renderNotFoundPage(light));
      throw error;
    }
  });
};
