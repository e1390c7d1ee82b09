import { atom } from 'jotai';
import { isCustomItemMode, type Item } from '../domain/index.ts';

export const itemsAtom = atom<Item[]>([]);

/** Whether a 'Prestation Spécifique' replaces the list: a boolean, so a quantity change re-renders nobody who reads only this. */
export const customItemModeAtom = atom((get) => isCustomItemMode(get(itemsAtom)));
