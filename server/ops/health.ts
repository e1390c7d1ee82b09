import type { FastifyPluginAsync } from 'fastify';
import { databaseAnswers } from '../db/readiness.ts';

/** Whether the server is being stopped: set on SIGTERM, read by /readyz and by every request (app.ts). */
export interface Lifecycle {
  /** From SIGTERM on: /readyz answers 503, requests are still served, each answer closes its connection. */
  draining: boolean;
  /**
   * Once the drain delay is over and the server stops taking requests: whatever still arrives on
   * an open connection is answered 503 in French with Retry-After (never Fastify's English one).
   */
  closing?: boolean;
}

/** What a request arriving while the server stops is told. */
export const SHUTTING_DOWN_MESSAGE = 'Service momentanément indisponible\u00a0: le serveur redémarre. Réessayez dans quelques secondes.';
/** Seconds before a retry: another process behind the load balancer answers by then, or this one restarted. */
export const SHUTTING_DOWN_RETRY_AFTER_SECONDS = 5;

/**
 * `/healthz`: the process answers (a supervisor restarts it otherwise). `/readyz`: it may be
 * sent traffic, that is its database answers and it is not being stopped (a load balancer
 * stops sending it requests while it drains). Neither is rate-limited or logged as an API call.
 */
export const healthRoutes: FastifyPluginAsync<{ lifecycle: Lifecycle; sendNothing?: boolean }> = async (
  app,
  { lifecycle, sendNothing = false },
) => {
  const { sql } = app;
  // A copy (SEND_NOTHING=1) says so in both answers, so a supervisor or a person checking it
  // never takes it for the production server.
  const copy = sendNothing ? { send_nothing: true } : {};
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok', ...copy }));
  app.get('/readyz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (lifecycle.draining)
      return reply.code(503).send({ ready: false, reason: 'Arrêt en cours\u00a0: plus de nouvelles requêtes', ...copy });
    if (!(await databaseAnswers(sql))) return reply.code(503).send({ ready: false, reason: 'La base de données ne répond pas', ...copy });
    return reply.send({ ready: true, ...copy });
  });
};
