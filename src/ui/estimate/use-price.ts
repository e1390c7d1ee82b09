import { useAtomValue } from 'jotai';
import { displayedAmount, formatPrice } from '../../domain/index.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';

/** Prices as shown: TTC for visitors, HT in company mode (spec §6), labelled so. */
export function usePriceFormatter() {
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const suffix = companyMode ? 'HT' : 'TTC';
  return {
    suffix,
    format: (amountIncludingVat: number) => `${formatPrice(displayedAmount(amountIncludingVat, companyMode, company.vat), company.currency_symbol)} ${suffix}`,
    shown: (amountIncludingVat: number) => displayedAmount(amountIncludingVat, companyMode, company.vat),
  };
}
