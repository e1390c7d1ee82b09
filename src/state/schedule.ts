import type { Getter, Setter } from 'jotai';
import { defaultTravelTime } from '../domain/time/defaults.ts';
import { defaultDayOf } from './default-day.ts';
import { migrateStopsToTimewindows } from '../domain/time/windows.ts';
import { bookingRefAtom } from './booking.atoms.ts';
import { customerAtom, editCustomerAtom } from './customer.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { replaceStopsAtom, stopsAtom } from './stops.atoms.ts';
import { migratedToTimeWindowsAtom, setTimeWindowsAtom } from './time-windows.atoms.ts';
import { systemClock } from '../services/clock.ts';

/** Editing an existing travel migrates it to time windows, once (spec §4). */
export function migrateExistingTravel(get: Getter, set: Setter): void {
  if (get(bookingRefAtom).travelId === null || get(migratedToTimeWindowsAtom)) return;
  set(replaceStopsAtom, migrateStopsToTimewindows(get(stopsAtom)));
  set(setTimeWindowsAtom, { enabled: true, migrated: true });
}

/** A travel without a date starts on the default day and time (spec §9: tomorrow after 22:00, 07:00 after 23:00). */
export function applyDefaultSchedule(get: Getter, set: Setter, now: Date): void {
  const customer = get(customerAtom);
  if (customer.date && customer.time) return;
  set(editCustomerAtom, {
    // Spec §9's default day, moved on to the first the carrier takes (its closed days, its notice).
    date: customer.date || defaultDayOf(get, now),
    time: customer.time || defaultTravelTime(now),
  });
}

/** The time-window migration of an old booking, then the default schedule, by the element's clock. */
export function settleSchedule(get: Getter, set: Setter): void {
  migrateExistingTravel(get, set);
  applyDefaultSchedule(get, set, (get(servicesAtom)?.now ?? systemClock)());
}
