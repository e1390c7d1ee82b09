import { readTimestamp, wallClockInFrance } from './france-clock.ts';

/**
 * The evening a start time should not run into: 21 h. French labour law counts work from 21 h
 * to 6 h as night work (Code du travail, art. L3122-2), which a carrier staffs and prices apart;
 * a move still unloading after it is one the carrier will want to discuss.
 */
export const EVENING_FROM_HOUR = 21;

export interface ArrivalDay {
  /** The day the arrival falls on in France, 'yyyy-MM-dd'. */
  day: string;
  /** 'HH:mm' in France. */
  time: string;
  /** Past 21 h, or on a later day than the one the stop was set for. */
  late: boolean;
  /** On a later day than the stop's own. */
  nextDay: boolean;
}

/** An arrival estimate read against the day its stop was set for (both in France); null when unreadable. */
export function readArrival(arrival: string, stopDay: string): ArrivalDay | null {
  const moment = readTimestamp(arrival);
  if (!moment) return null;
  const wall = wallClockInFrance(moment.millis);
  const nextDay = wall.day > stopDay;
  return { day: wall.day, time: wall.time, nextDay, late: nextDay || wall.msOfDay > EVENING_FROM_HOUR * 3_600_000 };
}
