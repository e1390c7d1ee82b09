import { useAtomValue } from 'jotai';
import { variantAtom } from '../state/variant.atoms.ts';

/** Which element renders the shared screens: a few behaviours differ in the earlier variant (spec §2, §8). */
export const useVariant = () => useAtomValue(variantAtom);
