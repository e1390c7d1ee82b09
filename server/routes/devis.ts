import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { CompanyDataSchema } from 'transport-quote-wizard/domain';
import { findQuote } from '../db/quotes-repo.ts';
import { routeSchema, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { renderNotFoundPage } from '../pages/dashboard-page.ts';
import { devisBrandStyle, renderDevisPage } from '../pages/devis-page.ts';
import { findLogo, logoFile } from '../db/company-profile.ts';
import { createHash } from 'node:crypto';
import { bookingPageHeaders } from './dashboard.ts';
import { IdParams, openTravel } from './travels.ts';

/**
 * /devis/{id}?token=…: the devis of a booking, for the customer to print or save as a PDF, from
 * the success panel and the edit link. Its figures are those of the quote that priced it.
 */
/** A page policy that also allows one inline style element, by the hash of its text. */
function withStyleHash(policy: string, style: string): string {
  const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  return policy.replace("style-src 'self'", `style-src 'self' ${hash}`);
}

/** The printable devis of a booking. */
export const devisRoutes: FastifyPluginAsync = async (app) => {
  const { sql, publicPricing } = app;
  const schema = routeSchema({
    operationId: 'devisImprimable',
    tags: ['Devis'],
    summary: 'Devis imprimable d’une réservation',
    description: 'La page HTML (en français) du devis, à imprimer ou à enregistrer en PDF : le prix du devis qui a chiffré la réservation.',
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
      const travel = await openTravel(sql, request);
      const quote = travel.quote_id ? await findQuote(sql, travel.quote_id) : null;
      if (!quote) throw new HttpError(404, 'Réservation sans devis');
      let carrier = publicPricing.transportation_company;
      // The company that made it, or the carrier whose public page (its key) it was made on.
      const owner = travel.company_id ?? travel.carrier_id;
      if (owner !== null) {
        const row = await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [owner]);
        carrier = row ? v.parse(CompanyDataSchema, JSON.parse(row.store_json)).transportation_company : null;
      }
      const stored = owner === null ? null : await findLogo(sql, owner);
      const logo = stored ? { src: `/logos/${logoFile(stored)}`, width: stored.width, height: stored.height } : null;
      // The carrier's colour is the page's one inline style, allowed by its hash and nothing else.
      const style = devisBrandStyle(carrier);
      if (style) void reply.header('content-security-policy', withStyleHash(String(reply.getHeader('content-security-policy')), style));
      return renderDevisPage({ travelId: travel.id, payload: travel.payload, quote, carrier, logo });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.code(404).send(renderNotFoundPage(false));
      throw error;
    }
  });
};
