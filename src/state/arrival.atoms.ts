import { atom, useAtomValue, type Getter } from 'jotai';
import { useMemo } from 'react';
import { DateTime } from 'luxon';
import { atDayAndTime, defaultTravelDate, defaultTravelTime, estimateArrivals } from '../domain/index.ts';
import { systemClock } from '../services/clock.ts';
import { customerAtom } from './customer.atoms.ts';
import { routeAtom, routeStatusAtom } from './fees.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';

// The travel day and the arrival times: dates in France, with luxon. Only the stop times and
// the recap read them, and both load after the first panel (issue 17).

/** The travel day: the customer's date, else the default day (spec §9). */
export const travelDayAtom = atom((get) => get(customerAtom).date || defaultTravelDate(DateTime.fromJSDate(nowOf(get))));

/**
 * Arrival estimate of each stop once the route is known, else nulls: the stop cards and the
 * recap show the same times.
 */
export const arrivalsAtom = atom((get): (string | null)[] => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  if (get(routeStatusAtom) !== 'ok' || !route) return stops.map(() => null);
  const customer = get(customerAtom);
  const first = stops[0]?.timewindowEarliest;
  const start = first
    ? DateTime.fromISO(first, { setZone: true })
    : atDayAndTime(get(travelDayAtom), customer.time || defaultTravelTime(DateTime.fromJSDate(nowOf(get))));
  return estimateArrivals(stops, start, route.legDurations);
});

/** The arrivals by stop uid, so a card asks for its own and a move changes no other card's. */
const arrivalByUidAtom = atom((get) => {
  const arrivals = get(arrivalsAtom);
  return new Map(get(stopsAtom).map((stop, index) => [stop.uid, arrivals[index] ?? null]));
});

/** One stop's arrival estimate: its reader re-renders when that time changes, not when another stop's does. */
export function useStopArrival(uid: string): string | null {
  const arrivalAtom = useMemo(() => atom((get) => get(arrivalByUidAtom).get(uid) ?? null), [uid]);
  return useAtomValue(arrivalAtom);
}

function nowOf(get: Getter): Date {
  return (get(servicesAtom)?.now ?? systemClock)();
}
