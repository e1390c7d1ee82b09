import { formatPrice } from '../format.ts';

/**
 * Money as the server stores, signs and sends it: whole cents of euro (VAT included unless a
 * name says HT). The elements' pricing works in euros to the cent (pricing/vat.ts); these are the
 * one way from one to the other, and the one way to read and write a sum a person types or reads.
 */
export type Cents = number;

/** Euros (as a float to the cent, or with binary noise) to whole cents. */
export const toCents = (euros: number): Cents => Math.round(euros * 100);

/** '1 234 €', '1 234,50 €': a sum of cents as French readers read it (cents only when there are some). */
export const formatCents = (cents: Cents): string => formatPrice(cents / 100, '€');

/** '1234,50': a sum for a French spreadsheet (decimal comma, always two decimals, no thousands separator). */
export const spreadsheetCents = (cents: Cents): string => (cents / 100).toFixed(2).replace('.', ',');

/** Up to six figures of euros and two of cents: the largest sum a carrier types in a form. */
const TYPED_EUROS = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * A sum of euros as a French carrier types it ('1190', '1 190,50', '1190.5', '300 €'), in cents;
 * undefined when it cannot be read (a negative sum, more than two decimals, letters).
 */
export function readTypedEuros(text: string): Cents | undefined {
  const flat = text
    .trim()
    .replace(/[\s\u00a0\u202f€]/g, '')
    .replace(',', '.');
  return TYPED_EUROS.test(flat) ? toCents(Number(flat)) : undefined;
}

/** A sum with its VAT: both figures in cents and the rate they were made at (0.2 for 20 %). */
export interface Amount {
  ht: Cents;
  ttc: Cents;
  vatRate: number;
}

/** The amount of a price kept VAT included (as the product keeps prices): its HT to the cent. */
export function amountOfTtc(ttc: Cents, vatRate: number): Amount {
  return { ht: Math.round(ttc / (1 + vatRate)), ttc, vatRate };
}
