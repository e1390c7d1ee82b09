import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  ApiContactSchema,
  ApiCustomerSchema,
  COMPANY_BLOCK_DIRECTORY_MAX,
  CompanyDataSchema,
  SavedPlaceSchema,
} from 'transport-quote-wizard/domain';
import { searchContacts, searchCustomers, searchPlaces, type CompanyRow } from '../db/companies-repo.ts';
import { companyStore } from '../companies/company-block.ts';
import { preferredItems } from '../db/items-repo.ts';
import type { Sql } from '../db/sql.ts';
import { companyOf } from './company-of.ts';
import { answer, publishSchema, refusal, routeSchema, TOKEN_IN_PATH, type RouteDoc } from '../http/route-schema.ts';
import { parseOr400, QueryText } from '../http/validation.ts';

publishSchema('CompanyData', CompanyDataSchema, 'answer');
publishSchema('SavedPlace', SavedPlaceSchema, 'answer');
publishSchema('Contact', ApiContactSchema, 'answer');
publishSchema('Customer', ApiCustomerSchema, 'answer');

const TokenParams = v.object({
  token: v.pipe(
    v.string(),
    v.maxLength(200),
    v.description('Le jeton de l’entreprise : il ouvre toutes ses données, à ne donner qu’à ses propres pages.'),
  ),
});
const SearchQuery = v.object({
  q: v.optional(v.pipe(QueryText, v.description('Mots cherchés (sans accents ni majuscules requis) ; vide : tout.')), ''),
});
const PlacesAnswer = v.array(SavedPlaceSchema);
const ContactsAnswer = v.array(ApiContactSchema);
const CustomersAnswer = v.array(ApiCustomerSchema);
const RESULTS = 20;

/** The company the token in the path opens. */
async function pathCompany(sql: Sql, request: FastifyRequest): Promise<{ company: CompanyRow; token: string }> {
  const { token } = parseOr400(TokenParams, request.params);
  return { company: await companyOf(sql, token), token };
}

/** What the company routes share: the token in the path, and its refusals. */
const companyRoute = (
  doc: Pick<RouteDoc, 'operationId' | 'summary' | 'description' | 'querystring'> & { ok: RouteDoc['answers'][number] },
) =>
  routeSchema({
    ...doc,
    tags: ['Entreprises'],
    security: TOKEN_IN_PATH,
    params: TokenParams,
    answers: {
      200: doc.ok,
      400: refusal('Jeton ou recherche trop longs (listés dans fields).'),
      404: refusal('Entreprise inconnue.'),
    },
  });

/** Everything here is scoped to the company the token opens; nothing of another is reachable. */
/** A company's store, places, contacts and customers, opened by its token. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const { sql } = app;
  const storeSchema = companyRoute({
    operationId: 'lireEntreprise',
    summary: 'Données de l’entreprise',
    description: `Le bloc de données d’entreprise (spec §3) que les éléments lisent en mode entreprise : lieux, contacts, clients, grilles, véhicules. Il porte au plus ${COMPANY_BLOCK_DIRECTORY_MAX} lieux, ${COMPANY_BLOCK_DIRECTORY_MAX} contacts et ${COMPANY_BLOCK_DIRECTORY_MAX} clients, les premiers par ordre alphabétique ; les éléments cherchent les autres avec les recherches ci-dessous (customers_partial vaut true quand des clients manquent au bloc).`,
    ok: answer('Les données de l’entreprise.', CompanyDataSchema),
  });
  app.get('/api/v1/companies/:token', { schema: storeSchema }, async (request) => {
    const { company, token } = await pathCompany(sql, request);
    return companyStore(sql, company, token, await preferredItems(sql, company.id));
  });

  const placesSchema = companyRoute({
    operationId: 'chercherLieux',
    summary: 'Chercher dans les lieux enregistrés',
    description: `Les lieux de l’entreprise dont le nom ou l’adresse contient les mots cherchés, par ordre alphabétique (${RESULTS} au plus).`,
    querystring: SearchQuery,
    ok: answer('Les lieux trouvés.', PlacesAnswer),
  });
  app.get('/api/v1/companies/:token/places', { schema: placesSchema }, async (request) => {
    const { company } = await pathCompany(sql, request);
    // Parsed with the schema the elements read them with: the answer is the documented one.
    return v.parse(PlacesAnswer, await searchPlaces(sql, company.id, parseOr400(SearchQuery, request.query).q, RESULTS));
  });

  const contactsSchema = companyRoute({
    operationId: 'chercherContacts',
    summary: 'Chercher dans les contacts',
    description: `Les contacts de l’entreprise dont le nom ou l’adresse électronique contient les mots cherchés (${RESULTS} au plus).`,
    querystring: SearchQuery,
    ok: answer('Les contacts trouvés (nom, téléphone).', ContactsAnswer),
  });
  app.get('/api/v1/companies/:token/contacts', { schema: contactsSchema }, async (request) => {
    const { company } = await pathCompany(sql, request);
    return v.parse(ContactsAnswer, await searchContacts(sql, company.id, parseOr400(SearchQuery, request.query).q, RESULTS));
  });

  const customersSchema = companyRoute({
    operationId: 'chercherClients',
    summary: 'Chercher dans les clients',
    description: `Les clients de l’entreprise dont le nom, la référence ou l’adresse électronique contiennent les mots cherchés, par ordre alphabétique (${RESULTS} au plus). Les éléments s’en servent quand le bloc de l’entreprise ne porte pas tous ses clients (customers_partial).`,
    querystring: SearchQuery,
    ok: answer('Les clients trouvés.', CustomersAnswer),
  });
  app.get('/api/v1/companies/:token/customers', { schema: customersSchema }, async (request) => {
    const { company } = await pathCompany(sql, request);
    return v.parse(CustomersAnswer, await searchCustomers(sql, company.id, parseOr400(SearchQuery, request.query).q, RESULTS));
  });
};
