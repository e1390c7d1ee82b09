import type { Item } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';

/**
 * Handling effort per floor (spec §9): at the street nothing is carried (0), the ground
 * floor is the reference (1), then the stairs weigh more and more.
 */
export const FLOOR_MULTIPLIERS: Readonly<Record<number, number>> = {
  [-1]: 0,
  0: 1,
  1: 1.05,
  2: 1.08,
  3: 1.1,
  4: 1.3,
  5: 1.5,
  6: 1.7,
  7: 2.1,
  8: 2.3,
  9: 2.6,
  10: 3.1,
  11: 3.3,
  12: 3.6,
};

export const ELEVATOR_FACTOR = 0.7;

export function baseFloorMultiplier(floor: number): number {
  const multiplier = FLOOR_MULTIPLIERS[floor];
  if (multiplier === undefined) throw new RangeError(`Étage inconnu : ${floor}`);
  return multiplier;
}

/**
 * Multiplier for one item at one stop: 0.7 of the floor's when both the building and the
 * item use the lift, never below 1 then (a lift still beats no stairs only so far);
 * a custom item (a service priced as a whole) always counts 1.
 */
export function floorMultiplier(stop: Pick<Stop, 'floor' | 'elevator'>, item: Pick<Item, 'elevator' | 'category'>): number {
  if (item.category === 'custom-item') return 1;
  const base = baseFloorMultiplier(stop.floor);
  if (!(stop.elevator && item.elevator)) return base;
  const withLift = base * ELEVATOR_FACTOR;
  return withLift > 0 && withLift < 1 ? 1 : withLift;
}
