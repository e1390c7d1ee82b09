import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { bearerToken } from '../http/validation.ts';

/**
 * What the server counts for Prometheus: requests by route and status, their latency, the
 * bookings, each store's quota use, and (beside them) the process's own figures. One registry
 * per server, not prom-client's global one, so several servers in one process never mix.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'method' | 'route'>;
  readonly bookings: Counter<'action' | 'owner'>;
  readonly quotaUse: Gauge<'owner'>;
  /** Webhook deliveries and customer e-mails written and not yet sent, read from the database when scraped. */
  readonly webhookBacklog: Gauge;
  readonly mailBacklog: Gauge;
  /** Where the two backlogs are read (set by the notifier); a scrape that cannot read them keeps the last figures. */
  readonly backlog: { webhooks: () => Promise<number>; mails: () => Promise<number> };
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tqw_' });
  const registers = [registry];
  const backlog = { webhooks: async () => 0, mails: async () => 0 };
  const readBacklog = (source: () => Promise<number>) =>
    async function (this: Gauge) {
      try {
        this.set(await source());
      } catch {
        // The database is away: the last figure stays.
      }
    };
  return {
    backlog,
    registry,
    requests: new Counter({
      name: 'tqw_http_requests_total',
      help: 'Requêtes HTTP reçues, par méthode, route et statut',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    latency: new Histogram({
      name: 'tqw_http_request_duration_seconds',
      help: 'Durée des requêtes HTTP, de la réception à la fin de la réponse',
      labelNames: ['method', 'route'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    bookings: new Counter({
      name: 'tqw_bookings_total',
      help: 'Réservations enregistrées, par action (created, updated, accepted, refused) et titulaire (public, company)',
      labelNames: ['action', 'owner'],
      registers,
    }),
    quotaUse: new Gauge({
      name: 'tqw_storage_quota_ratio',
      help: 'Part du quota de stockage utilisée (0 à 1) : public, ou company:<id>',
      labelNames: ['owner'],
      registers,
    }),
    webhookBacklog: new Gauge({
      name: 'tqw_webhook_backlog',
      help: 'Livraisons de webhook en attente (un événement par point de réception)',
      registers,
      collect: readBacklog(() => backlog.webhooks()),
    }),
    mailBacklog: new Gauge({
      name: 'tqw_mail_backlog',
      help: 'E-mails aux clients en attente d’envoi',
      registers,
      collect: readBacklog(() => backlog.mails()),
    }),
  };
}

/**
 * Counts every answer. The route label is the route's pattern (`/api/v1/travels/:id`), never
 * the raw path, so neither ids nor tokens become labels; unknown paths share one label.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? '(inconnue)' : (request.routeOptions.url ?? '(inconnue)');
    metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

const sameSecret = (presented: string | null, expected: string) => {
  if (presented === null) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/metrics` on the API's port, only for a scraper that presents METRICS_TOKEN (a bearer
 * token): the figures tell a competitor how many bookings a carrier takes.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get('/metrics', async (request, reply) => {
    if (!sameSecret(bearerToken(request.headers), token)) return reply.code(404).send({ error: 'Introuvable' });
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}

/** Or a port of their own (METRICS_PORT), on an address a firewall keeps private (METRICS_HOST, 127.0.0.1 by default). */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics' || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Introuvable\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
