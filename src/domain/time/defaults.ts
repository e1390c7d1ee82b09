import { DateTime } from 'luxon';
import {
  BUSINESS_TIME_ZONE,
  DEFAULT_DATE_TOMORROW_FROM_HOUR,
  DEFAULT_TIME_MORNING_FROM_HOUR,
  MORNING_DEFAULT_TIME,
  TIME_STEP_MINUTES,
} from '../constants.ts';

/** Now in France, whatever the visitor's clock zone. */
export function inBusinessZone(now: DateTime): DateTime {
  return now.setZone(BUSINESS_TIME_ZONE);
}

/** The default travel day: today, or tomorrow from 22:00 on (spec §9). 'yyyy-MM-dd'. */
export function defaultTravelDate(now: DateTime): string {
  const local = inBusinessZone(now);
  const day = local.hour >= DEFAULT_DATE_TOMORROW_FROM_HOUR ? local.plus({ days: 1 }) : local;
  return day.toISODate()!;
}

/**
 * The next quarter hour strictly after now, as 'HH:mm' in France. Counted on the instant, not
 * on the wall clock: France's offsets are whole hours, so quarter hours fall on the same
 * instants in UTC, and on the spring change day 01:50 is followed by 03:00, never by a 02:00
 * that does not exist.
 */
export function nextQuarterHour(now: DateTime): string {
  const step = TIME_STEP_MINUTES * 60_000;
  const next = (Math.floor(now.toMillis() / step) + 1) * step;
  return DateTime.fromMillis(next, { zone: BUSINESS_TIME_ZONE }).toFormat('HH:mm');
}

/** The default start time: the next quarter hour, or 07:00 from 23:00 on (spec §9). */
export function defaultTravelTime(now: DateTime): string {
  if (inBusinessZone(now).hour >= DEFAULT_TIME_MORNING_FROM_HOUR) return MORNING_DEFAULT_TIME;
  return nextQuarterHour(now);
}

export function minutesToTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** A day and a time of day in France as a timestamp. */
export function atDayAndTime(day: string, time: string): DateTime {
  const minutes = timeToMinutes(time);
  return DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).set({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
}
