// The wall clock in France with Intl and plain Date arithmetic, not luxon: the first panel's
// stop times, its date and the default schedule need France's days, quarter hours and offsets,
// and a dates library there would cost the first panel a fifth of its bytes. Intl knows the
// zone's rules (Europe/Paris: UTC+1, UTC+2 from the last Sunday of March at 02:00 to the last
// Sunday of October at 03:00); everything else is counted in milliseconds.
import { BUSINESS_TIME_ZONE } from '../constants.ts';
import { formatterOnFirstUse } from './formatter-on-first-use.ts';
import { readIsoDateTime } from './iso.ts';

/**
 * An instant: a Date, milliseconds since 1970, or anything that counts them as luxon's
 * DateTime does (the domain module's callers may still pass one).
 */
export type Instant = Date | number | { toMillis(): number };

export function millisOf(instant: Instant): number {
  if (typeof instant === 'number') return instant;
  return instant instanceof Date ? instant.getTime() : instant.toMillis();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const wallParts = formatterOnFirstUse('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * France's offsets change on whole UTC hours (01:00 UTC, both ways), so the offset of an hour
 * holds for all of it: Intl is asked once per UTC hour, not once per stop of a 50-stop trip.
 */
const offsetByUtcHour = new Map<number, number>();

/** Minutes France is ahead of UTC at an instant: 60 in winter, 120 in summer. */
export function franceOffsetMinutes(instant: Instant): number {
  const hour = Math.floor(millisOf(instant) / HOUR);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR;
    const part = Object.fromEntries(
      wallParts()
        .formatToParts(new Date(at))
        .map(({ type, value }) => [type, Number(value)]),
    );
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
    offset = Math.round((wall - at) / MINUTE);
    // Bounded: a long-lived page or the server asks for a few hours of a few days.
    if (offsetByUtcHour.size >= 5000) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The wall clock of an instant seen at an offset: its day 'yyyy-MM-dd', 'HH:mm', and the milliseconds since its midnight. */
function wallClockAt(millis: number, offsetMinutes: number) {
  const wall = new Date(millis + offsetMinutes * MINUTE);
  const msOfDay = ((wall.getTime() % DAY) + DAY) % DAY;
  return {
    day: wall.toISOString().slice(0, 10),
    time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`,
    hour: wall.getUTCHours(),
    msOfDay,
  };
}

/** The wall clock in France at an instant. */
export function wallClockInFrance(instant: Instant) {
  const millis = millisOf(instant);
  return wallClockAt(millis, franceOffsetMinutes(millis));
}

/** The day an instant falls on in France, 'yyyy-MM-dd'; '' for an unreadable instant. */
export function dayInFrance(instant: Date | string): string {
  const millis = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Number.isNaN(millis) ? '' : wallClockInFrance(millis).day;
}

/**
 * The instant a day's wall clock shows a time in France ('yyyy-MM-dd', milliseconds since its
 * midnight). A time that happens twice (02:00 to 02:59 on the last Sunday of October) is the
 * first of the two, in summer time; a time that does not happen (02:00 to 02:59 on the last
 * Sunday of March) is read as if the clock had not changed yet, so 02:30 is 03:30 summer time.
 */
export function instantInFrance(day: string, msOfDay: number): number {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!) + msOfDay;
  // The offsets on either side of this wall time: the same, or the two of a change that day.
  const before = franceOffsetMinutes(wall - DAY);
  const after = franceOffsetMinutes(wall + DAY);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => wall - franceOffsetMinutes(instant) * MINUTE === instant);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before * MINUTE;
}

/** A timestamp read with the offset it was written with: the instant, and that offset in minutes. */
export interface OffsetInstant {
  millis: number;
  offsetMinutes: number;
}

/**
 * An ISO 8601 timestamp ('2026-11-23T09:00:00+01:00', its shorter forms, 'Z') with its own
 * offset; one without an offset is a wall time in France. null when unreadable.
 */
export function readTimestamp(timestamp: string): OffsetInstant | null {
  const found = readIsoDateTime(timestamp);
  if (!found) return null;
  const { day, msOfDay, offsetMinutes } = found;
  if (offsetMinutes === null) {
    const millis = instantInFrance(day, msOfDay);
    return { millis, offsetMinutes: franceOffsetMinutes(millis) };
  }
  const [year, month, date] = day.split('-').map(Number);
  return { millis: Date.UTC(year!, month! - 1, date!) + msOfDay - offsetMinutes * MINUTE, offsetMinutes };
}

/** An instant written at an offset, seconds always, milliseconds when there are some, 'Z' for UTC. */
export function isoAtOffset({ millis, offsetMinutes }: OffsetInstant): string {
  const wall = new Date(millis + offsetMinutes * MINUTE).toISOString();
  const withoutMillis = wall.endsWith('.000Z') ? wall.slice(0, 19) : wall.slice(0, 23);
  if (offsetMinutes === 0) return `${withoutMillis}Z`;
  const size = Math.abs(offsetMinutes);
  return `${withoutMillis}${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

/** An instant written in France, at France's offset then: '2026-11-23T09:00:00+01:00'. */
export function isoInFrance(instant: Instant): string {
  const millis = millisOf(instant);
  return isoAtOffset({ millis, offsetMinutes: franceOffsetMinutes(millis) });
}

/** A timestamp moved by some milliseconds, written at its own offset again. */
export function shiftTimestamp(timestamp: OffsetInstant, milliseconds: number): string {
  return isoAtOffset({ millis: timestamp.millis + milliseconds, offsetMinutes: timestamp.offsetMinutes });
}
