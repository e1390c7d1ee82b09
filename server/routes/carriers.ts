import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { CompanyDataSchema, type CompanyData, type DepositTerms } from 'transport-quote-wizard/domain';
import { readCompanyStore } from '../db/company-store.ts';
import { preferredItems } from '../db/items-repo.ts';
import { carrierPresets } from '../db/presets-repo.ts';
import { announcedDeposit } from '../payments/deposit-settings.ts';
import { answer, refusal, routeSchema, PUBLIC_OR_CARRIER_KEY } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { publicRecordsOf } from '../pricing/carrier-records.ts';

export const KEY_NEEDED =
  'Cette adresse demande la clé publique du transporteur (en-tête X-Carrier-Key, attribut carrier-key des éléments)\u00a0: aucune entreprise ne tient les pages sans clé (PUBLIC_COMPANY_ID sans PUBLIC_PRICING_FILE).';

/**
 * What a carrier's public page may know of it: its references (name, contacts, SIRET, terms),
 * its VAT, rates, vehicles and public grid, so the page's estimate is the quote's; never its
 * token, places, contacts, customers, nor its intranet's grids.
 */
export function publicCompanyOf(
  storeJson: string,
  preferredItems: unknown[],
  presets: unknown[] = [],
  deposit: DepositTerms | null = null,
): CompanyData {
  const { places: _p, contacts: _c, customers: _u, company_token: _t, customer: _k, ...records } = publicRecordsOf(storeJson);
  return v.parse(CompanyDataSchema, { ...records, id: null, preferred_items: preferredItems, home_presets: presets, deposit });
}

/**
 * GET /api/v1/carrier: the carrier a page's key names, as its elements read it; without a key,
 * the company the keyless pages belong to, whose records price them (carrier-records.ts).
 */
export const carrierRoutes: FastifyPluginAsync = async (app) => {
  const schema = routeSchema({
    operationId: 'lireTransporteur',
    tags: ['Entreprises'],
    summary: 'Le transporteur d’une page publique',
    description:
      'Les données publiques du transporteur dont la page porte la clé (attribut carrier-key, en-tête X-Carrier-Key) : ses références, ' +
      'sa TVA, ses tarifs de manutention, ses véhicules et sa grille publique, ses options, son acompte et ses inventaires types, en mode visiteur. Jamais son jeton, ses lieux, contacts ou clients. ' +
      'Sans clé : l’entreprise à laquelle appartiennent les pages sans clé (PUBLIC_COMPANY_ID), dont les réglages chiffrent ces pages (sauf PUBLIC_PRICING_FILE).',
    security: PUBLIC_OR_CARRIER_KEY,
    answers: {
      200: answer('Les données publiques du transporteur.', CompanyDataSchema),
      400: refusal('Clé mal formée, ou absente alors qu’aucune entreprise ne chiffre les pages sans clé.'),
      403: refusal('Clé inconnue ou remplacée, ou site non autorisé par le transporteur.'),
    },
  });
  app.get('/api/v1/carrier', { schema }, async (request) => {
    const site = request.site;
    const data = site ? await carrierData(app, site.id, site.store_json) : await keylessCarrierData(app);
    if (data === null) throw new HttpError(400, KEY_NEEDED);
    return data;
  });
};

/** A carrier's public data, as its key's pages read it: its records, favourite items, presets and the deposit it announces. */
async function carrierData(app: FastifyInstance, id: number, storeJson: string): Promise<CompanyData> {
  const deposit = await announcedDeposit(app.sql, id, app.deposits.enabled);
  return publicCompanyOf(storeJson, await preferredItems(app.sql, id), await carrierPresets(app.sql, id), deposit);
}

/**
 * The public data of the company whose records price the keyless pages (app.ts), or null when
 * none does: what a page without a key shows, as its key's pages would (the demo's pages fill
 * their data block with it).
 */
export async function keylessCarrierData(app: FastifyInstance): Promise<CompanyData | null> {
  const id = app.keylessCompany;
  const storeJson = id === null ? null : await readCompanyStore(app.sql, id);
  return id === null || storeJson === null ? null : carrierData(app, id, storeJson);
}
