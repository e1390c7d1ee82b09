import type { Item } from '../entities/item.ts';
import { isLoadItem } from '../entities/item.ts';

/**
 * Volume is "rounded" in spec §9 without a precision: we round to the tenth of a m³,
 * the precision movers quote in, so a few boxes do not read as an empty truck.
 */
export function roundVolume(m3: number): number {
  return Math.round((m3 + Number.EPSILON) * 10) / 10;
}

export function largestMinimalTruckCapacity(items: readonly Item[]): number {
  return items.reduce((largest, item) => Math.max(largest, item.minimal_truck_capacity), 0);
}

/** Rounded sum of volume × quantity, at least the largest minimal truck capacity (spec §9). */
export function totalVolume(items: readonly Item[]): number {
  const loadItems = items.filter(isLoadItem);
  const sum = loadItems.reduce((total, item) => total + item.volume * item.quantity, 0);
  return Math.max(roundVolume(sum), largestMinimalTruckCapacity(loadItems));
}

/** The bulkiest single unit, whose crew size decides whether the job is a moving. */
export function largestItem(items: readonly Item[]): Item | null {
  return items
    .filter(isLoadItem)
    .reduce<Item | null>((largest, item) => (largest === null || item.volume > largest.volume ? item : largest), null);
}
