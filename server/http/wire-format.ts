import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { constants as zlib } from 'node:zlib';
import { parseJsonBody } from './json-body.ts';

/** A year, and the subdomains: what HSTS says once a request is known to have come over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What every answer is made of on the wire: JSON only in (the raw body kept for the signed
 * webhooks), helmet's security headers, CORS for the API and the element files, compression.
 */
export async function installWireFormat(app: FastifyInstance): Promise<void> {
  // JSON only: Fastify's own text/plain parser would hand a text body to the routes, refused
  // there as an invalid booking (400) where the document promises 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error as Error, undefined);
    }
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
    // HSTS means nothing over plain HTTP (RFC 6797 §7.2) and, sent there with includeSubDomains,
    // says what the server cannot know: it is sent below only over HTTPS as the server sees it
    // (TLS of its own never; a proxy's X-Forwarded-Proto believed through TRUST_PROXY).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // The elements run on carriers' sites: the API answers any origin. No cookie is used, tokens travel explicitly.
  // The element files too: the one-script loader on a carrier's page imports its modules and
  // chunks from this server, and a cross-origin module import needs CORS.
  const apiCors = {
    origin: '*',
    methods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authorization', 'idempotency-key', 'x-carrier-key'],
    maxAge: 600,
  };
  const filesCors = { origin: '*', methods: ['GET'] };
  // A preflight without its Origin or method: @fastify/cors would refuse it in English plain text.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const corsPath = url.startsWith('/api/') || url.startsWith('/dist/');
    if (request.method !== 'OPTIONS' || !corsPath || (request.headers.origin && request.headers['access-control-request-method']))
      return done();
    void reply
      .code(400)
      .send({ error: 'Requête de contrôle CORS incomplète\u00a0: les en-têtes Origin et Access-Control-Request-Method sont attendus' });
  });
  await app.register(fastifyCors, {
    hook: 'onRequest',
    delegator: (request, callback) =>
      callback(null, request.url?.startsWith('/api/') ? apiCors : request.url?.startsWith('/dist/') ? filesCors : { origin: false }),
  });

  // Compressed answers for whoever accepts them (brotli first, then gzip). Brotli's default
  // level is its slowest: 4 compresses JSON and pages almost as well at a fraction of the CPU.
  // The element scripts come already compressed by the build (element-files.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
