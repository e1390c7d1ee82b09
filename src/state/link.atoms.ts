import { atom } from 'jotai';
import type { TravelState } from '../domain/entities/travel.ts';
import { parseSerializedTravelState } from '../domain/payload/serialized-travel.ts';
import { STEPS } from '../domain/steps/step-model.ts';
import { editsClosedMessage } from '../domain/time/edit-deadline.ts';
import { ApiError } from '../services/api-error.ts';
import type { StoredTravelResponse } from '../services/api-client.ts';
import { showBannerAtom } from './banner.atoms.ts';
import { unbindBookingAtom } from './booking.atoms.ts';
import { companyModeAtom } from './company.atoms.ts';
import { fixedPriceAtom, fixPriceAtom } from './price-choices.atoms.ts';
import { showStepAtom } from './steps.atoms.ts';

/** UX §6.2, verbatim. */
export const COMPANY_BOOKING_NOTICE = 'Réservation créée par un client professionnel\u00a0: les prix affichés sont ceux qu’il a fixés.';

/**
 * The travel state a reopened booking carries, bound to its id and the token that opened it,
 * in the state the server gives it: a booking the carrier accepted since it was saved opens as
 * accepted (spec §4: the warning, and only the chosen pool).
 */
export function reopenedTravel(stored: StoredTravelResponse, token: string): TravelState | null {
  const travel = parseSerializedTravelState(stored.store_serialized);
  return travel ? { ...travel, travelId: stored.id, travelToken: token, travelState: stored.state ?? travel.travelState } : null;
}

/**
 * A booking a company made, opened by its public edit link (no company token): the link
 * grants no company feature, and the visitor sees the prices the company saved, pinned so
 * that the public formula does not replace them, with a line that says why. From the company's
 * own page the element is in company mode and prices as usual. Company mode is known only
 * once the company is in: load() calls this after it.
 */
export const pinCompanyPricesAtom = atom(null, (get, set, stored: StoredTravelResponse) => {
  if (!stored.made_by_company || get(companyModeAtom)) return;
  if (get(fixedPriceAtom) === null) {
    const { price_transportation_ht, price_handling_ht } = stored.travel;
    set(fixPriceAtom, { transportationPriceVatExcluded: price_transportation_ht / 100, handlingPriceVatExcluded: price_handling_ht / 100 });
  }
  set(showBannerAtom, { id: 'company-booking', kind: 'info', text: COMPANY_BOOKING_NOTICE });
});

/**
 * A booking reopened after its carrier closed edits (a number of days before the move): said
 * before the visitor types anything, on the element's own clock, from the instant the server
 * gave; the server refuses the save anyway, on its clock.
 */
export const warnClosedEditsAtom = atom(null, (_get, set, stored: StoredTravelResponse, now: Date) => {
  const closeAt = stored.edits_close_at ? Date.parse(stored.edits_close_at) : Number.NaN;
  if (Number.isNaN(closeAt) || now.getTime() < closeAt) return;
  set(showBannerAtom, { id: 'edits-closed', kind: 'warning', text: editsClosedMessage(closeAt) });
});

const editLinkBase = atom<'ok' | 'invalid'>('ok');
/** 'invalid' when the edit link's booking was refused (wrong or expired token, unknown id). */
export const editLinkAtom = atom((get) => get(editLinkBase));

/**
 * A booking that could not be reopened: a refused link shows its own screen instead of an
 * empty form (UX §6.2); a server or network failure says so and keeps the form.
 */
export const reportReopenFailureAtom = atom(null, (_get, set, error: unknown) => {
  if (error instanceof ApiError && error.status !== null && [400, 401, 403, 404, 410].includes(error.status)) {
    set(editLinkBase, 'invalid');
    return;
  }
  set(showBannerAtom, {
    id: 'travel',
    kind: 'error',
    text: 'La réservation n’a pas pu être rouverte\u00a0: le serveur ne répond pas. Rechargez la page dans un instant.',
  });
});

/** 'Faire une nouvelle demande': the form starts as a new booking, never bound to the refused one. */
export const startNewRequestAtom = atom(null, (_get, set) => {
  set(unbindBookingAtom);
  // A new request starts at the first step, whatever an old draft of this page had reached.
  set(showStepAtom, STEPS.addresses);
  set(editLinkBase, 'ok');
});
