import type { Item } from '../entities/item.ts';
import { isCostItem } from '../entities/item.ts';
import { roundCents, withVat } from './vat.ts';

/** Sum of the cost lines (customPrice × quantity, VAT excluded) × (1 + VAT) (spec §9). */
export function additionalCosts(items: readonly Item[], vat: number): number {
  const sum = items.filter(isCostItem).reduce((total, item) => total + (item.customPrice ?? 0) * item.quantity, 0);
  return roundCents(withVat(sum, vat));
}
