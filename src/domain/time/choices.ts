import { MAX_SEEK_DAYS, TIME_STEP_MINUTES } from '../constants.ts';
import { BOOKABLE_DAYS_AHEAD, bookableDaysFrom, plusDays } from './calendar-days.ts';
import { minutesToTime } from './defaults.ts';
import { franceOffsetMinutes, instantInFrance, millisOf, wallClockInFrance, type Instant } from './france-clock.ts';
import { isIsoDay } from './iso.ts';

/** Past days cannot be chosen (spec §5). Days are 'yyyy-MM-dd', today is France's. */
export function isSelectableDay(day: string, now: Instant): boolean {
  return isIsoDay(day) && day >= wallClockInFrance(now).day;
}

const ALL_QUARTER_HOURS: readonly string[] = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, index) =>
  minutesToTime(index * TIME_STEP_MINUTES),
);

/**
 * Quarter-hour choices of a day that come after the earliest allowed moment (spec §5):
 * none on a day before it, those strictly after it on its own day, all 96 on later days.
 */
export function quarterHourChoices(day: string, earliestAllowed: Instant): string[] {
  if (!isIsoDay(day)) return [];
  const start = instantInFrance(day, 0);
  const nextDay = instantInFrance(plusDays(day, 1), 0);
  const step = TIME_STEP_MINUTES * 60_000;
  const after = millisOf(earliestAllowed);
  const ordinary = franceOffsetMinutes(start) === franceOffsetMinutes(nextDay);
  if (after < start && ordinary) return [...ALL_QUARTER_HOURS];
  if (ordinary) {
    // An ordinary day (no clock change): 96 quarter hours, each at day start + n × 15 min.
    return ALL_QUARTER_HOURS.filter((_, index) => start + index * step > after);
  }
  // A clock-change day: walk its real instants. The spring day has no 02:xx and the autumn
  // one has them twice; each time of day that exists is offered once.
  const choices = new Set<string>();
  for (let at = start; at < nextDay; at += step) {
    if (at > after) choices.add(wallClockInFrance(at).time);
  }
  return [...choices];
}

export interface SeekDayChoice {
  value: number;
  label: string;
}

/** Day offsets J+0 to J+6 (spec §9). */
export function seekDayChoices(): SeekDayChoice[] {
  return Array.from({ length: MAX_SEEK_DAYS + 1 }, (_, value) => ({ value, label: `J+${value}` }));
}

/** The first stop is the travel day itself: its day offset cannot be changed. */
export function isSeekDayEditable(stopIndex: number): boolean {
  return stopIndex > 0;
}

export { BOOKABLE_DAYS_AHEAD };

/** The days a visitor can pick, today first and the same date a year later last, as 'yyyy-MM-dd' in France. */
export function bookableDays(now: Instant): string[] {
  return bookableDaysFrom(wallClockInFrance(now).day);
}
