import { useAtomValue } from 'jotai';
import { formatDistance, formatDuration, formatPrice, formatVolume, handlingTierFee, MESSAGES } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateAtom } from '../../state/fees.atoms.ts';
import { Spinner } from '../controls/Spinner.tsx';
import { liteTotalAtom } from './lite.atoms.ts';

/** The 'Prix' step: the earlier variant's price and what it is made of (spec §9). */
export function LitePrice() {
  const estimate = useAtomValue(estimateAtom);
  const total = useAtomValue(liteTotalAtom);
  const currency = useAtomValue(companyDataAtom).currency_symbol;
  if (!estimate) return <Spinner label="Calcul du prix en cours" />;
  const tier = handlingTierFee(estimate.volume);
  return (
    <section aria-label="Prix" className="estimate">
      <p className="total-price">{total > 0 ? <>Prix : <strong>{formatPrice(total, currency)}</strong></> : MESSAGES.priceLater}</p>
      <dl className="facts">
        <div><dt>Distance parcourue</dt><dd>{formatDistance(estimate.driver.distance)}</dd></div>
        <div><dt>Durée de conduite</dt><dd>{formatDuration(estimate.driver.duration)}</dd></div>
        <div><dt>Volume</dt><dd>{formatVolume(estimate.volume)}</dd></div>
        {tier !== null && <div><dt>Forfait de manutention</dt><dd>{formatPrice(tier, currency)}</dd></div>}
      </dl>
      {estimate.approximate && <p className="muted">{MESSAGES.approximateRoute}</p>}
    </section>
  );
}
