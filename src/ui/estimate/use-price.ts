import { useAtomValue } from 'jotai';
import { displayedAmount } from '../../domain/pricing/vat.ts';
import { formatPrice, NBSP } from '../../domain/format.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';

/** Prices as shown: TTC for visitors, HT in company mode (spec §6), labelled so. */
export function usePriceFormatter() {
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const suffix = companyMode ? 'HT' : 'TTC';
  const amountOnly = (amountIncludingVat: number) =>
    formatPrice(displayedAmount(amountIncludingVat, companyMode, company.vat), company.currency_symbol);
  return {
    suffix,
    companyMode,
    vat: company.vat,
    amountOnly,
    format: (amountIncludingVat: number) => `${amountOnly(amountIncludingVat)}${NBSP}${suffix}`,
    shown: (amountIncludingVat: number) => displayedAmount(amountIncludingVat, companyMode, company.vat),
  };
}
