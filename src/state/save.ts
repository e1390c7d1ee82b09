import type { Getter, Setter } from 'jotai';
import * as v from 'valibot';
import { formatPrice, NBSP } from '../domain/format.ts';
import { MESSAGES } from '../domain/messages.ts';
import { displayedAmount } from '../domain/pricing/vat.ts';
import type { Quote } from '../domain/quotes/quote-answer.ts';
import { PriceChangedSchema } from '../domain/payload/travel-answers.ts';
import { buildTravelPayload } from '../domain/payload/travel-payload.ts';
import type { TravelPayload } from '../domain/payload/travel-payload-schema.ts';
import { STEPS } from '../domain/steps/step-model.ts';
import { formsToCorrect, type BookingForm } from '../domain/validation/submission.ts';
import { ApiError, newIdempotencyKey } from '../services/api-client.ts';
import { dismissBannerAtom, showBannerAtom } from './banner.atoms.ts';
import {
  addPostedTravelAtom,
  bindBookingAtom,
  idempotencyKeyAtom,
  savingAtom,
  setIdempotencyKeyAtom,
  setSavingAtom,
  type PostedTravel,
} from './booking.atoms.ts';
import { companyDataAtom, companyModeAtom } from './company.atoms.ts';
import { configAtom } from './config.atoms.ts';
import { shownTotalAtom } from './estimate.atoms.ts';
import { finalTabAtom, submitAttemptAtom } from './finalisation.atoms.ts';
import type { Services } from './services.atoms.ts';
import { showStepAtom } from './steps.atoms.ts';
import { answerQuoteAtom, currentQuoteAtom, holdQuote, tripQuoteRequestAtom, type HeldQuote } from './quote.atoms.ts';
import { travelSnapshotAtom } from './travel-snapshot.atoms.ts';
import { variantAtom } from './variant.atoms.ts';

/**
 * How a save ended: a booking created, updated or duplicated; refused before sending (a
 * form to correct, or one already on its way); or failed (said in a banner).
 */
export type SaveOutcome =
  | { kind: 'created' | 'updated'; travelId: PostedTravel['id'] }
  | { kind: 'duplicated'; posted: PostedTravel }
  | { kind: 'invalid'; forms: BookingForm[] }
  | { kind: 'busy' }
  | { kind: 'failed' }
  /** The carrier's price changed since it was shown: the new one is on screen, for the visitor to save again. */
  | { kind: 'price-changed'; quote: Quote };

export interface SaveOptions {
  /** Dupliquer (spec §4): a new booking from the same form, which stays as it is. */
  duplicate?: boolean;
}

/**
 * Saves the booking (spec §4), the one way both elements do: POST without a travel id,
 * PATCH with one. A refused save says which form to correct and opens it; a success posts
 * the host message and shows the success screen; a failure shows the spec's banner and
 * keeps everything typed. Each stage is its own function, so a new answer of the server
 * (a new price to confirm, say) is a new outcome, not a new path.
 */
export async function saveBooking(
  get: Getter,
  set: Setter,
  services: Services,
  { duplicate = false }: SaveOptions = {},
): Promise<SaveOutcome> {
  if (get(savingAtom)) return { kind: 'busy' };
  const state = get(travelSnapshotAtom);
  const forms = formsToCorrect(state, services.now());
  if (forms.length > 0) return refuse(get, set, forms);
  const config = get(configAtom);
  set(setSavingAtom, true);
  set(dismissBannerAtom, 'save');
  try {
    // The carrier's price: the quote shown, or a fresh one when it expired or never came.
    const quote = await quoteToBook(get, set, services);
    const payload = {
      ...buildTravelPayload(get(travelSnapshotAtom), config.companyToken),
      price_grid: get(variantAtom),
      ...(quote ? { quote_id: quote.id } : {}),
    };
    if (state.travelId !== null && !duplicate) {
      // The token of an existing travel: from its data, else from the travel-token attribute.
      await update(services, state.travelId, state.travelToken ?? config.travelToken, payload);
      return conclude(set, services, { kind: 'updated', travelId: state.travelId });
    }
    const created = await create(get, set, services, payload);
    return conclude(
      set,
      services,
      duplicate ? { kind: 'duplicated', posted: created } : { kind: 'created', travelId: created.id },
      created,
    );
  } catch (error) {
    const changed = error instanceof ApiError && error.status === 409 ? newQuoteOf(error) : null;
    if (changed) return priceChanged(get, set, holdQuote(changed, services.now()));
    // 422: the key already served another body (the first try was saved, then the booking was
    // changed). A fresh key lets the next try through instead of failing for 24 hours.
    if (error instanceof ApiError && error.status === 422) set(setIdempotencyKeyAtom, null);
    // The spec's sentence, then what happened, so the visitor knows whether waiting will help.
    const reason = error instanceof ApiError ? ` ${error.message}` : '';
    set(showBannerAtom, { id: 'save', kind: 'error', text: `${MESSAGES.saveFailed}.${reason}` });
    return { kind: 'failed' };
  } finally {
    set(setSavingAtom, false);
  }
}

/**
 * The quote a booking carries: the one on screen while it holds, else a fresh one asked now.
 * Without one (the server could not quote), the booking goes with the estimate: the server
 * prices it and says whether its price is another.
 */
async function quoteToBook(get: Getter, set: Setter, services: Services): Promise<Quote | null> {
  const request = get(tripQuoteRequestAtom);
  if (!request) return null;
  const shown = get(currentQuoteAtom);
  if (shown && shown.deadline > services.now().getTime()) return shown;
  try {
    const quote = await services.api.requestQuote(request);
    set(answerQuoteAtom, { request, quote: holdQuote(quote, services.now()), error: null });
    return quote;
  } catch {
    return null;
  }
}

/** The new quote a 409 brings, when it brings one (the other 409, a booking being saved already, brings none). */
function newQuoteOf(error: ApiError): Quote | null {
  const parsed = v.safeParse(PriceChangedSchema, error.body);
  return parsed.success ? (parsed.output.quote ?? null) : null;
}

/**
 * The price changed between the quote shown and the save (it expired, or the carrier's records
 * changed): the new quote takes its place on screen, and a banner says what the price is now
 * and what it was. Nothing typed is lost; Enregistrer saves at the new price.
 */
function priceChanged(get: Getter, set: Setter, quote: HeldQuote): SaveOutcome {
  const before = get(shownTotalAtom)?.total ?? null;
  const request = get(tripQuoteRequestAtom);
  if (request) set(answerQuoteAtom, { request, quote, error: null });
  const company = get(companyDataAtom);
  const companyMode = get(companyModeAtom);
  const lite = get(variantAtom) === 'lite';
  const total = (lite ? quote.figures.price_transportation + quote.figures.price_handling : quote.figures.total) / 100;
  const money = (amount: number) =>
    `${formatPrice(displayedAmount(amount, companyMode, company.vat), company.currency_symbol)}${NBSP}${companyMode ? 'HT' : 'TTC'}`;
  const was = before !== null && Math.abs(before - total) >= 0.005 ? ` au lieu de ${money(before)}` : '';
  // A failed save, as every other (spec §8): the spec's banner first, then why and what to do.
  set(showBannerAtom, {
    id: 'save',
    kind: 'error',
    text: `${MESSAGES.saveFailed}. Le prix du transporteur a changé${NBSP}: ${money(total)}${was}. Vérifiez-le, puis enregistrez à nouveau.`,
  });
  return { kind: 'price-changed', quote };
}

/** A form to correct: the finalisation opens on it, with every message shown and the focus on the first field in error. */
function refuse(get: Getter, set: Setter, forms: BookingForm[]): SaveOutcome {
  set(finalTabAtom, forms[0]!);
  set(submitAttemptAtom, get(submitAttemptAtom) + 1);
  set(showStepAtom, STEPS.finalisation);
  return { kind: 'invalid', forms };
}

async function update(services: Services, travelId: PostedTravel['id'], token: string | null, payload: TravelPayload): Promise<void> {
  // An existing travel is only ever updated: without its token there is nothing to send.
  if (!token) throw new ApiError('Réservation introuvable\u00a0: le lien de modification n’a pas de jeton.', null);
  await services.api.updateTravel(travelId, token, payload);
}

/** POST with the draft's Idempotency-Key (DESIGN §6): a retry after a lost answer makes one booking. */
async function create(get: Getter, set: Setter, services: Services, payload: TravelPayload): Promise<PostedTravel> {
  const key = get(idempotencyKeyAtom) ?? newIdempotencyKey();
  set(setIdempotencyKeyAtom, key);
  const created = await services.api.createTravel({ ...payload, travel: { ...payload.travel, travel_id: null } }, key);
  set(setIdempotencyKeyAtom, null);
  return {
    id: created.id,
    token: created.token,
    confirmationMail: created.confirmation_email ?? null,
    links: { edit: created.edit_url ?? null, follow: created.follow_url ?? null },
  };
}

/** What a saved booking changes: the host page is told (spec §2), then the form shows the success or stays for the next copy. */
function conclude(set: Setter, services: Services, outcome: SaveOutcome, created?: PostedTravel): SaveOutcome {
  if (created) services.messenger('travel_creation_succeed', { token: created.token, travelId: created.id });
  if (outcome.kind === 'updated') services.messenger('travel_update_succeed', { travelId: outcome.travelId });
  if (outcome.kind === 'duplicated') {
    set(addPostedTravelAtom, outcome.posted);
    return outcome;
  }
  if (created)
    set(bindBookingAtom, {
      travelId: created.id,
      travelToken: created.token,
      confirmationMail: created.confirmationMail ?? null,
      ...(created.links ? { links: created.links } : {}),
    });
  set(showStepAtom, STEPS.success);
  return outcome;
}
