import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { isCustomItemMode, itemRowKeys, type Item } from '../domain/index.ts';

export const itemsAtom = atom<Item[]>([]);

/** Whether a 'Prestation Spécifique' replaces the list: a boolean, so a quantity change re-renders nobody who reads only this. */
export const customItemModeAtom = atom((get) => isCustomItemMode(get(itemsAtom)));

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, index) => key === b[index]);

/** The rows' keys, the same array while no row comes, goes or moves: a quantity change leaves the list alone. */
export const itemRowKeysAtom = selectAtom(itemsAtom, itemRowKeys, sameKeys);

/** The item at a place in the list: its row re-renders when that item changes, not when another does. */
export const itemAtAtom = (index: number) => selectAtom(itemsAtom, (items) => items[index]);
