import { useAtomValue } from 'jotai';
import { shownTotalAtom } from '../../state/estimate.atoms.ts';
import { usePriceFormatter } from '../estimate/use-price.ts';

/** 'Total TTC' (or HT in company mode) over the amount, once there is one (UX §3.2). */
export function BarTotal() {
  const shown = useAtomValue(shownTotalAtom);
  const price = usePriceFormatter();
  if (!shown) return null;
  return (
    <p className="bar-total-inner" part="price" aria-live="polite">
      <span className="total-label">Total {price.suffix}</span> <span className="amount">{price.amountOnly(shown.total)}</span>
    </p>
  );
}
