import type { QuoteFigures, TravelPayload } from 'transport-quote-wizard/domain';
import { bookingSummary, type BookingSummary } from '../db/booking-summary.ts';
import type { StoredTravel } from '../db/travels-repo.ts';

/**
 * The stored summary of a booking given a new price (the carrier's own quote, `figures`) or
 * moved to another day without one: the totals from the new figures, and what the price does not
 * change kept from the booking (its priced lines, handling, items' volumes, and, for the
 * carrier's price, the customer's changes since the booking was made).
 */
export function repricedSummary(
  travel: Pick<StoredTravel, 'summary'>,
  payload: TravelPayload,
  figures: QuoteFigures | null,
  { keepChanges }: { keepChanges: boolean },
): BookingSummary {
  const kept = travel.summary;
  const base = figures ? bookingSummary(payload, figures) : (kept ?? bookingSummary(payload, null));
  return {
    ...base,
    ...(kept?.lines ? { lines: kept.lines } : {}),
    ...(kept?.handling ? { handling: kept.handling } : {}),
    ...(kept?.item_volumes ? { item_volumes: kept.item_volumes } : {}),
    ...(keepChanges && kept?.changes ? { changes: kept.changes } : {}),
  };
}
