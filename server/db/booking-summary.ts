import {
  additionalCosts,
  DEFAULT_VAT,
  optionsTotal,
  searchWords,
  totalVolume,
  type QuoteFigures,
  type TravelPayload,
} from 'transport-quote-wizard/domain';
import type { PricingFacts } from '../pricing/booking-pricing.ts';
import type { PriceLine } from '../pricing/company-prices.ts';
import type { BookingChanges } from '../bookings/booking-changes.ts';

/**
 * What the back office's list shows of a booking and what its search reads, kept in two
 * columns written with the booking, so the list never parses a whole body (a 50-stop booking
 * weighs 250 KiB) and the search runs in the database.
 */
export interface BookingSummary {
  first: string;
  last: string;
  stops: number;
  /** m³ of goods. */
  volume: number;
  /** Cents, VAT included and not. */
  total: number;
  total_ht: number;
  phone: string;
  email: string;
  /** The prices the company set, line by line (absent on bookings written before they were listed). */
  lines?: PriceLine[];
  /** The handling booked beside the server's estimate; `low` when it falls far below it. */
  handling?: PricingFacts['handling'];
  /** m³ per unit of each item as priced. */
  item_volumes?: number[];
  /** Why there is no price yet, for a price to set ('Prix non disponible : …'). */
  unavailable?: string | null;
  /** What the customer's last edit changed, for the carrier to see before answering again. */
  changes?: BookingChanges | null;
}

/**
 * The figures of the stored price: its quote's volume and expenses when it has one (a
 * company's fixed price keeps the quote's expenses beside its own transport and handling).
 */
export function bookingSummary(
  payload: TravelPayload,
  figures: QuoteFigures | null,
  facts: PricingFacts | null = null,
  changes: BookingChanges | null = null,
): BookingSummary {
  const travel = payload.travel;
  // Without its quote's figures (a booking stored before quotes), its VAT is the one its own
  // transport price was stored at (TTC over HT, to four places); the spec's 20 % when it has none.
  const vat =
    travel.price_transportation_ht > 0
      ? Math.round((travel.price_transportation / travel.price_transportation_ht - 1) * 10_000) / 10_000
      : DEFAULT_VAT;
  const costs = figures ? figures.additional_costs : Math.round(additionalCosts(payload.items, vat) * 100);
  const costsHt = figures ? figures.total_ht - figures.price_transportation_ht - figures.price_handling_ht : Math.round(costs / (1 + vat));
  return {
    first: payload.addresses[0]?.address_complete ?? '',
    last: payload.addresses.at(-1)?.address_complete ?? '',
    stops: payload.addresses.length,
    volume: figures ? figures.volume : totalVolume(payload.items),
    total: travel.price_transportation + travel.price_handling + costs + (figures?.options ? optionsTotal(figures.options) : 0),
    total_ht: travel.price_transportation_ht + travel.price_handling_ht + costsHt,
    phone: payload.customer.phone_number,
    email: payload.customer.email,
    ...(facts ? { lines: facts.lines, handling: facts.handling, item_volumes: facts.item_volumes, unavailable: facts.unavailable } : {}),
    ...(changes ? { changes } : {}),
  };
}

/**
 * The customer's name and the stops' towns, postcodes and addresses, folded as the search
 * folds a query ('Élodie' is found by 'elodie'), each word preceded by a space so that a query
 * word is matched at the start of a word.
 */
export function searchTextOf(payload: TravelPayload): string {
  const words = new Set(
    searchWords(
      [
        payload.customer.name,
        ...payload.addresses.flatMap((address) => [address.locality, address.postal_code, address.address_complete]),
      ].join(' '),
    ),
  );
  return ` ${[...words].join(' ')}`;
}
