import { plusDays } from '../time/calendar-days.ts';
import type { Tariff } from './tariff.ts';

/**
 * The days a customer may choose, by the carrier's own rules (issue 55, point 1): not a day it
 * closes, not one sooner than its notice. Apart from the day's prices (day-rules.ts): the
 * first panel's date reads these alone.
 */

type Days = Pick<Tariff['days'], 'closed_weekdays' | 'closed_dates'> & { lead_days?: number };

/** Whether the tariff closes a day ('yyyy-MM-dd'): its weekday (1 Monday … 7 Sunday), its date, or its day of every year. */
export function isClosedDay(days: Days, date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return days.closed_weekdays.includes(weekday) || days.closed_dates.some((closed) => closed === date || closed === date.slice(5));
}

/** The first day the carrier's notice allows from today: today itself without notice. */
export function firstDayWithNotice(tariff: { days: Days }, today: string): string {
  return plusDays(today, tariff.days.lead_days ?? 0);
}

/**
 * Why a day cannot be chosen by the carrier's own rules, or null: sooner than its notice, or
 * closed. A full day needs its bookings: the server says it (day quotes, booking refusal).
 */
export function dayRefusal(tariff: { days: Days }, date: string, today: string): 'too_soon' | 'closed' | null {
  if (date < firstDayWithNotice(tariff, today)) return 'too_soon';
  return isClosedDay(tariff.days, date) ? 'closed' : null;
}

/** The first day from `from` the carrier's rules let be chosen (a year at most ahead), else `from`. */
export function firstChoosableDay(tariff: { days: Days }, from: string, today: string): string {
  let day = from;
  for (let tried = 0; tried < 367; tried += 1, day = plusDays(day, 1)) if (dayRefusal(tariff, day, today) === null) return day;
  return from;
}
