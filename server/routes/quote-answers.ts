// What the quote routes (quotes.ts) answer, as their contract publishes it: the domain's own
// schema of a quote, the one the elements parse it with.
import type * as v from 'valibot';
import { DayQuotesRequestSchema, DayQuotesSchema as DomainDayQuotesSchema, QuoteRequestSchema } from 'transport-quote-wizard/domain';
import type { DayQuotes } from 'transport-quote-wizard/domain';
import { QuoteSchema as DomainQuoteSchema } from 'transport-quote-wizard/domain';
import { publishSchema } from '../http/route-schema.ts';
import type { IssuedQuote } from '../pricing/quote-service.ts';

publishSchema('QuoteRequest', QuoteRequestSchema, 'request');

export const QuoteSchema = publishSchema('Quote', DomainQuoteSchema, 'answer');

// What the server answers is what the contract publishes: a change to either stops the build.
const _quoteIsDocumented: v.InferOutput<typeof QuoteSchema> = {} as IssuedQuote;

// A range of days priced together (the day chosen by its price): its request and its answer.
publishSchema('DayQuotesRequest', DayQuotesRequestSchema, 'request');
export const DayQuotesSchema = publishSchema('DayQuotes', DomainDayQuotesSchema, 'answer');
const _daysAreDocumented: v.InferOutput<typeof DayQuotesSchema> = {} as DayQuotes;
