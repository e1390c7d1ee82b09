import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import path from 'node:path';

/** Files of the elements' dist/ a page needs: the one-script loaders, their ES modules and chunks, the pricing worker. Never anything else. */
const PUBLIC_DIST = /^\/(transport-quote-(wizard|lite)\.js|pricing-worker\.js|esm\/(chunks\/)?[\w.-]+\.js)$/;
/** Their source maps: the sources of the elements, for a developer's tools (SERVE_SOURCE_MAPS). */
const SOURCE_MAP = /^\/(transport-quote-(wizard|lite)\.js|pricing-worker\.js|esm\/(chunks\/)?[\w.-]+\.js)\.map$/;
/** esbuild names each chunk after its content (`chunk-2ZKVWQ2G.js`): a new build never reuses a name for other bytes. */
const CONTENT_HASHED = /\/esm\/chunks\/[\w.]+-[A-Z0-9]{8}\.js(\.map|\.br|\.gz)?$/;

/** A year, immutable: a content-hashed chunk never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Five minutes, then a cheap revalidation by ETag: the loaders and entry modules keep their
 * names from release to release. A page that still holds the previous entry for those five
 * minutes asks for the previous release's chunks: a deployment keeps them that long (server/README.md).
 */
export const SHORT_LIVED = 'public, max-age=300';

function cacheHeaders(response: { setHeader(name: string, value: string): unknown }, file: string): void {
  response.setHeader('cache-control', CONTENT_HASHED.test(file) ? IMMUTABLE : SHORT_LIVED);
}

/**
 * The element scripts, served from the elements' package with the brotli and gzip copies the
 * build wrote beside each file (compressed once at the highest level, not on every request).
 * Cross-origin pages load them, so the CORS hook answers for /dist/ too. `sourceMaps`: their
 * .map files as well (runtime.ts serveSourceMaps).
 */
export const elementFileRoutes: FastifyPluginAsync<{ elementsDir: string; sourceMaps?: boolean }> = async (
  app,
  { elementsDir, sourceMaps = false },
) => {
  // The same URL answers brotli, gzip or plain bytes by Accept-Encoding: caches must keep them
  // apart. Added beside the CORS hook's Origin, never in its place.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/dist/') && (request.method === 'GET' || request.method === 'HEAD')) {
      const vary = reply.getHeader('vary');
      void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    }
    return payload;
  });
  await app.register(fastifyStatic, {
    root: path.join(elementsDir, 'dist'),
    prefix: '/dist/',
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    setHeaders: cacheHeaders,
    // A source map only when asked (the demo; SERVE_SOURCE_MAPS=1): in production the scripts
    // are served without what rebuilds their sources. Their last line still names the map,
    // which a browser's tools then miss quietly (404).
    allowedPath: (pathName) => PUBLIC_DIST.test(pathName) || (sourceMaps && SOURCE_MAP.test(pathName)),
  });
};

/** The product's mark: a van, drawn on the 24 grid in the brand blue (browsers ask every site for one). */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#1d4ed8"/><path d="M4 8h10v7H4zM14 10h3l3 3v2h-6z" fill="#fff"/><circle cx="7.5" cy="16.5" r="1.8" fill="#fff" stroke="#1d4ed8" stroke-width="1"/><circle cx="16.5" cy="16.5" r="1.8" fill="#fff" stroke="#1d4ed8" stroke-width="1"/></svg>`;

export const faviconRoutes: FastifyPluginAsync = async (app) => {
  const send = async (_request: unknown, reply: FastifyReply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON);
  app.get('/favicon.svg', send);
  // Browsers ask for /favicon.ico on their own; an SVG answers it as well.
  app.get('/favicon.ico', send);
};
