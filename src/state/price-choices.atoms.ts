import { atom } from 'jotai';
import { clampHandlers, clampHandlingHours } from '../domain/pricing/handling-limits.ts';
import type { Id } from '../domain/entities/common.ts';
import type { FixedPrice } from '../domain/entities/travel.ts';

// What the visitor or the carrier chose that changes the price, beside the stops and items.

const vehicleCategoryIdBase = atom<Id | null>(null);
/** The estimate panel's handlers (0–4) and hours (0.5–8), when chosen by hand (spec §9). */
const handlingChoiceBase = atom<{ persons: number | null; hours: number | null }>({ persons: null, hours: null });
const fixedPriceBase = atom<FixedPrice | null>(null);

/** The vehicle chosen ('Choix Véhicule'), or null for the one that fits. */
export const vehicleCategoryIdAtom = atom((get) => get(vehicleCategoryIdBase));
export const chooseVehicleAtom = atom(null, (_get, set, id: Id | null) => set(vehicleCategoryIdBase, id));

export const handlingChoiceAtom = atom((get) => get(handlingChoiceBase));
export const chooseHandlersAtom = atom(null, (get, set, persons: number) =>
  set(handlingChoiceBase, { ...get(handlingChoiceBase), persons: clampHandlers(persons) }),
);
export const chooseHandlingHoursAtom = atom(null, (get, set, hours: number) =>
  set(handlingChoiceBase, { ...get(handlingChoiceBase), hours: clampHandlingHours(hours) }),
);

/** A price fixed by hand (can_edit_price, spec §6) or kept from a company's booking; it overrides every grid (spec §4). */
export const fixedPriceAtom = atom((get) => get(fixedPriceBase));
export const fixPriceAtom = atom(null, (_get, set, price: FixedPrice | null) => set(fixedPriceBase, price));
