import { atom } from 'jotai';
import { MESSAGES } from '../domain/messages.ts';
import { showBannerAtom } from './banner.atoms.ts';
import type { SaveOptions, SaveOutcome } from './save.ts';
import { servicesAtom } from './services.atoms.ts';

export type { SaveOutcome };

/**
 * The saving code (the POST body, the checks of every form) is needed only to save: it comes
 * when a save button shows, or at the latest when one is pressed, not with the first panel.
 */
const saveCode = () => import('./save.ts');

export const SAVE_CODE_UNAVAILABLE =
  'L’enregistrement n’a pas pu être préparé\u00a0: la connexion a peut-être été coupée. Rien de ce que vous avez saisi n’est perdu.';

/** Fetches the saving code ahead of a press, once a save button shows; a failure is said when it is pressed. */
export function prepareSave(): void {
  saveCode().catch(() => undefined);
}

/** Enregistrer, Mettre à jour !, Dupliquer and the earlier variant's save icon: one action for both elements. */
export const saveAtom = atom(null, async (get, set, options: SaveOptions = {}): Promise<SaveOutcome> => {
  const services = get(servicesAtom);
  if (!services) return { kind: 'failed' };
  let code: Awaited<ReturnType<typeof saveCode>>;
  try {
    code = await saveCode();
  } catch {
    // Said as a failed save is: pressing the button again asks for the code again.
    set(showBannerAtom, { id: 'save', kind: 'error', text: `${MESSAGES.saveFailed}. ${SAVE_CODE_UNAVAILABLE}` });
    return { kind: 'failed' };
  }
  return code.saveBooking(get, set, services, options);
});
