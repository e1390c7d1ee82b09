import { DateTime } from 'luxon';
import type { Stop } from '../entities/stop.ts';

/**
 * Arrival estimate of each stop: the start time at the first, then the previous arrival
 * plus its minutes on site plus the leg's drive. A stop whose window opens later is
 * waited for, as a driver would.
 */
export function estimateArrivals(stops: readonly Stop[], start: DateTime, legDurationsSeconds: readonly number[]): string[] {
  // Counted in milliseconds: minutes and seconds never cross a calendar rule, and a zoned
  // date per step would ask Intl for the zone's offset twice per stop of a 50-stop trip.
  let arrival = start.toMillis();
  return stops.map((stop, index) => {
    if (index > 0) {
      const previous = stops[index - 1]!;
      arrival += previous.durationMin * 60_000 + Math.round(legDurationsSeconds[index - 1] ?? 0) * 1000;
    }
    if (stop.timewindowEarliest) arrival = Math.max(arrival, DateTime.fromISO(stop.timewindowEarliest, { setZone: true }).toMillis());
    return DateTime.fromMillis(arrival, { zone: start.zone }).toISO({ suppressMilliseconds: true })!;
  });
}
