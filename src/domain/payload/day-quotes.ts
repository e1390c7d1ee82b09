import * as v from 'valibot';
import { DaySchema } from '../entities/common.ts';
import { QuoteSchema, type Quote } from '../quotes/quote-answer.ts';
import { QuoteRequestSchema } from '../quotes/quote-request.ts';
import type { DayAvailability } from '../tariff/day-rules.ts';

/**
 * The day chosen by its price (issue 45): one request prices the same trip on a range of
 * consecutive days, and the server answers each day with its own signed quote, or why the day
 * cannot be booked. The choices are a quote request's, without its date.
 */

/** Why a full day cannot be booked (apart from MESSAGES: the first panel's script does not carry it). */
export const FULL_DAY = 'Le transporteur est complet ce jour-là\u00a0: choisissez une autre date.';

/** Days one request prices at most (a month); the calendar asks for 14 at a time. */
export const DAY_QUOTES_MAX = 31;
/**
 * What the calendar shows first, and adds at each 'Voir 14 jours de plus' (not 'Voir les jours
 * suivants': a button named so would also answer to 'Suivant', the wizard's next step).
 */
export const DAY_QUOTES_PAGE = 14;

const { date: _date, ...choices } = QuoteRequestSchema.entries;

/** What `POST /api/v1/quotes/days` takes: the visitor's choices, the first day, how many days. */
export const DayQuotesRequestSchema = v.object({
  ...choices,
  from: v.pipe(DaySchema, v.description('Le premier jour à chiffrer (aaaa-mm-jj), aujourd’hui au plus tôt.')),
  days: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1, 'Au moins un jour'),
    v.maxValue(DAY_QUOTES_MAX, `Au plus ${DAY_QUOTES_MAX} jours par demande`),
    v.description('Combien de jours consécutifs chiffrer.'),
  ),
});
export type DayQuotesRequestInput = v.InferInput<typeof DayQuotesRequestSchema>;
export type DayQuotesRequest = v.InferOutput<typeof DayQuotesRequestSchema>;

/** Whether a day can be booked: open, closed by the carrier's tariff, full (its daily capacity taken by accepted bookings), or sooner than its notice. */
export const DAY_STATUSES = ['open', 'closed', 'full', 'too_soon'] as const satisfies readonly DayAvailability[];

export const DayQuoteSchema = v.object({
  date: DaySchema,
  status: v.pipe(
    v.picklist(DAY_STATUSES),
    v.description(
      'open : réservable ; closed : jour fermé du transporteur ; full : sa capacité du jour est prise par des réservations acceptées ; too_soon : avant le délai de réservation du transporteur.',
    ),
  ),
  quote: v.pipe(v.nullable(QuoteSchema), v.description('Le devis signé de ce jour ; null pour un jour fermé ou complet.')),
});
export type DayQuote = v.InferOutput<typeof DayQuoteSchema>;

/** What `POST /api/v1/quotes/days` answers: each day in order, and the cheapest open one. */
export const DayQuotesSchema = v.object({
  days: v.array(DayQuoteSchema),
  cheapest: v.pipe(
    v.nullable(DaySchema),
    v.description('Le jour ouvert au total le plus bas (le premier en cas d’égalité) ; null quand aucun n’a de prix.'),
  ),
});
export type DayQuotes = v.InferOutput<typeof DayQuotesSchema>;

/** A quote that gives a price to book at: no grid error, a total above 0. */
function priced(quote: Quote | null): quote is Quote {
  return quote !== null && quote.figures.pool_error === null && quote.figures.total > 0;
}

/** The open day with the lowest total (the first one on a tie): 'Le moins cher'. */
export function cheapestDay(days: readonly Pick<DayQuote, 'date' | 'status' | 'quote'>[]): string | null {
  let best: { date: string; total: number } | null = null;
  for (const day of days) {
    if (day.status !== 'open' || !priced(day.quote)) continue;
    if (!best || day.quote.figures.total < best.total) best = { date: day.date, total: day.quote.figures.total };
  }
  return best?.date ?? null;
}
