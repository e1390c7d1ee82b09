import { atom } from 'jotai';
import { PANELS, restoreStore, type TravelState } from '../domain/index.ts';
import { ApiError, type StoredTravelResponse } from '../services/api-client.ts';
import { showBannerAtom } from './banner.atoms.ts';
import { companyModeAtom } from './company.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import type { QuoteStore } from './store.ts';
import { panelAtom } from './wizard.atoms.ts';

/** UX §6.2, verbatim. */
export const COMPANY_BOOKING_NOTICE = 'Réservation créée par un client professionnel\u00a0: les prix affichés sont ceux qu’il a fixés.';

/**
 * The travel state a reopened booking carries, bound to its id and the token that opened it,
 * in the state the server gives it: a booking the carrier accepted since it was saved opens as
 * accepted (spec §4: the warning, and only the chosen pool).
 */
export function reopenedTravel(stored: StoredTravelResponse, token: string): TravelState | null {
  const travel = restoreStore(stored.store_serialized);
  return travel ? { ...travel, travelId: stored.id, travelToken: token, travelState: stored.state ?? travel.travelState } : null;
}

/**
 * A booking a company made, opened by its public edit link (no company token): the link
 * grants no company feature, and the visitor sees the prices the company saved, pinned so
 * that the public formula does not replace them, with a line that says why. From the company's
 * own page the element is in company mode and prices as usual.
 */
export function pinCompanyPrices(store: QuoteStore, stored: StoredTravelResponse): void {
  if (!stored.made_by_company || store.get(companyModeAtom)) return;
  const identity = store.get(travelIdentityAtom);
  if (identity.fixedPrice === null) {
    const { price_transportation_ht, price_handling_ht } = stored.travel;
    store.set(travelIdentityAtom, {
      ...identity,
      fixedPrice: { transportationPriceVatExcluded: price_transportation_ht / 100, handlingPriceVatExcluded: price_handling_ht / 100 },
    });
  }
  store.set(showBannerAtom, { id: 'company-booking', kind: 'info', text: COMPANY_BOOKING_NOTICE });
}

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
  store.set(showBannerAtom, {
    id: 'travel',
    kind: 'error',
    text: 'La réservation n’a pas pu être rouverte\u00a0: le serveur ne répond pas. Rechargez la page dans un instant.',
  });
}

/** 'Faire une nouvelle demande': the form starts as a new booking, never bound to the refused one. */
export const startNewRequestAtom = atom(null, (get, set) => {
  set(travelIdentityAtom, { ...get(travelIdentityAtom), travelId: null, travelToken: null, travelState: 'new' });
  // A new request starts at the first panel, whatever an old draft of this page had reached.
  set(panelAtom, PANELS.addresses);
  set(editLinkAtom, 'ok');
});
