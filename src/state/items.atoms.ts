import { atom } from 'jotai';
import { isCustomItemMode } from '../domain/items/custom-item.ts';
import type { Item } from '../domain/entities/item.ts';

export const itemsAtom = atom<Item[]>([]);

/** Whether a 'Prestation Spécifique' replaces the list: a boolean, so a quantity change re-renders nobody who reads only this. */
export const customItemModeAtom = atom((get) => isCustomItemMode(get(itemsAtom)));
