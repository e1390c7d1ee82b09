import { LOAD_DANGER_ABOVE, LOAD_WARNING_ABOVE } from '../constants.ts';
import type { VehicleCategory } from '../entities/vehicle.ts';

export type LoadLevel = 'success' | 'warning' | 'danger';

/** Load of the truck in percent of its capacity, unrounded (0 when the capacity is unknown). */
export function loadPercentage(volume: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return (volume / capacity) * 100;
}

/**
 * The percentage as the bar writes it: rounded, but never to a figure that contradicts the
 * colour (60.33 % is over 60: it reads 61 %, not 60 % in the warning colour).
 */
export function shownLoadPercentage(percentage: number): number {
  const rounded = Math.round(percentage);
  if (percentage > LOAD_DANGER_ABOVE && rounded <= LOAD_DANGER_ABOVE) return LOAD_DANGER_ABOVE + 1;
  if (percentage > LOAD_WARNING_ABOVE && rounded <= LOAD_WARNING_ABOVE) return LOAD_WARNING_ABOVE + 1;
  return rounded;
}

/** Green up to 60 %, warning above 60, danger above 90 (spec §9), on the exact ratio. */
export function loadLevel(percentage: number): LoadLevel {
  if (percentage > LOAD_DANGER_ABOVE) return 'danger';
  if (percentage > LOAD_WARNING_ABOVE) return 'warning';
  return 'success';
}

/** When the load exceeds the chosen vehicle, the smallest category that would fit, if any. */
export function categoryThatFits(volume: number, capacity: number, categories: readonly VehicleCategory[]): VehicleCategory | null {
  if (volume <= capacity) return null;
  return [...categories].sort((a, b) => a.capacity - b.capacity).find((category) => category.capacity >= volume) ?? null;
}
