import { atom } from 'jotai';
import { PUBLIC_POOL_ID } from '../domain/entities/driver-pool.ts';
import type { Id } from '../domain/entities/common.ts';
import { findPool, selectablePools, withPoolDefaultNotes } from '../domain/pools/pool-selection.ts';
import { isAcceptedTravel } from '../domain/entities/travel.ts';
import { bookingStatusAtom } from './booking.atoms.ts';
import { companyDataAtom } from './company.atoms.ts';
import { customerAtom, editCustomerAtom } from './customer.atoms.ts';

/** The pool the travel is priced with (spec §3 driverPoolSelector, default public). */
const poolIdBase = atom<Id>(PUBLIC_POOL_ID);
export const poolIdAtom = atom((get) => get(poolIdBase));

/** The pool the travel is priced with (null for the public grid without a pool list). */
export const selectedPoolAtom = atom((get) => findPool(get(companyDataAtom).driver_pools, get(poolIdBase)));

/** The carrier accepted the ride (spec §4): its pool is kept, and a warning says so. */
export const isAcceptedAtom = atom((get) => isAcceptedTravel({ travelState: get(bookingStatusAtom) }));

/** Pools offered in the selector: all, or only the chosen one once the carrier accepted (spec §4). */
export const selectablePoolsAtom = atom((get) => selectablePools(get(companyDataAtom).driver_pools, get(poolIdBase), get(isAcceptedAtom)));

/**
 * Selects a pool (spec §4): the travel is priced with it and its default notes follow a
 * ==== marker in the customer notes, replacing the previous pool's. Used by the wizard's
 * selector, the lite element's 'Choix Grille' and the default pool of a new travel alike.
 */
export const selectPoolAtom = atom(null, (get, set, poolId: Id) => {
  const pool = findPool(get(companyDataAtom).driver_pools, poolId);
  if (!pool) return;
  set(poolIdBase, pool.id);
  set(editCustomerAtom, { notes: withPoolDefaultNotes(get(customerAtom).notes, pool.default_notes) });
});

/** A pool named by a travel or its infos block, taken as it is: its notes are already in the travel. */
export const restorePoolAtom = atom(null, (_get, set, poolId: Id) => set(poolIdBase, poolId));
