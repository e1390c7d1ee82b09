import { useAtomValue } from 'jotai';
import { formatDistance, formatDuration, formatVolume } from '../../domain/format.ts';
import { isPriceEstimated } from '../../domain/pricing/estimate.ts';
import type { Estimate } from '../../domain/pricing/estimate.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { feesAtom, totalAtom } from '../../state/estimate.atoms.ts';
import { variantAtom } from '../../state/variant.atoms.ts';
import { Fact } from '../controls/Fact.tsx';
import { usePriceFormatter } from './use-price.ts';

/**
 * The figures of an estimate (spec §2 "Estimate panel", the earlier variant's 'Prix'), one
 * list for both elements: where they differ is said here, row by row. The wizard gives the
 * customer's trip, its whole time, the vehicle, the handlers and the costs; the earlier
 * variant the driver's drive and its flat handling fee. Figures from the straight line and
 * the prices made from them carry '≈' (DESIGN §4).
 */
export function EstimateFacts({ estimate }: { estimate: Estimate }) {
  const lite = useAtomValue(variantAtom) === 'lite';
  const company = useAtomValue(companyDataAtom);
  const fees = useAtomValue(feesAtom);
  const priced = useAtomValue(totalAtom) > 0;
  const price = usePriceFormatter();
  const approx = estimate.approximate ? '≈ ' : '';
  const approxPrice = isPriceEstimated(estimate) ? '≈ ' : '';
  const handlingShown = lite || !company.hide_handling_infos;
  return (
    <dl className="facts">
      <Fact term={lite ? 'Distance parcourue' : 'Distance'}>
        {approx}
        {formatDistance(lite ? estimate.driver.distance : estimate.customer.distance)}
      </Fact>
      <Fact term={lite ? 'Durée de conduite' : 'Durée totale'}>
        {approx}
        {formatDuration(lite ? estimate.driver.duration : estimate.totalDuration)}
      </Fact>
      <Fact term="Volume">{formatVolume(estimate.shownVolume)}</Fact>
      {!lite && <Fact term="Véhicule">{estimate.vehicleCategory?.name ?? `Véhicule ${formatVolume(estimate.truckCapacity)}`}</Fact>}
      {priced && (
        <Fact term="Transport">
          {approxPrice}
          {price.format(fees.transportation.fee)}
        </Fact>
      )}
      {priced && handlingShown && <Fact term={lite ? 'Forfait de manutention' : 'Manutention'}>{price.format(fees.handling.fee)}</Fact>}
      {!lite && handlingShown && <Fact term="Manutentionnaires">{estimate.handling.persons}</Fact>}
      {!lite && estimate.costs !== 0 && <Fact term="Frais annexes">{price.format(estimate.costs)}</Fact>}
    </dl>
  );
}
