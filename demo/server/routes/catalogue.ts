import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { findCompanyByToken } from '../db/companies-repo.ts';
import type { Sql } from '../db/sql.ts';
import { DEFAULT_SEARCH_LIMIT, type ItemCatalogue } from '../db/items-repo.ts';
import { bearerToken, HttpError, parseOr400, QueryInteger, QueryText } from '../http/validation.ts';

const SearchQuery = v.object({ q: v.optional(QueryText, ''), c: v.optional(QueryInteger), limit: v.optional(QueryInteger) });

export function catalogueRoutes(app: FastifyInstance, sql: Sql, catalogue: ItemCatalogue): void {
  /** Spec §7: an array of items; '5 tables' searches 'tables'. */
  app.get('/api/v1/items/search', async (request, reply) => {
    const query = parseOr400(SearchQuery, request.query);
    let companyId: number | null = null;
    if (query.c !== undefined) {
      // A company's own items are private: `c` is honoured only with that company's token.
      const token = bearerToken(request.headers);
      const company = token ? await findCompanyByToken(sql, token) : null;
      if (!company || company.id !== query.c)
        throw new HttpError(403, 'Le catalogue d’une entreprise demande son jeton (en-tête Authorization: Bearer).');
      companyId = company.id;
    }
    return reply
      .type('application/json; charset=utf-8')
      .send(catalogue.searchJson(query.q, companyId, query.limit ?? DEFAULT_SEARCH_LIMIT));
  });
}
