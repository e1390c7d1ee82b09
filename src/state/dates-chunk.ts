import { atom } from 'jotai';
import { dismissBannerAtom, showBannerAtom } from './banner.atoms.ts';

/**
 * What needs dates in France comes in one chunk fetched after the first panel shows:
 * the schedule every travel gets, a pool's time windows. This is the one way it is
 * fetched, and the one way its failure is said: a French banner with 'Réessayer', whoever
 * asked. Whoever asked gets null and leaves things as they are.
 */
export type DatesChunk = typeof import('./dates.ts');

export const DATES_UNAVAILABLE =
  'Les dates et horaires n’ont pas pu être chargés\u00a0: la connexion a peut-être été coupée. Rien de ce que vous avez saisi n’est perdu.';

export const importDatesAtom = atom(null, async (_get, set): Promise<DatesChunk | null> => {
  try {
    const chunk = await import('./dates.ts');
    set(dismissBannerAtom, 'dates');
    return chunk;
  } catch {
    set(showBannerAtom, { id: 'dates', kind: 'error', text: DATES_UNAVAILABLE, retry: 'dates' });
    return null;
  }
});

/**
 * What every travel gets on arrival (spec §4, §9): an existing booking moves to time windows
 * once, a travel without a date starts on the default day and time. Run again by the
 * banner's 'Réessayer': both steps leave a travel that has them alone.
 */
export const settleScheduleAtom = atom(null, async (get, set) => {
  const dates = await set(importDatesAtom);
  dates?.settleSchedule(get, set);
});
