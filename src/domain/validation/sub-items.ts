import { MAX_QUANTITY } from '../entities/item.ts';

export interface SubItemLine {
  quantity: number;
  name: string;
}

/** Lines shorter than this (trimmed) are ignored (spec §5). */
export const SUB_ITEM_MIN_LENGTH = 4;

const LEADING_QUANTITY = /^(\d+)\s*(?:x\s+|×\s*)?(.*)$/i;

/**
 * Sub-items of a specific service, one per line (spec §5): lines under 4 trimmed characters
 * are ignored, a leading integer sets the quantity ('3 cartons' → 3 × 'cartons').
 */
export function parseSubItems(text: string): SubItemLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length >= SUB_ITEM_MIN_LENGTH)
    .map((line) => {
      const match = LEADING_QUANTITY.exec(line);
      const name = match?.[2]?.trim() ?? '';
      if (!match || name === '') return { quantity: 1, name: line };
      return { quantity: Math.min(MAX_QUANTITY, Math.max(1, Number(match[1]))), name };
    });
}
