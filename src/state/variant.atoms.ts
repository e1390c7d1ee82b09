import { atom } from 'jotai';
import type { Variant } from '../domain/steps/step-model.ts';

const variantBase = atom<Variant>('wizard');

/**
 * Which element the store belongs to: the wizard, or the earlier variant with its own steps
 * and its own price grid (spec §2, §9). Set once by the session.
 */
export const variantAtom = atom((get) => get(variantBase));
export const setVariantAtom = atom(null, (_get, set, variant: Variant) => set(variantBase, variant));
