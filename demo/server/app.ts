import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Db } from './db/database.ts';
import { ItemCatalogue } from './db/items-repo.ts';
import { loadCommunes } from './geo/communes.ts';
import { OfflineGeocoder } from './geo/geocoder.ts';
import { HttpError } from './http/validation.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { companyRoutes } from './routes/companies.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { demoPageRoutes } from './routes/demo-pages.ts';
import { geoRoutes } from './routes/geo.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { travelRoutes } from './routes/travels.ts';
import { redactTokens } from './security/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** Large enough for a 50-stop, 200-item booking with its store_serialized; nothing more. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  db: Db;
  /** Project root: the demo pages and dist/ are served from there. */
  root: string;
  logStream?: Writable;
  logLevel?: string;
}

/** Builds the reference server: spec §7 API, its extensions, the dashboard page and the demo. */
export async function createApp({ db, root, logStream, logLevel = 'info' }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: {
      level: logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Tokens ride in URLs (?token=, /companies/{token}) and headers: never in the logs.
      serializers: {
        req: (request: { method: string; url: string }) => ({ method: request.method, url: redactTokens(request.url) }),
      },
    },
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, text.trim() === '' ? undefined : JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Corps JSON illisible'), undefined);
    }
  });

  // The elements run on carriers' sites: the API answers any origin. No cookie is used, tokens travel explicitly.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-headers', 'content-type, authorization, idempotency-key');
    reply.header('access-control-allow-methods', 'GET, POST, PATCH, OPTIONS');
    reply.header('access-control-max-age', '600');
    if (request.method === 'OPTIONS') return reply.code(204).send();
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    const status = error.statusCode ?? 500;
    const known: Record<number, string> = {
      400: 'Requête invalide',
      413: 'Requête trop volumineuse',
      415: 'Type de contenu non pris en charge : envoyez du JSON',
    };
    if (status < 500 && known[status]) return reply.code(status).send({ error: known[status] });
    request.log.error({ err: { message: error.message, code: error.code } }, 'erreur interne');
    return reply.code(500).send({ error: 'Erreur interne du serveur' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Introuvable' });
    return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="fr"><meta charset="utf-8"><title>Page introuvable</title><h1>Page introuvable</h1><p><a href="/">Retour aux démonstrations</a></p></html>');
  });

  const catalogue = new ItemCatalogue(db);
  let geocoder: OfflineGeocoder | null = null;
  const geocoderOnce = () => (geocoder ??= new OfflineGeocoder(loadCommunes()));

  travelRoutes(app, db);
  catalogueRoutes(app, db, catalogue);
  companyRoutes(app, db, catalogue);
  geoRoutes(app, geocoderOnce);
  dashboardRoutes(app, db);
  openApiRoutes(app);
  demoPageRoutes(app, db, catalogue, root);

  await app.register(fastifyStatic, { root: path.join(root, 'dist'), prefix: '/dist/', decorateReply: false, cacheControl: true, maxAge: 0 });
  await app.register(fastifyStatic, { root: path.join(root, 'demo', 'pages'), prefix: '/', decorateReply: false, index: ['index.html'] });

  app.addHook('onReady', async () => {
    geocoderOnce();
  });
  return app;
}
