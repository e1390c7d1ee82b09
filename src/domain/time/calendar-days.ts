// Calendar days ('yyyy-MM-dd') counted and written in French with Intl, not luxon: the first
// panel's date list (366 days) and the stop cards' day lists use them, and a day in words is
// the same in every time zone, so each is written as the UTC midnight of that day.
import { formatterOnFirstUse } from './formatter-on-first-use.ts';

/** The most days the date list holds: a year, today included, when a 29 February falls in it. */
export const BOOKABLE_DAYS_AHEAD = 367;

function utcMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!));
}

/** The day `count` days after `day` (before it when negative). */
export function plusDays(day: string, count: number): string {
  const moved = utcMidnight(day);
  moved.setUTCDate(moved.getUTCDate() + count);
  return moved.toISOString().slice(0, 10);
}

/**
 * How far ahead a transport can be booked: one year, to the same date (the 28 February after a
 * 29 February). Counted in days, a year across a 29 February is one day longer.
 */
export function lastBookableDay(today: string): string {
  const [year, month, date] = today.split('-').map(Number);
  const same = new Date(Date.UTC(year! + 1, month! - 1, date!));
  // 29 February + 1 year is 1 March in Date's arithmetic: the day before it.
  if (same.getUTCMonth() !== month! - 1) same.setUTCDate(0);
  return same.toISOString().slice(0, 10);
}

/** The days that can be booked, today first and the same date a year later last. */
export function bookableDaysFrom(today: string): string[] {
  const last = lastBookableDay(today);
  const days: string[] = [];
  for (let day = today; day <= last; day = plusDays(day, 1)) days.push(day);
  return days;
}

/** `count` consecutive days, `first` first. */
export function daysFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => plusDays(first, offset));
}

const inUtc = { timeZone: 'UTC' } as const;
const longWeekday = formatterOnFirstUse('fr-FR', { ...inUtc, weekday: 'long' });
const shortWeekday = formatterOnFirstUse('fr-FR', { ...inUtc, weekday: 'short' });
const longMonthAndYear = formatterOnFirstUse('fr-FR', { ...inUtc, month: 'long', year: 'numeric' });
const shortMonth = formatterOnFirstUse('fr-FR', { ...inUtc, month: 'short' });

/** The day of the month, the first written '1er' as French does. */
function dayOfMonth(date: Date): string {
  return date.getUTCDate() === 1 ? '1er' : String(date.getUTCDate());
}

/** 'lundi 23 novembre 2026', 'mardi 1er décembre 2026'. */
export function longFrenchDate(day: string): string {
  const date = utcMidnight(day);
  return `${longWeekday().format(date)} ${dayOfMonth(date)} ${longMonthAndYear().format(date)}`;
}

/** 'lun. 23 nov.', 'mar. 1er déc.' */
export function shortFrenchDate(day: string): string {
  const date = utcMidnight(day);
  return `${shortWeekday().format(date)} ${dayOfMonth(date)} ${shortMonth().format(date)}`;
}

/** 'novembre 2026': the heading of a month's days. */
export function frenchMonthAndYear(day: string): string {
  return longMonthAndYear().format(utcMidnight(day));
}
