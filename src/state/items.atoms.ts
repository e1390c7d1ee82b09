import { atom } from 'jotai';
import type { Item } from '../domain/entities/item.ts';
import { applyCustomItem, isCustomItemMode, removeItemAt } from '../domain/items/custom-item.ts';
import { addOrIncrement, changeQuantity } from '../domain/items/item-list.ts';

const itemsBase = atom<Item[]>([]);

/** The items to load, services and cost lines (spec §3 "Item"). */
export const itemsAtom = atom((get) => get(itemsBase));

/** Whether a 'Prestation Spécifique' replaces the list: a boolean, so a quantity change re-renders nobody who reads only this. */
export const customItemModeAtom = atom((get) => isCustomItemMode(get(itemsBase)));

/** An item from the search or the chips: added, or its quantity raised when it is already listed (spec §2). Its quantity now. */
export const addItemAtom = atom(null, (get, set, { item, quantity }: { item: Item; quantity: number }): number => {
  const items = addOrIncrement(get(itemsBase), item, quantity);
  set(itemsBase, items);
  return items.find((listed) => listed.name === item.name)?.quantity ?? quantity;
});

/** Plus, minus or a quantity typed: never below 1 (spec §2). */
export const changeQuantityAtom = atom(null, (get, set, { index, by }: { index: number; by: number }) =>
  set(itemsBase, changeQuantity(get(itemsBase), index, by)),
);

/** Remove: the custom item takes the whole list with it (spec §4). */
export const removeItemAtom = atom(null, (get, set, index: number) => set(itemsBase, removeItemAt(get(itemsBase), index)));

/** The edit modal's item, in its place, or added at the end when it is new (index null). */
export const saveItemAtom = atom(null, (get, set, { index, item }: { index: number | null; item: Item }) =>
  set(
    itemsBase,
    index === null ? [...get(itemsBase), item] : get(itemsBase).map((listed, position) => (position === index ? item : listed)),
  ),
);

/** A single custom item replaces the list, with its sub-items parsed from its lines (spec §4). */
export const applyCustomItemAtom = atom(null, (_get, set, { item, description }: { item: Item; description: string }) =>
  set(itemsBase, applyCustomItem(item, description)),
);

/** A list taken in whole: a travel, a draft. */
export const replaceItemsAtom = atom(null, (_get, set, items: Item[]) => set(itemsBase, items));
