import type { Item } from '../entities/item.ts';
import type { Estimate } from './estimate.ts';

/** Which grid prices a booking: the wizard's (transport and handling apart, pools) or the earlier variant's (spec §9). */
export type PriceGrid = 'wizard' | 'lite';

/**
 * Transport and handling as the booking carries them, VAT included. On the public grid the
 * lite element sells the earlier variant's price, to the cent, which the estimate computed on
 * the same tariff (its items and VAT are the estimate's: the two last arguments are kept for
 * the callers written before tariffs); a grid with code and a fixed price (spec §4) price both
 * elements alike.
 */
export function bookedFees(
  estimate: Estimate,
  grid: PriceGrid,
  _items?: readonly Item[],
  _vat?: number,
): { transportation: number; handling: number } {
  const wizard = { transportation: estimate.transportFee, handling: estimate.handlingFee };
  if (grid === 'wizard' || estimate.source === 'fixed' || estimate.source === 'pool' || estimate.poolError) return wizard;
  return { ...estimate.lite };
}
