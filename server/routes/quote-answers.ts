// What the quote routes (quotes.ts) answer, as their contract publishes it: the domain's own
// schema of a quote, the one the elements parse it with.
import type * as v from 'valibot';
import { QuoteRequestSchema } from 'transport-quote-wizard/domain';
import { QuoteSchema as DomainQuoteSchema } from 'transport-quote-wizard/domain';
import { publishSchema } from '../http/route-schema.ts';
import type { IssuedQuote } from '../pricing/quote-service.ts';

publishSchema('QuoteRequest', QuoteRequestSchema, 'request');

export const QuoteSchema = publishSchema('Quote', DomainQuoteSchema, 'answer');

// What the server answers is what the contract publishes: a change to either stops the build.
const _quoteIsDocumented: v.InferOutput<typeof QuoteSchema> = {} as IssuedQuote;
