import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE, ESTIMATED_TIME_WINDOW_MINUTES } from '../constants.ts';
import type { Stop } from '../entities/stop.ts';
import { timeToMinutes } from './defaults.ts';

function parse(timestamp: string): DateTime {
  return DateTime.fromISO(timestamp, { setZone: true });
}

function iso(moment: DateTime): string {
  return moment.toISO({ suppressMilliseconds: true })!;
}

/**
 * When a stop's earliest is later than its latest, the latest is pushed up (spec §4) to the
 * earliest plus the estimated window of 180 minutes, so the window stays usable.
 */
export function pushLatestAfterEarliest(stop: Stop): Stop {
  if (!stop.timewindowEarliest || !stop.timewindowLatest) return stop;
  const earliest = parse(stop.timewindowEarliest);
  if (earliest <= parse(stop.timewindowLatest)) return stop;
  return { ...stop, timewindowLatest: iso(earliest.plus({ minutes: ESTIMATED_TIME_WINDOW_MINUTES })) };
}

function moveToDay(timestamp: string | null, day: string, seekDays: number): string | null {
  if (!timestamp) return null;
  const moment = parse(timestamp).setZone(BUSINESS_TIME_ZONE);
  const target = DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).plus({ days: seekDays });
  return iso(moment.set({ year: target.year, month: target.month, day: target.day }));
}

/**
 * Changing the customer date moves every stop's dates, keeping times and day offsets (spec §4).
 * A window keeps its length: one from 22:00 to 01:00 still ends the next day.
 */
export function moveStopsToDate(stops: readonly Stop[], day: string): Stop[] {
  return stops.map((stop) => {
    const earliest = moveToDay(stop.timewindowEarliest, day, stop.seekDays);
    const span =
      stop.timewindowEarliest && stop.timewindowLatest ? parse(stop.timewindowLatest).diff(parse(stop.timewindowEarliest)) : null;
    const latest =
      earliest && span && span.toMillis() >= 0 ? iso(parse(earliest).plus(span)) : moveToDay(stop.timewindowLatest, day, stop.seekDays);
    return {
      ...stop,
      timewindowEarliest: earliest,
      timewindowLatest: latest,
      estimatedArrivalTime: moveToDay(stop.estimatedArrivalTime, day, stop.seekDays),
    };
  });
}

/**
 * A pool's amplitude_hour (spec §4): every stop's earliest becomes the first stop's,
 * and its latest that earliest plus the amplitude.
 */
export function applyAmplitude(stops: readonly Stop[], amplitudeHours: number): Stop[] {
  const first = stops[0]?.timewindowEarliest;
  if (!first) return [...stops];
  const latest = iso(parse(first).plus({ minutes: Math.round(amplitudeHours * 60) }));
  return stops.map((stop) => ({ ...stop, timewindowEarliest: first, timewindowLatest: latest }));
}

/**
 * One-time migration of an existing travel to time windows (spec §4): each stop's window
 * opens at its planned arrival (or its earliest) and lasts the estimated 180 minutes.
 */
export function migrateStopsToTimewindows(stops: readonly Stop[]): Stop[] {
  return stops.map((stop) => {
    const start = stop.estimatedArrivalTime ?? stop.timewindowEarliest;
    if (!start) return stop;
    const latest =
      stop.timewindowLatest && parse(stop.timewindowLatest) > parse(start)
        ? stop.timewindowLatest
        : iso(parse(start).plus({ minutes: ESTIMATED_TIME_WINDOW_MINUTES }));
    return { ...stop, timewindowEarliest: start, timewindowLatest: latest };
  });
}

function atStopTime(stop: Stop, travelDay: string, time: string, extraDays = 0): DateTime {
  const minutes = timeToMinutes(time);
  return DateTime.fromISO(travelDay, { zone: BUSINESS_TIME_ZONE })
    .plus({ days: stop.seekDays + extraDays })
    .set({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
}

/** Sets a stop's earliest from a day and 'HH:mm', pushing its latest when needed. */
export function withEarliestTime(stop: Stop, travelDay: string, time: string): Stop {
  return pushLatestAfterEarliest({ ...stop, timewindowEarliest: iso(atStopTime(stop, travelDay, time)) });
}

/**
 * Sets a stop's latest from a day and 'HH:mm'. `nextDay` puts it after midnight, for a
 * window that crosses it (22:00 to 01:00 ends at 01:00 the next day); a latest that would
 * still come before the earliest is pushed (spec §4), so no stored window ends before it starts.
 */
export function withLatestTime(stop: Stop, travelDay: string, time: string, nextDay = false): Stop {
  return pushLatestAfterEarliest({ ...stop, timewindowLatest: iso(atStopTime(stop, travelDay, time, nextDay ? 1 : 0)) });
}

/** Whether a stop's latest falls on the day after its own day (a window across midnight). */
export function isLatestNextDay(stop: Stop, travelDay: string): boolean {
  if (!stop.timewindowLatest) return false;
  const stopDay = DateTime.fromISO(travelDay, { zone: BUSINESS_TIME_ZONE }).plus({ days: stop.seekDays }).toISODate()!;
  return parse(stop.timewindowLatest).setZone(BUSINESS_TIME_ZONE).toISODate()! > stopDay;
}
