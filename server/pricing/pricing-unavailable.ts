import type { FieldError } from 'transport-quote-wizard/domain';

/**
 * The server cannot price now, through no fault of the request: the sandbox could not run a
 * grid's code (saturated, its worker lost), or the carrier's own records cannot be read. It
 * answers 503 with Retry-After and a French message (and the record's fields at fault), stores
 * nothing, and is never a price of 0.
 */
export class PricingUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly fields?: FieldError[],
  ) {
    super(message);
  }
}
