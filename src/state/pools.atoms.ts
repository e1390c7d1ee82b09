import { atom } from 'jotai';
import { findPool, isAcceptedTravel, selectablePools } from '../domain/index.ts';
import { companyDataAtom } from './company.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';

/** The pool the travel is priced with (null for the public grid without a pool list). */
export const selectedPoolAtom = atom((get) => findPool(get(companyDataAtom).driver_pools, get(travelIdentityAtom).driverPoolSelector));

/** Pools offered in the selector: all, or only the chosen one once the carrier accepted (spec §4). */
export const selectablePoolsAtom = atom((get) => {
  const identity = get(travelIdentityAtom);
  return selectablePools(get(companyDataAtom).driver_pools, identity.driverPoolSelector, isAcceptedTravel(identity));
});
