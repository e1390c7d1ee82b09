/**
 * ISO 8601 checks without a date library. The schemas run on every stop a page or a draft
 * restores and on every booking the server receives: a regular expression and a calendar check
 * cost a fraction of building a zoned date, and they keep luxon out of code that only checks.
 * Extended format only, as luxon's toISO() and JSON writers write it.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day, then optionally a time (seconds and fraction optional) and an offset: Z, ±HH, ±HHmm or ±HH:mm. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** 'yyyy-MM-dd' naming a day that exists (no 30 February). */
export function isIsoDay(value: string): boolean {
  const match = DAY.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** '2026-11-23T09:00:00+01:00' and its shorter forms, each part in range. */
export function isIsoDateTime(value: string): boolean {
  return readIsoDateTime(value) !== null;
}

/**
 * What a timestamp says: its day, the milliseconds since that day's midnight on its wall
 * clock, and its offset in minutes (null when it gives none); null when it is not one.
 */
export function readIsoDateTime(value: string): { day: string; msOfDay: number; offsetMinutes: number | null } | null {
  const match = DATE_TIME.exec(value);
  if (match === null || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  const [hour, minute, second, offsetHours, offsetMinutes] = [4, 5, 6, 10, 11].map((group) => Number(match[group] ?? 0));
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 23 || offsetMinutes! > 59) return null;
  const milliseconds = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const offsetSign = match[9] === '-' ? -1 : 1;
  return {
    day: `${match[1]}-${match[2]}-${match[3]}`,
    msOfDay: ((hour! * 60 + minute!) * 60 + second!) * 1000 + milliseconds,
    offsetMinutes: match[8] ? 0 : match[9] ? offsetSign * (offsetHours! * 60 + offsetMinutes!) : null,
  };
}
