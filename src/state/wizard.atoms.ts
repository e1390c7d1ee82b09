import { atom } from 'jotai';
import { isAddressStepValid, isItemsStepValid, type Panel } from '../domain/index.ts';
import { routeStatusAtom } from './fees.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';

export const panelAtom = atom<Panel>(0);
/** A route being computed: 'Calcul en cours…' in Suivant's place. */
export const routeLoadingAtom = atom((get) => get(routeStatusAtom) === 'loading');
/** A booking being sent: the save buttons wait, whatever the route does. */
export const savingAtom = atom(false);
/** The key of the booking being made, kept with the draft so a retry reuses it (DESIGN §6). */
export const idempotencyKeyAtom = atom<string | null>(null);
/** The spec's store field 'loading' (§3): either of the two, each kept by its own concern. */
export const loadingAtom = atom((get) => get(routeLoadingAtom) || get(savingAtom));

const addressStepValidAtom = atom((get) => isAddressStepValid(get(stopsAtom), get(routeStatusAtom) === 'ok'));
const itemsStepValidAtom = atom((get) => isItemsStepValid(get(itemsAtom)));

/**
 * Validity of the four working steps (spec §4): steps 2 and 3 start valid. Built from two
 * booleans, so a quantity change that leaves both as they were gives the same array and the
 * step bar does not re-render.
 */
export const validStepsAtom = atom((get) => [get(addressStepValidAtom), get(itemsStepValidAtom), true, true]);

export interface PostedTravel {
  id: string | number;
  token: string;
}

/** Bookings made in duplicate mode (spec §4), shown as edit icons opening the side frame. */
export const postedTravelsAtom = atom<PostedTravel[]>([]);
