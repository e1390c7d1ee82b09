import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
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
import { announcedDeposit } from '../payments/deposit-settings.ts';
import { companyOf } from './company-of.ts';
import { declareRoute, type RouteInput } from '../http/declare-route.ts';
import { answer, publishSchema, refusal, TOKEN_IN_PATH, type RouteDoc } from '../http/route-schema.ts';
import { QueryText } from '../http/validation.ts';

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

/** The company routes: the token in the path (parsed and documented once), its refusals, and its query when it has one. */
function companyRoute<Q extends v.GenericSchema | undefined = undefined>(
  app: FastifyInstance,
  url: string,
  doc: Pick<RouteDoc, 'operationId' | 'summary' | 'description'> & { querystring?: Q; ok: RouteDoc['answers'][number] },
  handler: (company: CompanyRow, token: string, query: RouteInput<typeof TokenParams, Q, undefined>['query']) => Promise<unknown>,
): void {
  const { ok, ...described } = doc;
  declareRoute(
    app,
    'GET',
    url,
    {
      ...described,
      tags: ['Entreprises'],
      security: TOKEN_IN_PATH,
      params: TokenParams,
      answers: {
        200: ok,
        400: refusal('Jeton ou recherche trop longs (listés dans fields).'),
        404: refusal('Entreprise inconnue.'),
      },
    },
    async ({ params, query }) => handler(await companyOf(app.sql, params.token), params.token, query),
  );
}

/** Everything here is scoped to the company the token opens; nothing of another is reachable. */
/** A company's store, places, contacts and customers, opened by its token. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const { sql } = app;
  companyRoute(
    app,
    '/api/v1/companies/:token',
    {
      operationId: 'lireEntreprise',
      summary: 'Données de l’entreprise',
      description: `Le bloc de données d’entreprise (spec §3) que les éléments lisent en mode entreprise : lieux, contacts, clients, grilles, véhicules. Il porte au plus ${COMPANY_BLOCK_DIRECTORY_MAX} lieux, ${COMPANY_BLOCK_DIRECTORY_MAX} contacts et ${COMPANY_BLOCK_DIRECTORY_MAX} clients, les premiers par ordre alphabétique ; les éléments cherchent les autres avec les recherches ci-dessous (customers_partial vaut true quand des clients manquent au bloc).`,
      ok: answer('Les données de l’entreprise.', CompanyDataSchema),
    },
    async (company, token) =>
      companyStore(
        sql,
        company,
        token,
        await preferredItems(sql, company.id),
        await announcedDeposit(sql, company.id, app.deposits.enabled),
      ),
  );

  // Each search is answered through the schema the elements read it with: the answer is the documented one.
  companyRoute(
    app,
    '/api/v1/companies/:token/places',
    {
      operationId: 'chercherLieux',
      summary: 'Chercher dans les lieux enregistrés',
      description: `Les lieux de l’entreprise dont le nom ou l’adresse contient les mots cherchés, par ordre alphabétique (${RESULTS} au plus).`,
      querystring: SearchQuery,
      ok: answer('Les lieux trouvés.', PlacesAnswer),
    },
    async (company, _token, { q }) => v.parse(PlacesAnswer, await searchPlaces(sql, company.id, q, RESULTS)),
  );

  companyRoute(
    app,
    '/api/v1/companies/:token/contacts',
    {
      operationId: 'chercherContacts',
      summary: 'Chercher dans les contacts',
      description: `Les contacts de l’entreprise dont le nom ou l’adresse électronique contient les mots cherchés (${RESULTS} au plus).`,
      querystring: SearchQuery,
      ok: answer('Les contacts trouvés (nom, téléphone).', ContactsAnswer),
    },
    async (company, _token, { q }) => v.parse(ContactsAnswer, await searchContacts(sql, company.id, q, RESULTS)),
  );

  companyRoute(
    app,
    '/api/v1/companies/:token/customers',
    {
      operationId: 'chercherClients',
      summary: 'Chercher dans les clients',
      description: `Les clients de l’entreprise dont le nom, la référence ou l’adresse électronique contiennent les mots cherchés, par ordre alphabétique (${RESULTS} au plus). Les éléments s’en servent quand le bloc de l’entreprise ne porte pas tous ses clients (customers_partial).`,
      querystring: SearchQuery,
      ok: answer('Les clients trouvés.', CustomersAnswer),
    },
    async (company, _token, { q }) => v.parse(CustomersAnswer, await searchCustomers(sql, company.id, q, RESULTS)),
  );
};
