import type { FieldError } from 'transport-quote-wizard/domain';

/**
 * The server cannot price now, through no fault of the request: the sandbox could not run a
 * grid's code (saturated, its worker lost), or the carrier's own records cannot be read. It
 * answers 503 with Retry-After and a French message (and the record's fields at fault), stores
 * nothing, and is never a price of 0.
 */
export class PricingUnavailable extends Error {
  /** The answer's status: 503, or 429 when the company spent its own share (SandboxBudgetSpent). */
  readonly status: 503 | 429 = 503;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly fields?: FieldError[],
  ) {
    super(message);
  }
}

/**
 * The company (or the carrier's public pages) spent its sandbox time of the minute: only its own
 * quotes wait, with 429 and Retry-After, the rate limits' answer to a client asking too much.
 */
export class SandboxBudgetSpent extends PricingUnavailable {
  override readonly status = 429;
}
