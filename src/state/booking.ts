import { areContactsValid, buildTravelPayload, isFormValid, MESSAGES, PANELS, validateCustomer, allContacts } from '../domain/index.ts';
import { DateTime } from 'luxon';
import { ApiError, newIdempotencyKey } from '../services/api-client.ts';
import { dismissBannerAtom, showBannerAtom } from './banner.atoms.ts';
import { configAtom } from './config.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import type { Services } from './services.atoms.ts';
import type { QuoteStore } from './store.ts';
import { travelStateAtom } from './travel.atoms.ts';
import { idempotencyKeyAtom, panelAtom, postedTravelsAtom, savingAtom } from './wizard.atoms.ts';

export { savingAtom };

export type SaveOutcome = 'created' | 'updated' | 'duplicated' | 'invalid' | 'failed' | 'busy';

/** Submission needs a valid customer form and valid contacts (spec §5). */
export function canSubmit(store: QuoteStore, now: Date): boolean {
  const state = store.get(travelStateAtom);
  return (
    isFormValid(validateCustomer(state.customer, DateTime.fromJSDate(now))) && areContactsValid(allContacts(state), state.stops.length)
  );
}

/**
 * Saves the booking (spec §4): POST without a travel id, PATCH with one. A failure shows the
 * spec's banner and keeps everything typed; a second click while saving does nothing.
 */
export async function saveBooking(store: QuoteStore, services: Services, { duplicate = false } = {}): Promise<SaveOutcome> {
  if (store.get(savingAtom)) return 'busy';
  if (!canSubmit(store, services.now())) return 'invalid';
  const state = store.get(travelStateAtom);
  const config = store.get(configAtom);
  const payload = buildTravelPayload(state, config.companyToken);
  store.set(savingAtom, true);
  store.set(dismissBannerAtom, 'save');
  // The token of an existing travel: from its data, else from the travel-token attribute.
  const token = state.travelToken ?? config.travelToken;
  try {
    if (state.travelId !== null && !duplicate) {
      // An existing travel is only ever updated: without its token there is nothing to send.
      if (!token) throw new ApiError(`Réservation introuvable\u00a0: le lien de modification n’a pas de jeton.`, null);
      await services.api.updateTravel(state.travelId, token, payload);
      services.messenger('travel_update_succeed', { travelId: state.travelId });
      store.set(panelAtom, PANELS.success);
      return 'updated';
    }
    const key = store.get(idempotencyKeyAtom) ?? newIdempotencyKey();
    store.set(idempotencyKeyAtom, key);
    const created = await services.api.createTravel({ ...payload, travel: { ...payload.travel, travel_id: null } }, key);
    store.set(idempotencyKeyAtom, null);
    services.messenger('travel_creation_succeed', { token: created.token, travelId: created.id });
    if (duplicate) {
      store.set(postedTravelsAtom, [...store.get(postedTravelsAtom), { id: created.id, token: created.token }]);
      return 'duplicated';
    }
    store.set(travelIdentityAtom, { ...store.get(travelIdentityAtom), travelId: created.id, travelToken: created.token });
    store.set(panelAtom, PANELS.success);
    return 'created';
  } catch (error) {
    // 422: the key already served another body (the first try was saved, then the booking was
    // changed). A fresh key lets the next try through instead of failing for 24 hours.
    if (error instanceof ApiError && error.status === 422) store.set(idempotencyKeyAtom, null);
    // The spec's sentence, then what happened, so the visitor knows whether waiting will help.
    const reason = error instanceof ApiError ? ` ${error.message}` : '';
    store.set(showBannerAtom, { id: 'save', kind: 'error', text: `${MESSAGES.saveFailed}.${reason}` });
    return 'failed';
  } finally {
    store.set(savingAtom, false);
  }
}
