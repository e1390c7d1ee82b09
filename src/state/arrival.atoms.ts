import { atom, useAtomValue, type Getter } from 'jotai';
import { useMemo } from 'react';
import { atDayAndTime, defaultTravelTime } from '../domain/time/defaults.ts';
import { defaultDayOf } from './default-day.ts';
import { estimateArrivals } from '../domain/time/arrival.ts';
import { readTimestamp } from '../domain/time/france-clock.ts';
import type { Stop } from '../domain/entities/stop.ts';
import { sameData } from '../domain/same-data.ts';
import { systemClock } from '../services/clock.ts';
import { customerAtom } from './customer.atoms.ts';
import { routeAtom, routeStatusAtom } from './route.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { stableAtom } from './stable-atom.ts';
import { stopsAtom } from './stops.atoms.ts';

// The travel day and the arrival times in France. Only the stop times and the recap read them.

/** The travel day: the customer's date, else the default day (spec §9). */
export const travelDayAtom = atom((get) => get(customerAtom).date || defaultDayOf(get));

type ArrivalStop = Pick<Stop, 'uid' | 'durationMin' | 'timewindowEarliest'>;
const NO_ARRIVALS: ReadonlyMap<string, string> = new Map();

/**
 * What the arrivals read of each stop: its minutes on site and its window, in uid order (the
 * arrivals follow the route's order, not the list's). The same array is kept while they are
 * unchanged, so a key typed in an address, a floor chosen or a stop moved recomputes no
 * arrival and re-renders no arrival line until a new route comes.
 */
const arrivalStopsAtom = stableAtom<readonly ArrivalStop[]>(
  (get) =>
    get(stopsAtom)
      .map(({ uid, durationMin, timewindowEarliest }) => ({ uid, durationMin, timewindowEarliest }))
      .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)),
  sameData,
  [],
);

/** Whether arrivals are shown: a route is in, or the next one is on its way (the last one's times stay meanwhile). */
const routeTimesShownAtom = atom((get) => {
  const status = get(routeStatusAtom);
  return status === 'ok' || status === 'loading';
});

/**
 * Arrival estimate of each stop of the route, by stop uid: the stop cards and the recap show
 * the same times. While a new route is asked for (after a move, say), the times stay those of
 * the last route, through the stops it was computed for: the list marks them as being updated,
 * rather than 50 lines vanishing and coming back, each card shrinking then growing.
 */
const arrivalByUidAtom = atom((get): ReadonlyMap<string, string> => {
  const route = get(routeAtom);
  if (!route || !get(routeTimesShownAtom)) return NO_ARRIVALS;
  const byUid = new Map(get(arrivalStopsAtom).map((stop) => [stop.uid, stop]));
  const routeStops = route.stopUids.map((uid) => byUid.get(uid));
  // A stop of that route was removed: its legs no longer describe the trip.
  if (!routeStops.every((stop) => stop !== undefined)) return NO_ARRIVALS;
  const first = routeStops[0]?.timewindowEarliest;
  const start =
    (first ? readTimestamp(first)?.millis : undefined) ??
    atDayAndTime(get(travelDayAtom), get(customerAtom).time || defaultTravelTime(nowOf(get)));
  const times = estimateArrivals(routeStops, start, route.legDurations);
  return new Map(route.stopUids.map((uid, index) => [uid, times[index]!]));
});

/** Arrival estimate of each stop in the trip's order, null where none is known (the recap). */
export const arrivalsAtom = atom((get): (string | null)[] => {
  const byUid = get(arrivalByUidAtom);
  return get(stopsAtom).map((stop) => byUid.get(stop.uid) ?? null);
});

/** One stop's arrival estimate: its reader re-renders when that time changes, not when another stop's does. */
export function useStopArrival(uid: string): string | null {
  const arrivalAtom = useMemo(() => atom((get) => get(arrivalByUidAtom).get(uid) ?? null), [uid]);
  return useAtomValue(arrivalAtom);
}

function nowOf(get: Getter): Date {
  return (get(servicesAtom)?.now ?? systemClock)();
}
