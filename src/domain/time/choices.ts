import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE, MAX_SEEK_DAYS, TIME_STEP_MINUTES } from '../constants.ts';
import { inBusinessZone, minutesToTime } from './defaults.ts';

/** Past days cannot be chosen (spec §5). Days are 'yyyy-MM-dd'. */
export function isSelectableDay(day: string, now: DateTime): boolean {
  const today = inBusinessZone(now).toISODate()!;
  return DateTime.fromISO(day).isValid && day >= today;
}

/**
 * Quarter-hour choices of a day that come after the earliest allowed moment (spec §5):
 * none on a day before it, those strictly after it on its own day, all 96 on later days.
 */
export function quarterHourChoices(day: string, earliestAllowed: DateTime): string[] {
  const earliest = inBusinessZone(earliestAllowed);
  const dayStart = DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE });
  if (!dayStart.isValid) return [];
  const all = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, index) => index * TIME_STEP_MINUTES);
  const earliestDay = earliest.toISODate()!;
  if (day < earliestDay) return [];
  if (day > earliestDay) return all.map(minutesToTime);
  const earliestMinutes = earliest.hour * 60 + earliest.minute + earliest.second / 60;
  return all.filter((minutes) => minutes > earliestMinutes).map(minutesToTime);
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
