import { ESTIMATED_TIME_WINDOW_MINUTES } from '../constants.ts';
import type { Stop } from '../entities/stop.ts';
import { plusDays } from './calendar-days.ts';
import { atDayAndTime } from './defaults.ts';
import { isoInFrance, instantInFrance, readTimestamp, shiftTimestamp, wallClockInFrance, type OffsetInstant } from './france-clock.ts';

const MINUTE = 60_000;

/** A stored timestamp: the schemas let only readable ones in, so an unreadable one counts as absent. */
const read = (timestamp: string | null): OffsetInstant | null => (timestamp ? readTimestamp(timestamp) : null);

/**
 * When a stop's earliest is later than its latest, the latest is pushed up (spec §4) to the
 * earliest plus the estimated window of 180 minutes, so the window stays usable.
 */
export function pushLatestAfterEarliest(stop: Stop): Stop {
  const earliest = read(stop.timewindowEarliest);
  const latest = read(stop.timewindowLatest);
  if (!earliest || !latest || earliest.millis <= latest.millis) return stop;
  return { ...stop, timewindowLatest: shiftTimestamp(earliest, ESTIMATED_TIME_WINDOW_MINUTES * MINUTE) };
}

/** The same time of day in France, on the travel day plus the stop's day offset. */
function moveToDay(timestamp: string | null, day: string, seekDays: number): string | null {
  const moment = read(timestamp);
  if (!moment) return null;
  return isoInFrance(instantInFrance(plusDays(day, seekDays), wallClockInFrance(moment.millis).msOfDay));
}

/**
 * Changing the customer date moves every stop's dates, keeping times and day offsets (spec §4).
 * A window keeps its length: one from 22:00 to 01:00 still ends the next day.
 */
export function moveStopsToDate(stops: readonly Stop[], day: string): Stop[] {
  return stops.map((stop) => {
    const earliest = moveToDay(stop.timewindowEarliest, day, stop.seekDays);
    const before = read(stop.timewindowEarliest);
    const after = read(stop.timewindowLatest);
    const span = before && after ? after.millis - before.millis : null;
    const movedEarliest = read(earliest);
    const latest =
      movedEarliest && span !== null && span >= 0
        ? shiftTimestamp(movedEarliest, span)
        : moveToDay(stop.timewindowLatest, day, stop.seekDays);
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
  const opens = read(first ?? null);
  if (!first || !opens) return [...stops];
  const latest = shiftTimestamp(opens, Math.round(amplitudeHours * 60) * MINUTE);
  return stops.map((stop) => ({ ...stop, timewindowEarliest: first, timewindowLatest: latest }));
}

/**
 * One-time migration of an existing travel to time windows (spec §4): each stop's window
 * opens at its planned arrival (or its earliest) and lasts the estimated 180 minutes.
 */
export function migrateStopsToTimewindows(stops: readonly Stop[]): Stop[] {
  return stops.map((stop) => {
    const start = stop.estimatedArrivalTime ?? stop.timewindowEarliest;
    const opens = read(start);
    if (!start || !opens) return stop;
    const closes = read(stop.timewindowLatest);
    const latest =
      stop.timewindowLatest && closes && closes.millis > opens.millis
        ? stop.timewindowLatest
        : shiftTimestamp(opens, ESTIMATED_TIME_WINDOW_MINUTES * MINUTE);
    return { ...stop, timewindowEarliest: start, timewindowLatest: latest };
  });
}

function atStopTime(stop: Stop, travelDay: string, time: string, extraDays = 0): string {
  return isoInFrance(atDayAndTime(plusDays(travelDay, stop.seekDays + extraDays), time));
}

/** Sets a stop's earliest from a day and 'HH:mm', pushing its latest when needed. */
export function withEarliestTime(stop: Stop, travelDay: string, time: string): Stop {
  return pushLatestAfterEarliest({ ...stop, timewindowEarliest: atStopTime(stop, travelDay, time) });
}

/**
 * Sets a stop's latest from a day and 'HH:mm'. `nextDay` puts it after midnight, for a
 * window that crosses it (22:00 to 01:00 ends at 01:00 the next day); a latest that would
 * still come before the earliest is pushed (spec §4), so no stored window ends before it starts.
 */
export function withLatestTime(stop: Stop, travelDay: string, time: string, nextDay = false): Stop {
  return pushLatestAfterEarliest({ ...stop, timewindowLatest: atStopTime(stop, travelDay, time, nextDay ? 1 : 0) });
}

/** Whether a stop's latest falls on the day after its own day (a window across midnight). */
export function isLatestNextDay(stop: Stop, travelDay: string): boolean {
  const latest = read(stop.timewindowLatest);
  if (!latest) return false;
  return wallClockInFrance(latest.millis).day > plusDays(travelDay, stop.seekDays);
}
