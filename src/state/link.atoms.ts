import { atom } from 'jotai';
import { ApiError } from '../services/api-client.ts';
import { showBannerAtom } from './banner.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import type { QuoteStore } from './store.ts';

/** 'invalid' when the edit link's booking was refused (wrong or expired token, unknown id). */
export const editLinkAtom = atom<'ok' | 'invalid'>('ok');

/**
 * A booking that could not be reopened: a refused link shows its own screen instead of an
 * empty form (UX §6.2); a server or network failure says so and keeps the form.
 */
export function reportReopenFailure(store: QuoteStore, error: unknown): void {
  if (error instanceof ApiError && error.status !== null && [400, 401, 403, 404, 410].includes(error.status)) {
    store.set(editLinkAtom, 'invalid');
    return;
  }
  store.set(showBannerAtom, { id: 'travel', kind: 'error', text: 'La réservation n’a pas pu être rouverte\u00a0: le serveur ne répond pas. Rechargez la page dans un instant.' });
}

/** 'Faire une nouvelle demande': the form starts as a new booking, never bound to the refused one. */
export const startNewRequestAtom = atom(null, (get, set) => {
  set(travelIdentityAtom, { ...get(travelIdentityAtom), travelId: null, travelToken: null, travelState: 'new' });
  set(editLinkAtom, 'ok');
});
