import { atom } from 'jotai';
import type { Id } from '../domain/entities/common.ts';

/** Which booking the form is: none yet (a new travel), or the one saved or reopened, with the token that edits it. */
export interface BookingRef {
  travelId: Id | null;
  travelToken: string | null;
}

const NEW_BOOKING: BookingRef = { travelId: null, travelToken: null };
const bookingRefBase = atom<BookingRef>(NEW_BOOKING);
/** The carrier's state of the booking (spec §3 travelState): 'new', 'accepted'… */
const bookingStatusBase = atom('new');
const savingBase = atom(false);
/** What the server said of the customer's confirmation e-mail for the booking just made; null: not said. */
export type ConfirmationMail = 'sent' | 'withheld' | 'none';
const confirmationMailBase = atom<ConfirmationMail | null>(null);
/** The customer's links the server gave with the booking just made: the confirmation e-mail's own (edit page, status page). */
export interface CustomerLinks {
  edit: string | null;
  follow: string | null;
}
const NO_LINKS: CustomerLinks = { edit: null, follow: null };
const customerLinksBase = atom<CustomerLinks>(NO_LINKS);
/** Whether the reopened booking's devis is signed as it stands (the server's word on reopening). */
const devisSignedBase = atom(false);
const idempotencyKeyBase = atom<string | null>(null);

export const bookingRefAtom = atom((get) => get(bookingRefBase));
/** A travel not saved yet: saved by POST, and the one Dupliquer copies (spec §4). */
export const isNewTravelAtom = atom((get) => get(bookingRefBase).travelId === null);
export const bookingStatusAtom = atom((get) => get(bookingStatusBase));
/** Whether the customer gets a confirmation e-mail for the booking just made (the success panel says when not). */
export const confirmationMailAtom = atom((get) => get(confirmationMailBase));
/** The edit and status pages of the booking just made, as its e-mail gives them (issue 55, point 5). */
export const customerLinksAtom = atom((get) => get(customerLinksBase));
/** The booking being edited has its devis signed: saving a change undoes the signature (issue 55, point 8). */
export const devisSignedAtom = atom((get) => get(devisSignedBase));
export const setDevisSignedAtom = atom(null, (_get, set, signed: boolean) => set(devisSignedBase, signed));
/** A booking being sent: the save buttons wait, whatever the route does. */
export const savingAtom = atom((get) => get(savingBase));
/** The key of the booking being made, kept with the draft so a retry reuses it (DESIGN §6). */
export const idempotencyKeyAtom = atom((get) => get(idempotencyKeyBase));

/** The booking the form is bound to, and the carrier's state of it when known. */
export const bindBookingAtom = atom(
  null,
  (get, set, change: Partial<BookingRef> & { travelState?: string; confirmationMail?: ConfirmationMail | null; links?: CustomerLinks }) => {
    const { travelState, confirmationMail, links, ...ref } = change;
    set(bookingRefBase, { ...get(bookingRefBase), ...ref });
    if (travelState !== undefined) set(bookingStatusBase, travelState);
    if (confirmationMail !== undefined) set(confirmationMailBase, confirmationMail);
    if (links !== undefined) set(customerLinksBase, links);
  },
);

/** 'Faire une nouvelle demande': the form becomes a new booking, bound to none. */
export const unbindBookingAtom = atom(null, (_get, set) => {
  set(bookingRefBase, NEW_BOOKING);
  set(bookingStatusBase, 'new');
  set(confirmationMailBase, null);
  set(customerLinksBase, NO_LINKS);
  set(devisSignedBase, false);
});

export const setSavingAtom = atom(null, (_get, set, saving: boolean) => set(savingBase, saving));
export const setIdempotencyKeyAtom = atom(null, (_get, set, key: string | null) => set(idempotencyKeyBase, key));

export interface PostedTravel {
  id: Id;
  token: string;
  /** The server's word on the confirmation e-mail, when it says it. */
  confirmationMail?: ConfirmationMail | null;
  /** The customer's links, when the server gives them. */
  links?: CustomerLinks;
}

const postedTravelsBase = atom<PostedTravel[]>([]);
/** Bookings made in duplicate mode (spec §4), shown as edit icons opening the side frame. */
export const postedTravelsAtom = atom((get) => get(postedTravelsBase));
export const addPostedTravelAtom = atom(null, (get, set, posted: PostedTravel) =>
  set(postedTravelsBase, [...get(postedTravelsBase), posted]),
);
