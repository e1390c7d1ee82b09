import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { limitsFromEnv, type ServerLimits } from './config/limits.ts';
import type { Sql } from './db/sql.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable.ts';
import { ItemCatalogue } from './db/items-repo.ts';
import { loadCommunes } from './geo/communes.ts';
import { OfflineGeocoder } from './geo/geocoder.ts';
import { bearerToken, HttpError } from './http/validation.ts';
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

export interface AppOptions {
  sql: Sql;
  /** Project root: the demo pages and dist/ are served from there. */
  root: string;
  logStream?: Writable;
  logLevel?: string;
  limits?: ServerLimits;
}

/** Files of dist/ a page needs: the element scripts, their ES modules and chunks, and the pricing worker. Never the server. */
const PUBLIC_DIST = /^\/(transport-quote-(wizard|lite)\.js(\.map)?|pricing-worker\.js(\.map)?|esm\/(chunks\/)?[\w.-]+\.js(\.map)?)$/;

/** A string with a lone surrogate cannot be stored as UTF-8 text: refused rather than mangled. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * A body decoded from UTF-8 holds no lone surrogate of its own (an invalid sequence becomes
 * U+FFFD), so only a `\uD800`–`\uDFFF` escape in the JSON text can put one in the parsed value:
 * without such an escape the value is not walked. (An escaped backslash before `u` matches
 * too, and the walk then finds nothing: never a lone surrogate let through.)
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** How far past the body limit an announced body is still read (and dropped) so its 413 arrives. */
const DRAINED_BODY_FACTOR = 8;
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, inner]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(inner));
  return false;
}

const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The company a request acts for, when it names one: by its token, never stored in clear in the limiter. */
function companyKey(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.token === 'string' && request.url.startsWith('/api/v1/companies/')) return fingerprint(params.token);
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body.company_token === 'string') return fingerprint(body.company_token);
  const bearer = bearerToken(request.headers);
  return bearer && request.url.startsWith('/api/v1/items/') ? fingerprint(bearer) : null;
}

type RouteKind = 'write' | 'read' | null;
function kindOf(route: RouteOptions): RouteKind {
  if (!route.url.startsWith('/api/') && !route.url.startsWith('/dashboard/')) return null;
  const methods = [route.method].flat();
  if (methods.includes('POST') || methods.includes('PATCH')) return 'write';
  if (methods.includes('GET') && !route.url.endsWith('openapi.json')) return 'read';
  return null;
}

/** Builds the reference server: spec §7 API, its extensions, the dashboard page and the demo. */
export async function createApp({
  sql,
  root,
  logStream,
  logLevel = 'info',
  limits = limitsFromEnv(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: limits.bodyLimitBytes,
    trustProxy: limits.trustProxy,
    // A whole request must arrive in time: a client trickling its body is cut (checked every second).
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.headersTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
    // One short line per request, written on the answer (below); nothing per request at warn.
    logController: new LogController({ disableRequestLogging: true }),
    logger: { level: logLevel, ...(logStream ? { stream: logStream } : {}) },
  });

  // Above info there is no hook at all: a request pays nothing for a line that would not be written.
  if (['trace', 'debug', 'info'].includes(logLevel)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(`${request.method} ${redactTokens(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)}ms`);
      done();
    });
  }

  // A body announced past the limit is refused before it is read. Fastify's own refusal closes
  // the connection while the client is still sending, and the reset that follows can reach the
  // client before the 413 does (seen under load: the visitor got a network error, not the
  // message). So the rest of a body up to a few times the limit is read and dropped, and the
  // connection stays open for the answer; beyond that nobody honest sends it, and it is cut.
  app.addHook('onRequest', (request, reply, done) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    if (!(announced > limits.bodyLimitBytes)) return done();
    if (announced <= limits.bodyLimitBytes * DRAINED_BODY_FACTOR) request.raw.resume();
    else reply.header('connection', 'close');
    void reply.code(413).send({ error: 'Requête trop volumineuse' });
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      done(new HttpError(400, 'Corps JSON illisible'), undefined);
      return;
    }
    if (SURROGATE_ESCAPE.test(text) && hasLoneSurrogate(parsed))
      done(new HttpError(400, 'Texte invalide : caractère Unicode isolé (demi-paire de substitution)'), undefined);
    else done(null, parsed);
  });

  // helmet's security headers on every answer, its middleware built once here: @fastify/helmet
  // built it again on every request, in two async hooks (measured: about a tenth of a booking's
  // CPU and more of a search's). The headers are helmet's own, set as the plugin set them.
  const securityHeaders = helmet({
    // Each page sets its own policy with its nonce (demo-pages.ts); the API answers JSON.
    contentSecurityPolicy: false,
    // Carriers load the element scripts from their own pages: they must be embeddable cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors in each page's policy says who may frame it (the dashboard is framed by carriers' pages).
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  // The elements run on carriers' sites: the API answers any origin. No cookie is used, tokens travel explicitly.
  // The element files too: the one-script loader on a carrier's page imports its modules and
  // chunks from this server, and a cross-origin module import needs CORS.
  const apiCors = {
    origin: '*',
    methods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authorization', 'idempotency-key'],
    maxAge: 600,
  };
  const filesCors = { origin: '*', methods: ['GET'] };
  await app.register(fastifyCors, {
    hook: 'onRequest',
    delegator: (request, callback) =>
      callback(null, request.url?.startsWith('/api/') ? apiCors : request.url?.startsWith('/dist/') ? filesCors : { origin: false }),
  });

  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Trop de requêtes : réessayez dans ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`), { statusCode: 429 }),
  });
  // Every API route gets a per-address limit (before anything is read) and a per-company one
  // (once the body names the company); writes are counted apart from searches and reads.
  const limiters = {
    write: [
      app.rateLimit({ max: limits.writesPerMinutePerIp, timeWindow: 60_000, groupId: 'write-ip' }),
      app.rateLimit({
        max: limits.writesPerMinutePerCompany,
        timeWindow: 60_000,
        groupId: 'write-company',
        keyGenerator: (request) => companyKey(request) ?? '-',
        allowList: (request) => companyKey(request) === null,
      }),
    ],
    read: [
      app.rateLimit({ max: limits.readsPerMinutePerIp, timeWindow: 60_000, groupId: 'read-ip' }),
      app.rateLimit({
        max: limits.readsPerMinutePerCompany,
        timeWindow: 60_000,
        groupId: 'read-company',
        keyGenerator: (request) => companyKey(request) ?? '-',
        allowList: (request) => companyKey(request) === null,
      }),
    ],
  };
  app.addHook('onRoute', (route) => {
    const kind = kindOf(route);
    if (!kind) return;
    const [perIp, perCompany] = limiters[kind];
    route.onRequest = [perIp!, ...[route.onRequest ?? []].flat()];
    route.preHandler = [perCompany!, ...[route.preHandler ?? []].flat()];
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'base de données injoignable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    const known: Record<number, string> = {
      400: 'Requête invalide',
      404: 'Introuvable',
      413: 'Requête trop volumineuse',
      415: 'Type de contenu non pris en charge : envoyez du JSON',
      429: error.message,
    };
    if (status < 500 && known[status]) return reply.code(status).send({ error: known[status] });
    request.log.error({ err: { message: error.message, code: error.code } }, 'erreur interne');
    return reply.code(500).send({ error: 'Erreur interne du serveur' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Introuvable' });
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Page introuvable</title><h1>Page introuvable</h1><p><a href="/">Retour aux démonstrations</a></p></html>',
      );
  });

  const catalogue = await ItemCatalogue.load(sql);
  let geocoder: OfflineGeocoder | null = null;
  const geocoderOnce = () => (geocoder ??= new OfflineGeocoder(loadCommunes()));

  travelRoutes(app, sql, limits);
  catalogueRoutes(app, sql, catalogue);
  companyRoutes(app, sql, catalogue);
  geoRoutes(app, geocoderOnce);
  dashboardRoutes(app, sql);
  openApiRoutes(app);
  demoPageRoutes(app, sql, catalogue, root);

  await app.register(fastifyStatic, {
    root: path.join(root, 'dist'),
    prefix: '/dist/',
    decorateReply: false,
    cacheControl: true,
    maxAge: 0,
    allowedPath: (pathName) => PUBLIC_DIST.test(pathName),
  });
  // The pages' own files (styles, small scripts); the pages themselves come from demo-pages.ts with their nonce.
  await app.register(fastifyStatic, {
    root: path.join(root, 'demo', 'pages'),
    prefix: '/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => /^\/[\w-]+\.(css|js)$/.test(pathName),
  });

  app.addHook('onReady', async () => {
    geocoderOnce();
  });
  return app;
}
