import { MINUTES_INPUT_MAX_LENGTH, PRICE_INPUT_MAX_LENGTH } from '../constants.ts';

/** Cuts typed text to a field's limit (spec §5: price and minutes inputs hold 5 characters). */
export function limitLength(value: string, maxLength: number): string {
  return value.slice(0, maxLength);
}

export const limitPriceInput = (value: string) => limitLength(value, PRICE_INPUT_MAX_LENGTH);
export const limitMinutesInput = (value: string) => limitLength(value, MINUTES_INPUT_MAX_LENGTH);

/** Minutes on site from the input: digits only, within the 5-character limit. */
export function parseMinutesInput(value: string): number | null {
  const limited = limitMinutesInput(value.trim());
  return /^\d+$/.test(limited) ? Number(limited) : null;
}
