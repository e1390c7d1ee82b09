import { atom } from 'jotai';
import { findPool, isAcceptedTravel, selectablePools, withPoolDefaultNotes, type Id } from '../domain/index.ts';
import { customerAtom } from './customer.atoms.ts';
import { companyDataAtom } from './company.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';

/** The pool the travel is priced with (null for the public grid without a pool list). */
export const selectedPoolAtom = atom((get) => findPool(get(companyDataAtom).driver_pools, get(travelIdentityAtom).driverPoolSelector));

/** Pools offered in the selector: all, or only the chosen one once the carrier accepted (spec §4). */
export const selectablePoolsAtom = atom((get) => {
  const identity = get(travelIdentityAtom);
  return selectablePools(get(companyDataAtom).driver_pools, identity.driverPoolSelector, isAcceptedTravel(identity));
});

/**
 * Selects a pool (spec §4): the travel is priced with it and its default notes follow a
 * ==== marker in the customer notes, replacing the previous pool's. Used by the wizard's
 * selector, the lite element's 'Choix Grille' and the default pool of a new travel alike.
 */
export const selectPoolAtom = atom(null, (get, set, poolId: Id) => {
  const pool = findPool(get(companyDataAtom).driver_pools, poolId);
  if (!pool) return;
  set(travelIdentityAtom, { ...get(travelIdentityAtom), driverPoolSelector: pool.id });
  const customer = get(customerAtom);
  set(customerAtom, { ...customer, notes: withPoolDefaultNotes(customer.notes, pool.default_notes) });
});
