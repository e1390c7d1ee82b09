import { atom } from 'jotai';
import { moveStopsToDate } from '../domain/time/windows.ts';
import { editCustomerAtom } from './customer.atoms.ts';
import { replaceStopsAtom, stopsAtom } from './stops.atoms.ts';

// Apart from customer.atoms.ts: moving dates needs France's clock, which only the screens that
// change the date (the customer form, the earlier variant's header) bring.

/** The travel date, from the customer form or the earlier variant's header: every stop moves with it (spec §4). */
export const chooseTravelDateAtom = atom(null, (get, set, date: string) => {
  set(editCustomerAtom, { date });
  if (date) set(replaceStopsAtom, moveStopsToDate(get(stopsAtom), date));
});
