import { atom } from 'jotai';
import { litePrice } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateAtom } from '../../state/fees.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';

/** The earlier variant's step cursor (spec §3 stepCursor). */
export const liteCursorAtom = atom(0);

/** The earlier variant's total (spec §9): km × 0.7 + hours × 15 + tier fee, minimum 38. */
export const liteTotalAtom = atom((get) => {
  const estimate = get(estimateAtom);
  if (!estimate) return 0;
  return litePrice({ distance: estimate.driver.distance, duration: estimate.driver.duration, volume: estimate.volume, items: get(itemsAtom), vat: get(companyDataAtom).vat });
});
