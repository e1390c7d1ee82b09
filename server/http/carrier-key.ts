import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import * as v from 'valibot';
import { findCarrierByKey, PublicKeySchema, type CarrierSite } from '../db/carrier-keys.ts';
import type { Sql } from '../db/sql.ts';
import { refusal } from './route-schema.ts';
import { HttpError } from './validation.ts';

/** The header a page's element sends its `carrier-key` in (the preflight allows it; the key opens nothing private). */
export const CARRIER_KEY_HEADER = 'x-carrier-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The carrier whose public page sent the request (its `carrier-key`); null without a key. */
    site: CarrierSite | null;
  }
}

export const UNKNOWN_KEY =
  'Clé de transporteur inconnue ou remplacée\u00a0: recopiez la clé de la page «\u202fIntégrer à mon site\u202f» de vos Réglages.';
export const KEY_AND_TOKEN_APART = 'La clé de transporteur et le jeton d’entreprise ne sont pas ceux du même transporteur.';
export const ORIGIN_REFUSED =
  'Ce site n’est pas autorisé à utiliser la clé de ce transporteur\u00a0: ajoutez son adresse aux sites autorisés de la page «\u202fIntégrer à mon site\u202f».';

/** How an operation that takes a key documents its refusals. */
export const KEY_REFUSED = refusal(
  'Clé de transporteur (X-Carrier-Key) inconnue ou remplacée, site non autorisé par ce transporteur, ou clé et jeton de deux transporteurs différents.',
);

/** This server's own origin, as the browser wrote it in Origin: its test page is always allowed. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether a page of this origin may use the carrier's key: a browser always says its origin on
 * a cross-origin call (a call without one comes from a program, which could say anything and is
 * not a page). A carrier who lists no site accepts any (the Réglages say so), the server's own
 * test page is always accepted.
 */
export function originAllowed(site: CarrierSite, origin: string | undefined, own: string): boolean {
  if (origin === undefined || site.allowedOrigins.length === 0) return true;
  return origin === own || site.allowedOrigins.includes(origin);
}

/**
 * Reads the key of every API call that carries one, before its handler (and after the
 * per-address budget, which counts first): a malformed key is a 400, an unknown or replaced
 * one a 403, and a page of a site the carrier did not list a 403, before anything is read or
 * written. The answer to an accepted call names the calling site in
 * Access-Control-Allow-Origin (the preflight cannot: it carries no key).
 */
const carrierKeyHook: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.decorateRequest('site', null);
  app.addHook('preValidation', async (request, reply) => {
    const header = request.headers[CARRIER_KEY_HEADER];
    if (header === undefined || !request.url.startsWith('/api/')) return;
    const parsed = v.safeParse(PublicKeySchema, header);
    if (!parsed.success) throw new HttpError(400, 'Requête invalide', [{ path: CARRIER_KEY_HEADER, message: parsed.issues[0].message }]);
    const site = await findCarrierByKey(sql, parsed.output);
    if (!site) throw new HttpError(403, UNKNOWN_KEY);
    const origin = request.headers.origin;
    if (!originAllowed(site, origin, ownOrigin(request))) throw new HttpError(403, ORIGIN_REFUSED);
    if (origin !== undefined && site.allowedOrigins.length > 0) {
      void reply.header('access-control-allow-origin', origin);
      const vary = reply.getHeader('vary');
      void reply.header('vary', vary ? `${String(vary)}, Origin` : 'Origin');
    }
    request.site = site;
  });
};

export const carrierKeys = fastifyPlugin(carrierKeyHook, { name: 'tqw-carrier-keys', fastify: '5.x' });
