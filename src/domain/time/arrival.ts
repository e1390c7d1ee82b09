import { DateTime } from 'luxon';
import type { Stop } from '../entities/stop.ts';

/**
 * Arrival estimate of each stop: the start time at the first, then the previous arrival
 * plus its minutes on site plus the leg's drive. A stop whose window opens later is
 * waited for, as a driver would.
 */
export function estimateArrivals(stops: readonly Stop[], start: DateTime, legDurationsSeconds: readonly number[]): string[] {
  const arrivals: string[] = [];
  let arrival = start;
  stops.forEach((stop, index) => {
    if (index > 0) {
      const previous = stops[index - 1]!;
      arrival = arrival.plus({ minutes: previous.durationMin, seconds: Math.round(legDurationsSeconds[index - 1] ?? 0) });
    }
    if (stop.timewindowEarliest) {
      const opens = DateTime.fromISO(stop.timewindowEarliest, { setZone: true });
      if (opens > arrival) arrival = opens;
    }
    arrivals.push(arrival.toISO({ suppressMilliseconds: true })!);
  });
  return arrivals;
}
