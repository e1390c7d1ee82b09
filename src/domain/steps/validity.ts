import type { Item } from '../entities/item.ts';
import { CUSTOM_CATEGORIES } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';

/** Step 0: every stop geocoded and the route computed (spec §4). */
export function isAddressStepValid(stops: readonly Pick<Stop, 'geocodeResolved'>[], routeComputed: boolean): boolean {
  return stops.length > 0 && stops.every((stop) => stop.geocodeResolved) && routeComputed;
}

/** Step 1: at least one non-custom item named with 3 or more characters (spec §4). */
export function isItemsStepValid(items: readonly Pick<Item, 'category' | 'name'>[]): boolean {
  return items.some((item) => !CUSTOM_CATEGORIES.includes(item.category) && item.name.trim().length >= 3);
}

/** Steps 2 and 3 start valid (spec §4). */
export const INITIAL_VALID_STEPS: readonly boolean[] = [false, false, true, true];

export function areAllStepsValid(validSteps: readonly boolean[]): boolean {
  return validSteps.length === 4 && validSteps.every(Boolean);
}

/** The earlier variant's save icon hides for a new trip or while a step is invalid (spec §2). */
export function isLiteSaveIconVisible(isNewTravel: boolean, validSteps: readonly boolean[]): boolean {
  return !isNewTravel && areAllStepsValid(validSteps);
}
