import type { ChoiceProblem } from 'transport-quote-wizard/domain';

/**
 * What the pricing refuses, said in its own terms: it knows nothing of HTTP. The server's one
 * error handler (app.ts) turns each into its answer.
 */

/** Choices the carrier's records refuse, each named (an HTTP 422). */
export class ChoicesRefused extends Error {
  constructor(
    readonly problems: readonly ChoiceProblem[],
    /** The answer's own sentence, when one refusal says it all (a day that cannot be booked). */
    message = 'Choix refusés par le transporteur',
  ) {
    super(message);
  }
}

/** The price a booking carries is not, or no longer, the carrier's: the fresh quote goes back (an HTTP 409). */
export class PriceChanged extends Error {
  constructor(
    message: string,
    /** The fresh quote, as the quote service issues it (IssuedQuote), sent back as it is. */
    readonly quote: unknown,
  ) {
    super(message);
  }
}
