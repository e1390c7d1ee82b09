import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import type { Stop } from '../entities/stop.ts';

/**
 * Arrival estimate of each stop: the start time at the first, then the previous arrival
 * plus its minutes on site plus the leg's drive. A stop whose window opens later is
 * waited for, as a driver would.
 */
export function estimateArrivals(
  stops: readonly Pick<Stop, 'durationMin' | 'timewindowEarliest'>[],
  start: DateTime,
  legDurationsSeconds: readonly number[],
): string[] {
  // Counted in milliseconds: minutes and seconds never cross a calendar rule, and a zoned
  // date per step would ask Intl for the zone's offset twice per stop of a 50-stop trip.
  let arrival = start.toMillis();
  const instants = stops.map((stop, index) => {
    if (index > 0) {
      const previous = stops[index - 1]!;
      arrival += previous.durationMin * 60_000 + Math.round(legDurationsSeconds[index - 1] ?? 0) * 1000;
    }
    if (stop.timewindowEarliest) arrival = Math.max(arrival, DateTime.fromISO(stop.timewindowEarliest, { setZone: true }).toMillis());
    return arrival;
  });
  const zone = zoneOver(start.zone, instants);
  return instants.map((instant) => DateTime.fromMillis(instant, { zone }).toISO({ suppressMilliseconds: true })!);
}

/**
 * The zone to write a trip's times in: a fixed offset when the trip keeps one from its first
 * arrival to its last (a trip lasts days, never the months between two changes of time), so
 * Intl is asked for the offset twice, not once per stop; otherwise the zone itself.
 */
function zoneOver(zone: Zone, instants: readonly number[]): Zone {
  if (instants.length === 0) return zone;
  const first = zone.offset(instants[0]!);
  return first === zone.offset(instants[instants.length - 1]!) ? FixedOffsetZone.instance(first) : zone;
}
