import { LITE_MINIMUM_PRICE, LITE_PRICE_PER_HOUR, LITE_PRICE_PER_KM } from '../constants.ts';
import type { Item } from '../entities/item.ts';
import { parsePrice, roundCents, withVat } from './vat.ts';

/**
 * Fees typed HT, summed, × (1 + VAT), to the cent; null when none was typed. Not to the euro:
 * spec §9 rounds the computed prices (handling, the earlier variant's), never a fee a company
 * typed, and §7 sends cents, so 10,30 € HT is 12,36 € TTC, not 12 €.
 */
function sumWithVat(fees: readonly number[], vat: number): number | null {
  if (fees.length === 0) return null;
  return roundCents(
    withVat(
      fees.reduce((sum, fee) => sum + fee, 0),
      vat,
    ),
  );
}

/**
 * A custom item's predefined transport fee × (1 + VAT), to the cent, used only when it parses
 * as a number (spec §5, §9); null when no custom item carries one.
 */
export function customItemTransportFee(items: readonly Item[], vat: number): number | null {
  const fees = items
    .filter((item) => item.category === 'custom-item')
    .map((item) => parsePrice(item.predefinedTransportationFee))
    .filter((fee): fee is number => fee !== null);
  return sumWithVat(fees, vat);
}

/** Predefined transport fees typed on any item (company mode), × (1 + VAT), to the cent; null when none parses. */
export function predefinedTransportFee(items: readonly Item[], vat: number): number | null {
  const fees = items.map((item) => parsePrice(item.predefinedTransportationFee)).filter((fee): fee is number => fee !== null);
  return sumWithVat(fees, vat);
}

/** Predefined handling fees typed on items, × (1 + VAT) (spec §9), to the cent; null when none parses. */
export function predefinedHandlingFee(items: readonly Item[], vat: number): number | null {
  const fees = items.map((item) => parsePrice(item.predefinedHandlingFee)).filter((fee): fee is number => fee !== null);
  return sumWithVat(fees, vat);
}

/**
 * The wizard's transport fee on the public grid, VAT included: the earlier variant's
 * distance and time rates (km × 0.7 + hours × 15) without its handling tier, since the
 * wizard prices handling on its own; rounded, at least 38. Pools with code replace it.
 */
export function publicTransportFee(distanceMetres: number, durationSeconds: number): number {
  const raw = (distanceMetres / 1000) * LITE_PRICE_PER_KM + (durationSeconds / 3600) * LITE_PRICE_PER_HOUR;
  return Math.max(LITE_MINIMUM_PRICE, Math.round(raw));
}
