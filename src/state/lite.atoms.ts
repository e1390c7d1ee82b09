import { atom } from 'jotai';
import { estimateAtom, feesAtom } from './fees.atoms.ts';

/** The earlier variant's step cursor (spec §3 stepCursor). */
export const liteCursorAtom = atom(0);

/**
 * The earlier variant's total (spec §9): km × 0.7 + hours × 15 + tier fee, minimum 38, or a
 * fixed price. Read from the fees the booking sends, so what is shown is what is saved.
 */
export const liteTotalAtom = atom((get) => {
  if (!get(estimateAtom)) return 0;
  const fees = get(feesAtom);
  return fees.transportation.fee + fees.handling.fee;
});
