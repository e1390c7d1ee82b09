import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { QuoteRequestSchema } from '../../../src/domain/index.ts';
import { findCompanyByToken } from '../db/companies-repo.ts';
import { findQuote } from '../db/quotes-repo.ts';
import type { Sql } from '../db/sql.ts';
import { HttpError, parseOr400 } from '../http/validation.ts';
import type { QuoteService } from '../pricing/quote-service.ts';

const QuoteParams = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{10,64}$/)) });

/** POST /api/v1/quotes: the price the carrier commits to, until when, signed; GET to read one again by its id. */
export function quoteRoutes(app: FastifyInstance, sql: Sql, quotes: QuoteService): void {
  app.post('/api/v1/quotes', async (request, reply) => {
    const { company_token: companyToken, ...choices } = parseOr400(QuoteRequestSchema, request.body);
    let companyId: number | null = null;
    if (companyToken !== undefined) {
      const company = await findCompanyByToken(sql, companyToken);
      if (!company) throw new HttpError(404, 'Entreprise inconnue');
      companyId = company.id;
    }
    return reply.code(201).send(await quotes.issue(choices, companyId));
  });

  app.get('/api/v1/quotes/:id', async (request) => {
    const params = v.safeParse(QuoteParams, request.params);
    const quote = params.success ? await findQuote(sql, params.output.id) : null;
    if (!quote) throw new HttpError(404, 'Devis introuvable');
    return { id: quote.id, expires_at: quote.expires_at, signature: quote.signature, figures: quote.figures };
  });
}
