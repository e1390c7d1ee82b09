import { MAX_QUANTITY } from '../entities/item.ts';

export interface ItemSearchQuery {
  quantity: number;
  text: string;
}

/**
 * The item search box (spec §2, §5): '5 tables' looks for 'tables' and adds 5; an empty
 * query (or a bare number) never searches.
 */
export function parseItemSearch(input: string): ItemSearchQuery | null {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return null;
  const match = /^(\d+)\s*(?:x\s+|×\s*)?(.*)$/i.exec(trimmed);
  if (!match) return { quantity: 1, text: trimmed };
  const text = match[2]?.trim() ?? '';
  if (text === '') return null;
  return { quantity: Math.min(MAX_QUANTITY, Math.max(1, Number(match[1]))), text };
}
