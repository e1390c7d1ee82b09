import type { Stop } from '../entities/stop.ts';
import { isoInFrance, millisOf, readTimestamp, type Instant } from './france-clock.ts';

/**
 * Arrival estimate of each stop: the start time at the first, then the previous arrival
 * plus its minutes on site plus the leg's drive. A stop whose window opens later is
 * waited for, as a driver would. Each is written in France, at the offset of its own instant.
 */
export function estimateArrivals(
  stops: readonly Pick<Stop, 'durationMin' | 'timewindowEarliest'>[],
  start: Instant,
  legDurationsSeconds: readonly number[],
): string[] {
  // Counted in milliseconds: minutes and seconds never cross a calendar rule.
  let arrival = millisOf(start);
  return stops.map((stop, index) => {
    if (index > 0) {
      const previous = stops[index - 1]!;
      arrival += previous.durationMin * 60_000 + Math.round(legDurationsSeconds[index - 1] ?? 0) * 1000;
    }
    const opens = stop.timewindowEarliest ? readTimestamp(stop.timewindowEarliest) : null;
    if (opens) arrival = Math.max(arrival, opens.millis);
    return isoInFrance(arrival);
  });
}
