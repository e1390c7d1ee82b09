import { useAtomValue, useSetAtom } from 'jotai';
import { formatDuration, NBSP } from '../../domain/format.ts';
import { HANDLERS_MAX, HANDLERS_MIN, HANDLING_HOURS_MIN } from '../../domain/constants.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateAtom, estimateLoad, pricedLoadAtom, totalAtom } from '../../state/estimate.atoms.ts';
import { chooseHandlersAtom, chooseHandlingHoursAtom, handlingChoiceAtom } from '../../state/price-choices.atoms.ts';
import { Waiting } from '../controls/Waiting.tsx';
import { ApproximateNote } from './ApproximateNote.tsx';
import { PriceCoverage } from './PriceCoverage.tsx';
import { DepositNote } from './DepositNote.tsx';
import { EstimateFacts } from './EstimateFacts.tsx';
import { PoolSelector } from './PoolSelector.tsx';
import { PriceEditor } from './PriceEditor.tsx';
import { PriceUnavailable } from './PriceUnavailable.tsx';
import { QuoteNote } from './QuoteNote.tsx';
import { OptionsChooser, OptionsCoverage } from './OptionsChooser.tsx';
import { usePriceFormatter } from './use-price.ts';
import { LaterStyles } from '../later-styles.tsx';

const HOURS = Array.from({ length: 16 }, (_, index) => (index + 1) / 2);

/** Panel 2 (spec §2 "Estimate panel"). */
export function EstimatePanel() {
  const estimate = useAtomValue(estimateAtom);
  const total = useAtomValue(totalAtom);
  const company = useAtomValue(companyDataAtom);
  const handling = useAtomValue(handlingChoiceAtom);
  const chooseHandlers = useSetAtom(chooseHandlersAtom);
  const chooseHours = useSetAtom(chooseHandlingHoursAtom);
  const price = usePriceFormatter();
  const priced = useAtomValue(pricedLoadAtom);
  if (!estimate) return <Waiting>Calcul en cours…</Waiting>;
  // The handlers and hours the carrier's quote counts, when nobody chose them.
  const load = priced ?? estimateLoad(estimate);
  // Handlers need at least the shortest handling; what the select shows is what the quote asks (issue 55, point 6).
  const shownHours = handling.hours ?? Math.max(HANDLING_HOURS_MIN, load.hours);
  const chooseCrew = (persons: number) => {
    chooseHandlers(persons);
    // At street level the estimate counts no hours (spec §9): handlers chosen there work the hours shown, not none.
    if (persons > 0 && handling.hours === null && load.hours < shownHours) chooseHours(shownHours);
  };
  return (
    <section className="estimate">
      <LaterStyles />
      <div className="card total" aria-live="polite">
        {total <= 0 ? (
          <p className="total-price">
            <PriceUnavailable />
          </p>
        ) : (
          <>
            <p className="total-label">Total {price.suffix}</p>
            <p className="total-amount" part="price">
              {price.amountOnly(total)}
            </p>
            <p className="muted">
              TVA {Math.round(company.vat * 100)}
              {NBSP}% {price.companyMode ? 'en sus' : 'incluse'}
            </p>
          </>
        )}
      </div>
      <QuoteNote />
      <DepositNote />
      <EstimateFacts estimate={estimate} />
      {total > 0 && <PriceCoverage estimate={estimate} />}
      {total > 0 && <OptionsCoverage />}
      <OptionsChooser />
      {!company.hide_handling_infos && (
        <div className="row">
          <label>
            Nombre de manutentionnaires
            <select value={handling.persons ?? load.persons} onChange={(event) => chooseCrew(Number(event.target.value))}>
              {Array.from({ length: HANDLERS_MAX - HANDLERS_MIN + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'Aucun' : n}
                </option>
              ))}
            </select>
          </label>
          {/* Hours of handling with no handler mean nothing: the choice shows once there is one. */}
          {load.persons > 0 && (
            <label>
              Heures de manutention
              <select value={shownHours} onChange={(event) => chooseHours(Number(event.target.value))}>
                {HOURS.map((hours) => (
                  <option key={hours} value={hours}>
                    {formatDuration(hours * 3600)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      <PoolSelector />
      {estimate.approximate && <ApproximateNote />}
      {company.can_edit_price && <PriceEditor key={`${estimate.transportFee}-${estimate.handlingFee}`} estimate={estimate} />}
    </section>
  );
}
