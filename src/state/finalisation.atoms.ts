import { atom } from 'jotai';
import type { BookingForm } from '../domain/validation/submission.ts';

export type FinalTab = BookingForm;

/** The Finalisation tab shown: a refused save opens the form to correct. */
export const finalTabAtom = atom<FinalTab>('customer');
/** Counts refused saves: every message shows after the first, and focus goes to the first error. */
export const submitAttemptAtom = atom(0);
