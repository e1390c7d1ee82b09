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
