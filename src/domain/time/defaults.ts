import { DEFAULT_DATE_TOMORROW_FROM_HOUR, DEFAULT_TIME_MORNING_FROM_HOUR, MORNING_DEFAULT_TIME, TIME_STEP_MINUTES } from '../constants.ts';
import { plusDays } from './calendar-days.ts';
import { instantInFrance, millisOf, wallClockInFrance, type Instant } from './france-clock.ts';

/** The default travel day: today, or tomorrow from 22:00 on (spec §9), in France. 'yyyy-MM-dd'. */
export function defaultTravelDate(now: Instant): string {
  const { day, hour } = wallClockInFrance(now);
  return hour >= DEFAULT_DATE_TOMORROW_FROM_HOUR ? plusDays(day, 1) : day;
}

/**
 * The next quarter hour strictly after now, as 'HH:mm' in France. Counted on the instant, not
 * on the wall clock: France's offsets are whole hours, so quarter hours fall on the same
 * instants in UTC, and on the spring change day 01:50 is followed by 03:00, never by a 02:00
 * that does not exist.
 */
export function nextQuarterHour(now: Instant): string {
  const step = TIME_STEP_MINUTES * 60_000;
  return wallClockInFrance((Math.floor(millisOf(now) / step) + 1) * step).time;
}

/** The default start time: the next quarter hour, or 07:00 from 23:00 on (spec §9). */
export function defaultTravelTime(now: Instant): string {
  if (wallClockInFrance(now).hour >= DEFAULT_TIME_MORNING_FROM_HOUR) return MORNING_DEFAULT_TIME;
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

/** A day and a time of day 'HH:mm' in France as an instant (milliseconds). */
export function atDayAndTime(day: string, time: string): number {
  return instantInFrance(day, timeToMinutes(time) * 60_000);
}
