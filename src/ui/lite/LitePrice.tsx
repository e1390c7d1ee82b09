import { useAtomValue } from 'jotai';
import { estimateAtom, totalAtom } from '../../state/estimate.atoms.ts';
import { Waiting } from '../controls/Waiting.tsx';
import { ApproximateNote } from '../estimate/ApproximateNote.tsx';
import { PriceCoverage } from '../estimate/PriceCoverage.tsx';
import { EstimateFacts } from '../estimate/EstimateFacts.tsx';
import { PriceUnavailable } from '../estimate/PriceUnavailable.tsx';
import { QuoteNote } from '../estimate/QuoteNote.tsx';
import { OptionsChooser, OptionsCoverage } from '../estimate/OptionsChooser.tsx';
import { LaterStyles } from '../later-styles.tsx';

/** The 'Prix' step: the earlier variant's price and what it is made of (spec §9), with the wizard's parts. */
export function LitePrice() {
  const estimate = useAtomValue(estimateAtom);
  const total = useAtomValue(totalAtom);
  if (!estimate) return <Waiting>Calcul en cours…</Waiting>;
  return (
    <section className="estimate">
      <LaterStyles />
      {/* The total once: the second bar's, just above (spec §2); here only what it is made of, or why there is none. */}
      {total <= 0 && (
        <p className="total-price">
          <PriceUnavailable />
        </p>
      )}
      <QuoteNote />
      <EstimateFacts estimate={estimate} />
      {total > 0 && <PriceCoverage estimate={estimate} />}
      {total > 0 && <OptionsCoverage />}
      <OptionsChooser />
      {estimate.approximate && <ApproximateNote />}
    </section>
  );
}
