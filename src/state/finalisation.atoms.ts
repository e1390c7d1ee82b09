import { atom } from 'jotai';

export type FinalTab = 'customer' | 'contacts';

/** The Finalisation tab shown: the save button in the action bar opens the one to fix. */
export const finalTabAtom = atom<FinalTab>('customer');
/** Counts refused saves: every message shows after the first, and focus goes to the first error. */
export const submitAttemptAtom = atom(0);
