import { DateTime } from 'luxon';
import { defaultTravelDate, defaultTravelTime, migrateStopsToTimewindows } from '../domain/index.ts';
import { customerAtom } from './customer.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import type { QuoteStore } from './store.ts';

// What every travel gets on arrival that needs dates in France (luxon): loaded by the session
// beside the first panel, not before it (issue 17).

/** Editing an existing travel migrates it to time windows, once (spec §4). */
export function migrateExistingTravel(store: QuoteStore): void {
  const identity = store.get(travelIdentityAtom);
  if (identity.travelId === null || identity.isMigratedToTimewindow) return;
  store.set(stopsAtom, migrateStopsToTimewindows(store.get(stopsAtom)));
  store.set(travelIdentityAtom, { ...store.get(travelIdentityAtom), timewindowEnabled: true, isMigratedToTimewindow: true });
}

/** A travel without a date starts on the default day and time (spec §9: tomorrow after 22:00, 07:00 after 23:00). */
export function applyDefaultSchedule(store: QuoteStore, now: Date): void {
  const customer = store.get(customerAtom);
  if (customer.date && customer.time) return;
  const moment = DateTime.fromJSDate(now);
  store.set(customerAtom, {
    ...customer,
    date: customer.date || defaultTravelDate(moment),
    time: customer.time || defaultTravelTime(moment),
  });
}

/** The time-window migration of an old booking, then the default schedule. */
export function settleSchedule(store: QuoteStore, now: Date): void {
  migrateExistingTravel(store);
  applyDefaultSchedule(store, now);
}
