import { atom } from 'jotai';
import type { Item } from '../domain/entities/item.ts';
import { isCustomItemMode } from '../domain/items/custom-item.ts';

const itemsBase = atom<Item[]>([]);

/** The items to load, services and cost lines (spec §3 "Item"). */
export const itemsAtom = atom((get) => get(itemsBase));

/** Whether a 'Prestation Spécifique' replaces the list: a boolean, so a quantity change re-renders nobody who reads only this. */
export const customItemModeAtom = atom((get) => isCustomItemMode(get(itemsBase)));

/** A list taken in whole: a travel, a draft, or one of the list's changes (item-list.atoms.ts). */
export const replaceItemsAtom = atom(null, (_get, set, items: Item[]) => set(itemsBase, items));
