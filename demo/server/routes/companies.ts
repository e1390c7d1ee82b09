import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  companyStore,
  findCompanyByToken,
  preferredItemNames,
  searchContacts,
  searchPlaces,
  type CompanyRow,
} from '../db/companies-repo.ts';
import type { Sql } from '../db/sql.ts';
import type { ItemCatalogue } from '../db/items-repo.ts';
import { HttpError, parseOr400, QueryText } from '../http/validation.ts';

const TokenParams = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });
const SearchQuery = v.object({ q: v.optional(QueryText, '') });
const RESULTS = 20;

async function companyOf(sql: Sql, request: FastifyRequest): Promise<{ company: CompanyRow; token: string }> {
  const { token } = parseOr400(TokenParams, request.params);
  const company = await findCompanyByToken(sql, token);
  if (!company) throw new HttpError(404, 'Entreprise inconnue');
  return { company, token };
}

/** Everything here is scoped to the company the token opens; nothing of another is reachable. */
export function companyRoutes(app: FastifyInstance, sql: Sql, catalogue: ItemCatalogue): void {
  app.get('/api/v1/companies/:token', async (request) => {
    const { company, token } = await companyOf(sql, request);
    return companyStore(sql, company, token, catalogue.byNames(preferredItemNames(company)));
  });

  app.get('/api/v1/companies/:token/places', async (request) => {
    const { company } = await companyOf(sql, request);
    return searchPlaces(sql, company.id, parseOr400(SearchQuery, request.query).q, RESULTS);
  });

  app.get('/api/v1/companies/:token/contacts', async (request) => {
    const { company } = await companyOf(sql, request);
    return searchContacts(sql, company.id, parseOr400(SearchQuery, request.query).q, RESULTS);
  });
}
