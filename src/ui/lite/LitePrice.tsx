import { useAtomValue } from 'jotai';
import { Fact } from '../controls/Fact.tsx';
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
    <section className="estimate">
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
        <Fact term="Distance parcourue">
          {approx}
          {formatDistance(estimate.driver.distance)}
        </Fact>
        <Fact term="Durée de conduite">
          {approx}
          {formatDuration(estimate.driver.duration)}
        </Fact>
        <Fact term="Volume">{formatVolume(estimate.volume)}</Fact>
        {total > 0 && (
          <Fact term="Transport">
            {approxPrice}
            {price.format(fees.transportation.fee)}
          </Fact>
        )}
        {total > 0 && <Fact term="Forfait de manutention">{price.format(fees.handling.fee)}</Fact>}
      </dl>
      {estimate.approximate && (
        <p className="banner banner-info" role="status">
          {MESSAGES.approximateRoute}
        </p>
      )}
    </section>
  );
}
