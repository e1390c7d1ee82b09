import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a cross-origin caller may do under one URL prefix; the header values are written once, here. */
interface CorsPolicy {
  methods: string;
  /** null: a preflight is answered with the headers it asks for. */
  allowedHeaders: string | null;
  maxAgeSeconds: string | null;
}

/**
 * The elements run on carriers' sites: the API answers any origin. No cookie is used, tokens
 * travel explicitly. The element files too: the one-script loader on a carrier's page imports
 * its modules and chunks from this server, and a cross-origin module import needs CORS.
 * Everything else (pages, dashboard) is same-origin only.
 */
const API: CorsPolicy = {
  methods: 'GET, POST, PATCH, OPTIONS',
  allowedHeaders: 'content-type, authorization, idempotency-key',
  maxAgeSeconds: '600',
};
const FILES: CorsPolicy = { methods: 'GET', allowedHeaders: null, maxAgeSeconds: null };

function policyFor(url: string): CorsPolicy | null {
  if (url.startsWith('/api/')) return API;
  return url.startsWith('/dist/') ? FILES : null;
}

/** Answers a preflight at once (before the rate limits and the routes), or refuses a malformed one. */
function answerPreflight(request: FastifyRequest, reply: FastifyReply, policy: CorsPolicy): void {
  if (!request.headers.origin || !request.headers['access-control-request-method']) {
    reply.status(400).type('text/plain').send('Invalid Preflight Request');
    return;
  }
  reply.header('access-control-allow-methods', policy.methods);
  if (policy.allowedHeaders === null) {
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    const asked = request.headers['access-control-request-headers'];
    if (asked !== undefined) reply.header('access-control-allow-headers', asked);
  } else {
    reply.header('access-control-allow-headers', policy.allowedHeaders);
  }
  if (policy.maxAgeSeconds !== null) reply.header('access-control-max-age', policy.maxAgeSeconds);
  // Safari waits for a body on a 204 without a length.
  reply.code(204).header('content-length', '0').send();
}

/**
 * CORS by URL prefix, with the headers @fastify/cors wrote for the same policies through a
 * per-request delegator, which rebuilt and merged its options on every request. Every answer
 * varies on Origin (the policy depends on the URL, as a cache keyed on it must know).
 */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('vary', 'Origin');
    const policy = policyFor(request.url);
    if (!policy) return done();
    reply.header('access-control-allow-origin', '*');
    if (request.raw.method !== 'OPTIONS') return done();
    answerPreflight(request, reply, policy);
  });
  // Preflights under a prefix with a policy are answered by the hook: this route only lets
  // OPTIONS reach the hooks elsewhere, and answers there as an unknown address.
  app.options('*', (_request, reply) => reply.callNotFound());
}
