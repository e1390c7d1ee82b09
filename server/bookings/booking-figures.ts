import type { StoredTravel } from '../db/travels-repo.ts';

/** A transport and handling price in cents TTC, as the carrier sets or offers it. */
export interface CarrierPrice {
  transport: number;
  handling: number;
}

/**
 * The booking's total TTC, in cents, at another transport and handling price: what its stored
 * total holds beside them (the items' expenses, the company's options and lines) is kept. The
 * one place a total is made from a carrier's new price (the counter-offer's e-mail, its page and
 * the back office's card read it); every other screen reads the stored summary's total.
 */
export function totalAtPrice(travel: Pick<StoredTravel, 'summary' | 'payload'>, price: CarrierPrice): number {
  const { price_transportation: transport, price_handling: handling } = travel.payload.travel;
  const stored = travel.summary?.total ?? transport + handling;
  return stored - transport - handling + price.transport + price.handling;
}

/** The same for a counter-offer's stored price (its handling may be unset: nothing). */
export function offeredTotal(
  travel: Pick<StoredTravel, 'summary' | 'payload'>,
  offer: { price_transportation: number | null; price_handling: number | null },
): number | null {
  if (offer.price_transportation === null) return null;
  return totalAtPrice(travel, { transport: offer.price_transportation, handling: offer.price_handling ?? 0 });
}
