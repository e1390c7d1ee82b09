/**
 * Prices are kept VAT included ("TTC"); a rate entered VAT excluded is multiplied by
 * 1 + VAT (1.2 at the spec's 20 %), and company mode shows prices divided by it ("HT").
 */
export function vatFactor(vat: number): number {
  return 1 + vat;
}

export function withVat(amountExcludingVat: number, vat: number): number {
  return amountExcludingVat * vatFactor(vat);
}

export function withoutVat(amountIncludingVat: number, vat: number): number {
  return amountIncludingVat / vatFactor(vat);
}

/** Money to the cent, without binary noise (0.1 + 0.2 → 0.3). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** A price as shown: VAT included for visitors, excluded (HT) in company mode (spec §6). */
export function displayedAmount(amountIncludingVat: number, companyMode: boolean, vat: number): number {
  return companyMode ? roundCents(withoutVat(amountIncludingVat, vat)) : amountIncludingVat;
}

/** Parses a typed price ('12', '12,5', '-3.40'); anything else is not a number. */
export function parsePrice(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const normalised = value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}
