import { createContext, useContext } from 'react';

/** Which element renders the shared controls: a few behaviours differ in the earlier variant (spec §2, §8). */
export type Variant = 'wizard' | 'lite';
export const VariantContext = createContext<Variant>('wizard');
export const useVariant = () => useContext(VariantContext);
