import { atom } from 'jotai';
import { isPriceEstimated, missingOnAddresses, missingOnItems } from '../domain/index.ts';
import { pricesAllowedAtom } from './company.atoms.ts';
import { estimateAtom, priceVariantAtom, routeStatusAtom } from './fees.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { liteTotalAtom } from './lite.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';

/** What keeps 'Suivant' hidden on the addresses step, or null (UX §3.2). */
export const missingAddressesAtom = atom((get) => missingOnAddresses(get(stopsAtom), get(routeStatusAtom)));
/** What keeps 'Suivant' hidden on the items step, or null. */
export const missingItemsAtom = atom((get) => missingOnItems(get(itemsAtom)));

/**
 * The total every screen shows (action bar, estimate, recap, success): the wizard's estimate
 * or the earlier variant's price, null while unknown, zero or hidden (UX principle 3).
 */
export const shownTotalAtom = atom((get) => {
  if (!get(pricesAllowedAtom)) return null;
  const estimate = get(estimateAtom);
  if (!estimate) return null;
  const total = get(priceVariantAtom) === 'lite' ? get(liteTotalAtom) : estimate.total;
  return total > 0 ? { total, approximate: isPriceEstimated(estimate) } : null;
});
