import type { Id } from '../entities/common.ts';
import type { VehicleCategory } from '../entities/vehicle.ts';

/** The smallest vehicle that holds the volume; the largest one when nothing is big enough. */
export function pickVehicleCategory(volume: number, categories: readonly VehicleCategory[]): VehicleCategory | null {
  if (categories.length === 0) return null;
  const bySize = [...categories].sort((a, b) => a.capacity - b.capacity);
  return bySize.find((category) => category.capacity >= volume) ?? bySize[bySize.length - 1] ?? null;
}

/** The vehicle the user chose, if it exists, else the one that fits. */
export function resolveVehicleCategory(
  volume: number,
  categories: readonly VehicleCategory[],
  chosenId: Id | null | undefined,
): VehicleCategory | null {
  const chosen = chosenId === null || chosenId === undefined ? undefined : categories.find((c) => String(c.id) === String(chosenId));
  return chosen ?? pickVehicleCategory(volume, categories);
}

/** Vehicle category id as the API wants it: the default trucks (negative ids) are sent as null (spec §7). */
export function vehicleCategoryIdForApi(id: Id | null | undefined): Id | null {
  if (id === null || id === undefined) return null;
  const numeric = Number(id);
  return Number.isFinite(numeric) && numeric < 0 ? null : id;
}

/**
 * How many of the vehicle doing the job a load takes (issue 55, point 7): 1 when it holds the
 * load, else as many as carry it, each up to its capacity (26,5 m³ in a 20 m³ truck: 2).
 */
export function vehiclesForLoad(load: number, vehicle: VehicleCategory | null): number {
  if (!vehicle || vehicle.capacity <= 0 || load <= vehicle.capacity) return 1;
  // A hair under a whole number of loads (3 × 6,6666… m³) is that many vehicles, not one more.
  return Math.ceil(load / vehicle.capacity - 1e-9);
}

/** Whether one vehicle of the fleet holds the load alone. */
export function fleetHolds(load: number, categories: readonly VehicleCategory[]): boolean {
  return categories.some((category) => category.capacity >= load);
}
