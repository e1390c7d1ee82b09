import { atom } from 'jotai';
import type { Item } from '../domain/entities/item.ts';
import { applyCustomItem, removeItemAt } from '../domain/items/custom-item.ts';
import { addOrIncrement, changeQuantity } from '../domain/items/item-list.ts';
import { itemsAtom, replaceItemsAtom } from './items.atoms.ts';

// The changes a visitor makes to the list, apart from items.atoms.ts: only the items step
// uses them, so their code comes with that step, not with the first panel.

/** An item from the search or the chips: added, or its quantity raised when it is already listed (spec §2). Its quantity now. */
export const addItemAtom = atom(null, (get, set, { item, quantity }: { item: Item; quantity: number }): number => {
  const items = addOrIncrement(get(itemsAtom), item, quantity);
  set(replaceItemsAtom, items);
  return items.find((listed) => listed.name === item.name)?.quantity ?? quantity;
});

/** Plus, minus or a quantity typed: never below 1 (spec §2). */
export const changeQuantityAtom = atom(null, (get, set, { index, by }: { index: number; by: number }) =>
  set(replaceItemsAtom, changeQuantity(get(itemsAtom), index, by)),
);

/** Remove: the custom item takes the whole list with it (spec §4). */
export const removeItemAtom = atom(null, (get, set, index: number) => set(replaceItemsAtom, removeItemAt(get(itemsAtom), index)));

/** The edit modal's item, in its place, or added at the end when it is new (index null). */
export const saveItemAtom = atom(null, (get, set, { index, item }: { index: number | null; item: Item }) =>
  set(
    replaceItemsAtom,
    index === null ? [...get(itemsAtom), item] : get(itemsAtom).map((listed, position) => (position === index ? item : listed)),
  ),
);

/** A single custom item replaces the list, with its sub-items parsed from its lines (spec §4). */
export const applyCustomItemAtom = atom(null, (_get, set, { item, description }: { item: Item; description: string }) =>
  set(replaceItemsAtom, applyCustomItem(item, description)),
);
