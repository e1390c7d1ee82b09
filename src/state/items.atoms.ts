import { atom, type Atom } from 'jotai';
import { isCustomItemMode, itemRowKeys, type Item } from '../domain/index.ts';

export const itemsAtom = atom<Item[]>([]);

/** Whether a 'Prestation Spécifique' replaces the list: a boolean, so a quantity change re-renders nobody who reads only this. */
export const customItemModeAtom = atom((get) => isCustomItemMode(get(itemsAtom)));

/**
 * A part of the items that keeps its previous value while `same` says nothing changed, so its
 * readers do not re-render. (jotai/utils' selectAtom does this too, but importing that module
 * runs its storage set-up on every page load, before the first panel.)
 */
function itemsPart<T>(pick: (items: Item[]) => T, same: (a: T, b: T) => boolean = Object.is): Atom<T> {
  const UNSET = Symbol('unset');
  const part: Atom<T | typeof UNSET> = atom((get) => {
    const previous = get(part);
    const next = pick(get(itemsAtom));
    return previous !== UNSET && same(previous as T, next) ? previous : next;
  });
  // The atom reads its own value: the first read finds this.
  (part as { init?: unknown }).init = UNSET;
  return part as Atom<T>;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, index) => key === b[index]);

/** The rows' keys, the same array while no row comes, goes or moves: a quantity change leaves the list alone. */
export const itemRowKeysAtom = itemsPart(itemRowKeys, sameKeys);

/** The item at a place in the list: its row re-renders when that item changes, not when another does. */
export const itemAtAtom = (index: number) => itemsPart((items) => items[index]);
