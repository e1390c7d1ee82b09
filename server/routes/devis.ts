import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { findQuote } from '../db/quotes-repo.ts';
import type { Sql } from '../db/sql.ts';
import { routeSchema, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { renderNotFoundPage } from '../pages/dashboard-page.ts';
import { devisBrandStyle, renderDevisPage } from '../pages/devis-page.ts';
import { companyRecord } from '../pricing/carrier-records.ts';
import { findLogo, logoFile } from '../db/company-profile.ts';
import { createHash } from 'node:crypto';
import { bookingPageHeaders } from './dashboard.ts';
import { findTravel, findTravelTokenHash, type StoredTravel } from '../db/travels-repo.ts';
import { devisTokenMatches, tokenMatches } from '../security/tokens.ts';
import { IdParams, presentedToken } from './travels.ts';
import { devisDeposit } from '../payments/devis-deposit.ts';

/**
 * /devis/{id}?token=…: the devis of a booking, for the customer to print or save as a PDF, from
 * the success panel and the edit link (the booking's token), or from the confirmation e-mail
 * (its read-only devis token). Its figures are those of the quote that priced it.
 */
/** A page policy that also allows one inline style element, by the hash of its text. */
function withStyleHash(policy: string, style: string): string {
  const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  return policy.replace("style-src 'self'", `style-src 'self' ${hash}`);
}

/** Compared against when the id is unknown, so that case takes the same time as a wrong token. */
const UNKNOWN_TRAVEL_HASH = '0'.repeat(64);

/**
 * The booking a devis link opens: its edit token (the element's success panel holds it), or
 * its read-only devis token (the e-mail's link). Anything else answers as an unknown id.
 */
export async function openDevis(sql: Sql, request: FastifyRequest, devisKey: Buffer): Promise<StoredTravel> {
  const params = v.safeParse(IdParams, request.params);
  const id = params.success ? Number(params.output.id) : null;
  const storedHash = id === null ? null : await findTravelTokenHash(sql, id);
  const hash = storedHash ?? UNKNOWN_TRAVEL_HASH;
  const presented = presentedToken(request);
  // Both compared, whatever the first says: the answer's time tells nothing of which token it was.
  const byEditToken = tokenMatches(presented, hash);
  const byDevisToken = devisTokenMatches(presented, devisKey, id ?? 0, hash);
  if (storedHash === null || !(byEditToken || byDevisToken)) throw new HttpError(404, 'Réservation introuvable');
  const travel = await findTravel(sql, id!);
  if (!travel) throw new HttpError(404, 'Réservation introuvable');
  return travel;
}

/** The printable devis of a booking. */
export const devisRoutes: FastifyPluginAsync<{ devisKey: Buffer }> = async (app, { devisKey }) => {
  const { sql, publicPricing } = app;
  const schema = routeSchema({
    operationId: 'devisImprimable',
    tags: ['Devis'],
    summary: 'Devis imprimable d’une réservation',
    description:
      'La page HTML (en français) du devis, à imprimer ou à enregistrer en PDF : le prix du devis qui a chiffré la réservation. ' +
      'Elle s’ouvre avec le jeton de la réservation, ou avec le jeton de lecture seule du lien de l’e-mail de confirmation, qui n’ouvre rien d’autre.',
    security: TRAVEL_TOKEN,
    params: IdParams,
    answers: {
      200: { description: 'Le devis, en HTML.', html: true },
      404: {
        description: 'Réservation introuvable (numéro inconnu, jeton absent ou faux), ou réservation sans devis, en HTML.',
        html: true,
      },
    },
  });
  app.get('/devis/:id', { schema }, async (request, reply) => {
    bookingPageHeaders(reply);
    try {
      const travel = await openDevis(sql, request, devisKey);
      const quote = travel.quote_id ? await findQuote(sql, travel.quote_id) : null;
      if (!quote) throw new HttpError(404, 'Réservation sans devis');
      let carrier = publicPricing.transportation_company;
      // The company that made it, or the carrier whose public page (its key) it was made on.
      const owner = travel.company_id ?? travel.carrier_id;
      if (owner !== null) {
        const row = await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [owner]);
        // The record checked as it is read: one that cannot be read is a 503 naming its fields, never a 500.
        carrier = row ? companyRecord(row.store_json).transportation_company : null;
      }
      const stored = owner === null ? null : await findLogo(sql, owner);
      const logo = stored ? { src: `/logos/${logoFile(stored)}`, width: stored.width, height: stored.height } : null;
      // The carrier's colour is the page's one inline style, allowed by its hash and nothing else.
      const style = devisBrandStyle(carrier);
      if (style) void reply.header('content-security-policy', withStyleHash(String(reply.getHeader('content-security-policy')), style));
      const deposit = await devisDeposit(app.deposits, sql, travel, request, reply);
      return renderDevisPage({
        travelId: travel.id,
        payload: travel.payload,
        quote,
        carrier,
        priceSource: travel.price_source,
        logo,
        deposit,
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.code(404).send(renderNotFoundPage(false));
      throw error;
    }
  });
};
