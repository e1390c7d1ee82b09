import type { Item } from '../entities/item.ts';
import { CUSTOM_CATEGORIES } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';

/** The wizard's panels (spec §2). */
export const PANELS = { addresses: 0, items: 1, estimate: 2, finalisation: 3, success: 4 } as const;
export type Panel = (typeof PANELS)[keyof typeof PANELS];

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

/** Next skips the estimate when prices are hidden (spec §2). */
export function nextPanel(current: Panel, pricesAllowed: boolean): Panel {
  if (current === PANELS.items && !pricesAllowed) return PANELS.finalisation;
  return Math.min(PANELS.success, current + 1) as Panel;
}

/** Back from the finalisation skips the estimate as well when prices are hidden (spec §2). */
export function previousPanel(current: Panel, pricesAllowed: boolean): Panel {
  if (current === PANELS.finalisation && !pricesAllowed) return PANELS.items;
  return Math.max(PANELS.addresses, current - 1) as Panel;
}

/** The Next button shows only when the current step is valid (spec §2). */
export function canGoNext(current: Panel, validSteps: readonly boolean[]): boolean {
  return current < PANELS.finalisation && validSteps[current] === true;
}
