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

/**
 * Earlier variant's total (spec §9): km × 0.7 + hours × 15 + tier fee, rounded, at least
 * 38; a custom item's predefined transport fee × 1.2 replaces it. 0 means no price
 * (volume outside the tiers), which the UI shows as 'Le prix sera fixé ultérieurement !'.
 */
export function litePrice({ distance, duration, volume, items, vat }: LitePriceInput): number {
  const predefined = customItemTransportFee(items, vat);
  if (predefined !== null) return predefined;
  const tierFee = handlingTierFee(volume);
  if (tierFee === null) return 0;
  const km = distance / 1000;
  const hours = duration / 3600;
  return Math.max(LITE_MINIMUM_PRICE, Math.round(km * LITE_PRICE_PER_KM + hours * LITE_PRICE_PER_HOUR + tierFee));
}
