import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { CompanyDataSchema, type CompanyData, type DepositTerms } from 'transport-quote-wizard/domain';
import type { CarrierSite } from '../db/carrier-keys.ts';
import { preferredItems } from '../db/items-repo.ts';
import { carrierPresets } from '../db/presets-repo.ts';
import { announcedDeposit } from '../payments/deposit-settings.ts';
import { answer, refusal, routeSchema, CARRIER_KEY } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { publicRecordsOf } from '../pricing/carrier-records.ts';

export const KEY_NEEDED =
  'Cette adresse demande la clé publique du transporteur (en-tête X-Carrier-Key, attribut carrier-key des éléments).';

/**
 * What a carrier's public page may know of it: its references (name, contacts, SIRET, terms),
 * its VAT, rates, vehicles and public grid, so the page's estimate is the quote's; never its
 * token, places, contacts, customers, nor its intranet's grids.
 */
export function publicCompanyOf(
  site: CarrierSite,
  preferredItems: unknown[],
  presets: unknown[] = [],
  deposit: DepositTerms | null = null,
): CompanyData {
  const { places: _p, contacts: _c, customers: _u, company_token: _t, customer: _k, ...records } = publicRecordsOf(site.store_json);
  return v.parse(CompanyDataSchema, { ...records, id: null, preferred_items: preferredItems, home_presets: presets, deposit });
}

/** GET /api/v1/carrier: the carrier a page's key names, as its elements read it. */
export const carrierRoutes: FastifyPluginAsync = async (app) => {
  const { sql } = app;
  const schema = routeSchema({
    operationId: 'lireTransporteur',
    tags: ['Entreprises'],
    summary: 'Le transporteur d’une page publique',
    description:
      'Les données publiques du transporteur dont la page porte la clé (attribut carrier-key, en-tête X-Carrier-Key) : ses références, ' +
      'sa TVA, ses tarifs de manutention, ses véhicules et sa grille publique, ses options, son acompte et ses inventaires types, en mode visiteur. Jamais son jeton, ses lieux, contacts ou clients.',
    security: CARRIER_KEY,
    answers: {
      200: answer('Les données publiques du transporteur.', CompanyDataSchema),
      400: refusal('Clé absente ou mal formée.'),
      403: refusal('Clé inconnue ou remplacée, ou site non autorisé par le transporteur.'),
    },
  });
  app.get('/api/v1/carrier', { schema }, async (request) => {
    const site = request.site;
    if (!site) throw new HttpError(400, KEY_NEEDED);
    const deposit = await announcedDeposit(sql, site.id, app.deposits.enabled);
    return publicCompanyOf(site, await preferredItems(sql, site.id), await carrierPresets(sql, site.id), deposit);
  });
};
