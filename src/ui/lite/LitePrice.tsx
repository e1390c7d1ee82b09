import { useAtomValue } from 'jotai';
import { formatDistance, formatDuration, formatVolume, isPriceEstimated, MESSAGES } from '../../domain/index.ts';
import { feesAtom } from '../../state/fees.atoms.ts';
import { usePriceFormatter } from '../estimate/use-price.ts';
import { estimateAtom } from '../../state/fees.atoms.ts';
import { liteTotalAtom } from '../../state/lite.atoms.ts';
import { Waiting } from '../controls/Waiting.tsx';

/** The 'Prix' step: the earlier variant's price and what it is made of (spec §9). */
export function LitePrice() {
  const estimate = useAtomValue(estimateAtom);
  const total = useAtomValue(liteTotalAtom);
  const fees = useAtomValue(feesAtom);
  const price = usePriceFormatter();
  const approx = estimate?.approximate ? '≈ ' : '';
  const approxPrice = estimate && isPriceEstimated(estimate) ? '≈ ' : '';
  if (!estimate) return <Waiting>Calcul en cours…</Waiting>;
  return (
    <section aria-label="Prix" className="estimate">
      <p className="total-price">
        {total > 0 ? (
          <>
            Prix{' '}:{' '}
            <strong>
              {approxPrice}
              {price.format(total)}
            </strong>
          </>
        ) : estimate.poolError ? (
          <>
            {MESSAGES.priceUnavailable}
            {' '}: {estimate.poolError}
          </>
        ) : (
          MESSAGES.priceLater
        )}
      </p>
      <dl className="facts">
        <div>
          <dt>Distance parcourue</dt>
          <dd>
            {approx}
            {formatDistance(estimate.driver.distance)}
          </dd>
        </div>
        <div>
          <dt>Durée de conduite</dt>
          <dd>
            {approx}
            {formatDuration(estimate.driver.duration)}
          </dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>{formatVolume(estimate.volume)}</dd>
        </div>
        {total > 0 && (
          <div>
            <dt>Transport</dt>
            <dd>
              {approxPrice}
              {price.format(fees.transportation.fee)}
            </dd>
          </div>
        )}
        {total > 0 && (
          <div>
            <dt>Forfait de manutention</dt>
            <dd>{price.format(fees.handling.fee)}</dd>
          </div>
        )}
      </dl>
      {estimate.approximate && (
        <p className="banner banner-info" role="status">
          {MESSAGES.approximateRoute}
        </p>
      )}
    </section>
  );
}
