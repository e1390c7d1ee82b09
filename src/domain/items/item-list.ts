import type { Item } from '../entities/item.ts';
import { MAX_QUANTITY } from '../entities/item.ts';

function sameCatalogueItem(a: Item, b: Item): boolean {
  if (a.id !== null && b.id !== null) return String(a.id) === String(b.id) && a.category === b.category;
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase() && a.category === b.category;
}

/** Adds an item, or that many more of it when it is already listed (chips, search). */
export function addOrIncrement(items: readonly Item[], item: Item, quantity = item.quantity): Item[] {
  const at = items.findIndex((existing) => sameCatalogueItem(existing, item));
  if (at === -1) return [...items, { ...item, quantity: clampQuantity(quantity) }];
  return items.map((existing, index) => (index === at ? { ...existing, quantity: clampQuantity(existing.quantity + quantity) } : existing));
}

export function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.round(quantity)));
}

/** Plus and minus never go below 1 (removal is its own action) nor above 999. */
export function changeQuantity(items: readonly Item[], index: number, delta: number): Item[] {
  return items.map((item, position) => (position === index ? { ...item, quantity: clampQuantity(item.quantity + delta) } : item));
}

/**
 * Keys that follow an item, not its place: removing the first row keeps the others' rows (and
 * what is typed in them). Two rows with the same item and name are told apart by their rank.
 */
export function itemRowKeys(items: readonly Item[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.category}-${item.id}-${item.name}`;
    const rank = seen.get(base) ?? 0;
    seen.set(base, rank + 1);
    return `${base}-${rank}`;
  });
}
