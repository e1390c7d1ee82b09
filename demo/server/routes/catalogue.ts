import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { companyExists } from '../db/companies-repo.ts';
import type { Db } from '../db/database.ts';
import { DEFAULT_SEARCH_LIMIT, type ItemCatalogue } from '../db/items-repo.ts';
import { parseOr400, QueryInteger, QueryText } from '../http/validation.ts';

const SearchQuery = v.object({ q: v.optional(QueryText, ''), c: v.optional(QueryInteger), limit: v.optional(QueryInteger) });

export function catalogueRoutes(app: FastifyInstance, db: Db, catalogue: ItemCatalogue): void {
  /** Spec §7: an array of items; '5 tables' searches 'tables'. */
  app.get('/api/v1/items/search', async (request) => {
    const query = parseOr400(SearchQuery, request.query);
    const companyId = query.c !== undefined && companyExists(db, query.c) ? query.c : null;
    return catalogue.search(query.q, companyId, query.limit ?? DEFAULT_SEARCH_LIMIT);
  });
}
