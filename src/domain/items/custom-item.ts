import { DEFAULT_CUSTOM_ITEM } from '../constants.ts';
import type { Item } from '../entities/item.ts';
import { makeItem } from '../entities/item.ts';
import { parseSubItems } from '../validation/sub-items.ts';

/** The default specific service: 'Prestation Spécifique', 6 m³, 45 (spec §9). */
export function makeDefaultCustomItem(): Item {
  return makeItem({
    name: DEFAULT_CUSTOM_ITEM.name,
    category: 'custom-item',
    volume: DEFAULT_CUSTOM_ITEM.volume,
    customPrice: DEFAULT_CUSTOM_ITEM.price,
    persons_needed: 1,
  });
}

/** Custom item mode: the list holds one custom item (spec §4). */
export function isCustomItemMode(items: readonly Item[]): boolean {
  return items.some((item) => item.category === 'custom-item');
}

/**
 * Enters or updates custom item mode (spec §4): the single custom item replaces the list,
 * followed by its sub-items parsed from the description's lines, as services so they
 * describe the job without adding volume or price of their own.
 */
export function applyCustomItem(customItem: Item, description: string): Item[] {
  const lines = parseSubItems(description);
  const head: Item = { ...customItem, category: 'custom-item', subItemNames: lines.map((line) => line.name) };
  const subItems = lines.map((line) =>
    makeItem({ name: line.name, quantity: line.quantity, category: 'service', time_factor: 0, volume: 0, persons_needed: 0 }),
  );
  return [head, ...subItems];
}

/** Removing the custom item clears all items (spec §4). */
export function removeItemAt(items: readonly Item[], index: number): Item[] {
  if (items[index]?.category === 'custom-item') return [];
  return items.filter((_, position) => position !== index);
}
