import { atom } from 'jotai';
import { importDatesAtom } from './dates-chunk.ts';
import type { SaveOptions, SaveOutcome } from './save.ts';
import { servicesAtom } from './services.atoms.ts';

export type { SaveOutcome };

/**
 * Enregistrer, Mettre à jour !, Dupliquer and the earlier variant's save icon: one action
 * for both elements. Its code needs dates in France, so it comes with the dates' chunk.
 */
export const saveAtom = atom(null, async (get, set, options: SaveOptions = {}): Promise<SaveOutcome> => {
  const services = get(servicesAtom);
  const dates = services ? await set(importDatesAtom) : null;
  if (!services || !dates) return { kind: 'failed' };
  return dates.saveBooking(get, set, services, options);
});
