import { useAtomValue } from 'jotai';
import { formatDistance, formatDuration, formatVolume } from '../../domain/format.ts';
import { durationParts, vehicleWords } from '../../domain/pricing/price-words.ts';
import type { Estimate } from '../../domain/pricing/estimate.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateLoad, feesAtom, optionLinesAtom, pricedLoadAtom, totalAtom } from '../../state/estimate.atoms.ts';
import { optionLineLabel } from '../../domain/options/carrier-options.ts';
import { variantAtom } from '../../state/variant.atoms.ts';
import { Fact } from '../controls/Fact.tsx';
import { usePriceFormatter } from './use-price.ts';

/**
 * The figures of an estimate (spec §2 "Estimate panel", the earlier variant's 'Prix'), one
 * list for both elements: where they differ is said here, row by row. The wizard gives the
 * customer's trip, its whole time (what it is made of said under it), the vehicle, the
 * handlers and the costs; the earlier variant the same trip, the driver's distance its price
 * is made from, labelled so, and its flat handling fee. An approximate route is said once in
 * words (ApproximateNote), not by a sign on every figure.
 */
export function EstimateFacts({ estimate }: { estimate: Estimate }) {
  const lite = useAtomValue(variantAtom) === 'lite';
  const company = useAtomValue(companyDataAtom);
  const fees = useAtomValue(feesAtom);
  const priced = useAtomValue(totalAtom) > 0;
  const price = usePriceFormatter();
  const options = useAtomValue(optionLinesAtom);
  const handlingShown = lite || !company.hide_handling_infos;
  // The load as the carrier's quote priced it (its records, its catalogue), as the booking and its devis give it.
  const load = useAtomValue(pricedLoadAtom) ?? estimateLoad(estimate);
  const vehicle = vehicleWords(load.vehicleName, load.truckCapacity, load.vehicleCount);
  return (
    <dl className="facts">
      <Fact term="Distance">{formatDistance(estimate.customer.distance)}</Fact>
      <Fact term="Durée totale" detail={durationParts(estimate)}>
        {formatDuration(estimate.totalDuration)}
      </Fact>
      {lite && <Fact term="Trajet du chauffeur, retour compris">{formatDistance(estimate.driver.distance)}</Fact>}
      <Fact term="Volume">{formatVolume(load.volume)}</Fact>
      {!lite && <Fact term="Véhicule">{vehicle}</Fact>}
      {priced && <Fact term="Transport">{price.format(fees.transportation.fee)}</Fact>}
      {priced && handlingShown && <Fact term="Manutention">{price.format(fees.handling.fee)}</Fact>}
      {!lite && handlingShown && <Fact term="Manutentionnaires">{load.persons === 0 ? 'Aucun (sans manutention)' : load.persons}</Fact>}
      {!lite && estimate.costs !== 0 && <Fact term="Frais annexes">{price.format(estimate.costs)}</Fact>}
      {/* Every line the total adds up, the options too, where the price is read (issue 55, point 6). */}
      {priced &&
        options.map((line) => (
          <Fact key={line.id} term={optionLineLabel(line)}>
            {price.format(line.amount / 100)}
          </Fact>
        ))}
    </dl>
  );
}
