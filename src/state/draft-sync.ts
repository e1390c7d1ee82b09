import { atom } from 'jotai';
import { isWorkingStep, STEPS } from '../domain/steps/step-model.ts';
import { draftKey } from '../services/drafts.ts';
import { idempotencyKeyAtom, setIdempotencyKeyAtom } from './booking.atoms.ts';
import { configAtom } from './config.atoms.ts';
import { contactsAtom, replaceContactsAtom } from './contacts.atoms.ts';
import { customerAtom, replaceCustomerAtom } from './customer.atoms.ts';
import { itemsAtom, replaceItemsAtom } from './items.atoms.ts';
import type { Services } from './services.atoms.ts';
import { replaceStopsAtom, stopsAtom } from './stops.atoms.ts';
import { subscribe, type QuoteStore } from './store.ts';
import { hold } from '../services/live-resources.ts';
import { showStepAtom, stepAtom } from './steps.atoms.ts';

export const DRAFT_SAVE_DELAY_MS = 250;

/** Which element of the page the drafts belong to: its tag, its rank among its kind, the page's path. */
export interface DraftOwner {
  tag: string;
  instance: string;
  path: string;
}

const draftOwnerBase = atom<DraftOwner | null>(null);
/** The session's, when its element first enters the page. */
export const setDraftOwnerAtom = atom(null, (_get, set, owner: DraftOwner) => set(draftOwnerBase, owner));

function keyOf(store: QuoteStore): string {
  const config = store.get(configAtom);
  const owner = store.get(draftOwnerBase) ?? { tag: 'transport-quote', instance: config.elementId ?? '0', path: '/' };
  return draftKey({ ...owner, instance: config.elementId ?? owner.instance, companyToken: config.companyToken, travelId: config.travelId });
}

/** Restores the draft of this element, if one was left; true when it did. */
export function restoreDraft(store: QuoteStore, services: Services): boolean {
  const draft = services.drafts.load(keyOf(store));
  if (!draft) return false;
  if (draft.stops.length >= 2) store.set(replaceStopsAtom, draft.stops);
  store.set(replaceItemsAtom, draft.items);
  store.set(replaceCustomerAtom, draft.customer);
  store.set(replaceContactsAtom, draft.contacts);
  store.set(setIdempotencyKeyAtom, draft.idempotencyKey ?? null);
  // The step it had reached, if a working one: a finished booking leaves no draft.
  if (isWorkingStep(draft.panel)) store.set(showStepAtom, draft.panel);
  return true;
}

/** Saves the draft as the visitor types; cleared after a successful booking. */
export function startDraftSync(store: QuoteStore, services: Services): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let releaseTimer = () => {};
  const save = () => {
    timer = null;
    releaseTimer();
    if (store.get(stepAtom) === STEPS.success) {
      services.drafts.clear(keyOf(store));
      return;
    }
    services.drafts.save(keyOf(store), {
      stops: store.get(stopsAtom),
      items: store.get(itemsAtom),
      customer: store.get(customerAtom),
      contacts: store.get(contactsAtom),
      panel: store.get(stepAtom),
      idempotencyKey: store.get(idempotencyKeyAtom),
      savedAt: services.now().toISOString(),
    });
  };
  // Written now rather than later: what is pending when the page goes, and the end of a booking
  // (a draft left behind would reopen the finished form on the next visit).
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    else releaseTimer = hold('timer');
    timer = setTimeout(save, DRAFT_SAVE_DELAY_MS);
    if (store.get(stepAtom) === STEPS.success) flush();
  };
  const unsubscribers = [stopsAtom, itemsAtom, customerAtom, contactsAtom, stepAtom, idempotencyKeyAtom].map((a) =>
    subscribe(store, a, schedule),
  );
  const releaseListener = hold('listener');
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    window.removeEventListener('pagehide', flush);
    releaseListener();
    flush();
  };
}
