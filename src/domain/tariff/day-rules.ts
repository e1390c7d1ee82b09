import { isIsoDay } from '../time/iso.ts';
import { firstDayWithNotice, isClosedDay } from './bookable-days.ts';
import type { Season, Tariff } from './tariff.ts';

/** A day of the travel, read without a dates library: the date alone, with no time or zone. */
interface Day {
  year: number;
  month: number;
  day: number;
  /** 1 Monday … 7 Sunday (ISO). */
  weekday: number;
  daysInMonth: number;
  /** 'MM-DD'. */
  monthDay: string;
}

function readDay(date: string): Day | null {
  if (!isIsoDay(date)) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  return {
    year,
    month,
    day,
    weekday: ((utc.getUTCDay() + 6) % 7) + 1,
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
    monthDay: date.slice(5),
  };
}

/** A season holds its first and last day; one that ends before it starts crosses the new year. */
export function inSeason(season: Pick<Season, 'from' | 'to'>, monthDay: string): boolean {
  return season.from <= season.to ? monthDay >= season.from && monthDay <= season.to : monthDay >= season.from || monthDay <= season.to;
}

/** Which of a tariff's day rules apply to a day, with their coefficients (for the price and its detail). */
export interface DayRules {
  weekday: number;
  seasons: { label: string; coefficient: number }[];
  monthEnd: number;
  /** Their product: 1 when none applies. */
  coefficient: number;
  closed: boolean;
}

const NO_RULES: DayRules = { weekday: 1, seasons: [], monthEnd: 1, coefficient: 1, closed: false };

/**
 * The day's coefficients, multiplied: the weekday's, every season the day falls in, and the
 * month's end. A Saturday (1.2) in August (1.15) on the 30th (1.1) costs 1.2 × 1.15 × 1.1.
 * Without a date (not chosen yet, '') nothing applies: the estimate is the plain price.
 */
export function dayRules(tariff: Pick<Tariff, 'days'>, date: string): DayRules {
  const day = readDay(date);
  if (!day) return NO_RULES;
  const days = tariff.days;
  const weekday = days.weekdays[day.weekday - 1] ?? 1;
  const seasons = days.seasons
    .filter((season) => inSeason(season, day.monthDay))
    .map((season) => ({ label: season.label, coefficient: season.coefficient }));
  const monthEnd = days.month_end.days > 0 && day.day > day.daysInMonth - days.month_end.days ? days.month_end.coefficient : 1;
  const coefficient = seasons.reduce((product, season) => product * season.coefficient, weekday * monthEnd);
  const closed = isClosedDay(days, date);
  return { weekday, seasons, monthEnd, coefficient, closed };
}

/** Whether a day can be booked: open, closed by the tariff, full, or sooner than the carrier's notice. */
export type DayAvailability = 'open' | 'closed' | 'full' | 'too_soon';

/**
 * A day as the calendar and the booking read it: too soon when it comes before the carrier's
 * notice (of a day or more) from `today` (when given); closed when the tariff closes it; full when the accepted
 * bookings of that day (`taken`) reach the tariff's daily capacity; else open. A day without
 * a date (not chosen yet) is open: nothing can be said of it.
 */
export function dayAvailability(
  tariff: Pick<Tariff, 'days' | 'daily_capacity'>,
  date: string,
  taken: number,
  today: string | null = null,
): DayAvailability {
  if (!isIsoDay(date)) return 'open';
  // Without notice, a day gone is left to the page's clock: a page's day is its own (issue 45).
  if (today !== null && (tariff.days.lead_days ?? 0) > 0 && date < firstDayWithNotice(tariff, today)) return 'too_soon';
  if (dayRules(tariff, date).closed) return 'closed';
  if (tariff.daily_capacity !== null && taken >= tariff.daily_capacity) return 'full';
  return 'open';
}
