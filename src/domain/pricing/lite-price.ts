import { LITE_MINIMUM_PRICE, LITE_PRICE_PER_HOUR, LITE_PRICE_PER_KM } from '../constants.ts';
import type { Item } from '../entities/item.ts';
import { customItemTransportFee } from './transport.ts';

/** Handling fee tiers of the earlier variant by volume in m³ (spec §9): [from, under, fee]. */
export const HANDLING_FEE_TIERS: readonly (readonly [number, number, number])[] = [
  [0, 5, 20],
  [5, 10, 30],
  [10, 13, 45],
  [13, 18, 65],
  [18, 23, 95],
  [23, 1000, 120],
];

/** The tier fee for a volume; null outside the tiers (1000 m³ and more is not a quote). */
export function handlingTierFee(volume: number): number | null {
  const tier = HANDLING_FEE_TIERS.find(([from, under]) => volume >= from && volume < under);
  return tier ? tier[2] : null;
}

export interface LitePriceInput {
  /** Metres and seconds of the route the truck drives. */
  distance: number;
  duration: number;
  volume: number;
  items: readonly Item[];
  vat: number;
}

/** The earlier variant's price as the booking carries it: transport and handling, VAT included. */
export interface LitePriceParts {
  transportation: number;
  handling: number;
}

/**
 * Earlier variant's total (spec §9): km × 0.7 + hours × 15 + tier fee, rounded, at least
 * 38; a custom item's predefined transport fee × 1.2 replaces it. Split for the booking
 * (spec §7 sends transport and handling apart): the tier fee is the handling, the rest of
 * the total the transport, so the two always add up to the total shown.
 * Example: 465 km and 4 h 39 min with 5 m³ → 465 × 0.7 + 4.65 × 15 + 30 = 425.25 → 425 €,
 * sent as 395 € transport and 30 € handling. Both 0 mean no price (volume outside the
 * tiers), which the UI shows as 'Le prix sera fixé ultérieurement !'.
 */
export function litePriceParts({ distance, duration, volume, items, vat }: LitePriceInput): LitePriceParts {
  const predefined = customItemTransportFee(items, vat);
  if (predefined !== null) return { transportation: predefined, handling: 0 };
  const tierFee = handlingTierFee(volume);
  if (tierFee === null) return { transportation: 0, handling: 0 };
  const km = distance / 1000;
  const hours = duration / 3600;
  const total = Math.max(LITE_MINIMUM_PRICE, Math.round(km * LITE_PRICE_PER_KM + hours * LITE_PRICE_PER_HOUR + tierFee));
  return { transportation: total - tierFee, handling: tierFee };
}

/** The earlier variant's total (spec §9); see litePriceParts. */
export function litePrice(input: LitePriceInput): number {
  const parts = litePriceParts(input);
  return parts.transportation + parts.handling;
}
