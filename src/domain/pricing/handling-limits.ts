import { HANDLERS_MAX, HANDLERS_MIN, HANDLING_HOURS_MAX, HANDLING_HOURS_MIN } from '../constants.ts';

// The bounds of what the visitor may choose by hand, apart from the rest of handling.ts: the
// choices' atoms need them with the first panel, the price's code comes with the first route.

export function clampHandlers(persons: number): number {
  return Math.min(HANDLERS_MAX, Math.max(HANDLERS_MIN, Math.round(persons)));
}

export function clampHandlingHours(hours: number): number {
  return Math.min(HANDLING_HOURS_MAX, Math.max(HANDLING_HOURS_MIN, hours));
}
