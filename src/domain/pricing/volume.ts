import type { Item } from '../entities/item.ts';
import { isLoadItem } from '../entities/item.ts';

/** Spec §9 rounds the volume with no precision given: to the whole m³, which decides tiers and the moving rule. */
export function roundVolume(m3: number): number {
  return Math.round(m3 + Number.EPSILON);
}

/**
 * The hundredth of a m³: one rounding for every volume shown, on the screens, the devis and the
 * carrier's pages (a few boxes never show as an empty truck, and 3,45 m³ declared is never
 * printed 3,4 or 3); never used to price.
 */
export function roundVolumeForDisplay(m3: number): number {
  return Math.round((m3 + Number.EPSILON) * 100) / 100;
}

export function largestMinimalTruckCapacity(items: readonly Item[]): number {
  return items.reduce((largest, item) => Math.max(largest, item.minimal_truck_capacity), 0);
}

function loadSum(items: readonly Item[]): { sum: number; floor: number } {
  const loadItems = items.filter(isLoadItem);
  const sum = loadItems.reduce((total, item) => total + item.volume * item.quantity, 0);
  return { sum, floor: largestMinimalTruckCapacity(loadItems) };
}

/** Rounded sum of volume × quantity, at least the largest minimal truck capacity (spec §9): the priced volume. */
export function totalVolume(items: readonly Item[]): number {
  const { sum, floor } = loadSum(items);
  return Math.max(roundVolume(sum), floor);
}

/** The same load to the tenth of a m³, as the screens show it beside the truck's capacity. */
export function shownVolume(items: readonly Item[]): number {
  const { sum, floor } = loadSum(items);
  return Math.max(roundVolumeForDisplay(sum), floor);
}

/**
 * The one volume that decides the vehicle and fills the load bar: the load itself (to the cm³,
 * so 30 × 0.1 m³ is 3 m³, not 3.0000000000000004), at least the largest minimal truck
 * capacity. Spec §9's whole-m³ rounding prices (handling tiers, the moving rule); it never
 * chooses the truck, or a 3.4 m³ load would go on a 3 m³ vehicle the load bar beside it says
 * it overflows. The estimate and the server's quote pick the vehicle with this too.
 */
export function vehicleVolume(items: readonly Item[]): number {
  const { sum, floor } = loadSum(items);
  return Math.max(Math.round(sum * 1e6) / 1e6, floor);
}

/** The bulkiest single unit, whose crew size decides whether the job is a moving. */
export function largestItem(items: readonly Item[]): Item | null {
  return items
    .filter(isLoadItem)
    .reduce<Item | null>((largest, item) => (largest === null || item.volume > largest.volume ? item : largest), null);
}
