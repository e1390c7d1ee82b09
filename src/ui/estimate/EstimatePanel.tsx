import { useAtom, useAtomValue } from 'jotai';
import { Fact } from '../controls/Fact.tsx';
import {
  formatDistance,
  formatDuration,
  formatVolume,
  HANDLERS_MAX,
  HANDLERS_MIN,
  isPriceEstimated,
  MESSAGES,
  NBSP,
} from '../../domain/index.ts';
import { Icon } from '../controls/icons.tsx';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateAtom } from '../../state/fees.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { PoolSelector } from './PoolSelector.tsx';
import { PriceEditor } from './PriceEditor.tsx';
import { usePriceFormatter } from './use-price.ts';
import { Waiting } from '../controls/Waiting.tsx';

const HOURS = Array.from({ length: 16 }, (_, index) => (index + 1) / 2);

/** Panel 2 (spec §2 "Estimate panel"). */
export function EstimatePanel() {
  const estimate = useAtomValue(estimateAtom);
  const company = useAtomValue(companyDataAtom);
  const [identity, setIdentity] = useAtom(travelIdentityAtom);
  const price = usePriceFormatter();
  if (!estimate) return <Waiting>Calcul en cours…</Waiting>;
  const unavailable = estimate.total <= 0;
  // Figures from the straight-line fallback are estimates, marked so (spec §9, DESIGN §4).
  const approx = estimate.approximate ? '≈ ' : '';
  const approxPrice = isPriceEstimated(estimate) ? '≈ ' : '';
  return (
    <section className="estimate">
      <div className="card total" aria-live="polite">
        {unavailable ? (
          <p className="total-price">
            {estimate.poolError ? (
              <>
                {MESSAGES.priceUnavailable}
                {NBSP}: {estimate.poolError}
              </>
            ) : (
              MESSAGES.priceLater
            )}
          </p>
        ) : (
          <>
            <p className="total-label">Total {price.suffix}</p>
            <p className="total-amount" part="price">
              {approxPrice}
              {price.amountOnly(estimate.total)}
            </p>
            <p className="muted">
              TVA {Math.round(company.vat * 100)}
              {NBSP}% {price.companyMode ? 'en sus' : 'incluse'}
            </p>
          </>
        )}
      </div>
      <dl className="facts">
        <Fact term="Distance">
          {approx}
          {formatDistance(estimate.customer.distance)}
        </Fact>
        <Fact term="Durée totale">
          {approx}
          {formatDuration(estimate.totalDuration)}
        </Fact>
        <Fact term="Volume">{formatVolume(estimate.volume)}</Fact>
        <Fact term="Véhicule">{estimate.vehicleCategory?.name ?? `Véhicule ${formatVolume(estimate.truckCapacity)}`}</Fact>
        {!unavailable && (
          <Fact term="Transport">
            {approxPrice}
            {price.format(estimate.transportFee)}
          </Fact>
        )}
        {!unavailable && !company.hide_handling_infos && <Fact term="Manutention">{price.format(estimate.handlingFee)}</Fact>}
        {!company.hide_handling_infos && <Fact term="Manutentionnaires">{estimate.handling.persons}</Fact>}
        {estimate.costs !== 0 && <Fact term="Frais annexes">{price.format(estimate.costs)}</Fact>}
      </dl>
      {!company.hide_handling_infos && (
        <div className="row">
          <label>
            Nombre de manutentionnaires
            <select
              value={identity.personsOverride ?? estimate.handling.persons}
              onChange={(event) => setIdentity({ ...identity, personsOverride: Number(event.target.value) })}
            >
              {Array.from({ length: HANDLERS_MAX - HANDLERS_MIN + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'Aucun' : n}
                </option>
              ))}
            </select>
          </label>
          <label>
            Heures de manutention
            <select
              value={identity.hoursOverride ?? Math.max(0.5, estimate.handling.hours)}
              onChange={(event) => setIdentity({ ...identity, hoursOverride: Number(event.target.value) })}
            >
              {HOURS.map((hours) => (
                <option key={hours} value={hours}>
                  {formatDuration(hours * 3600)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <PoolSelector />
      {estimate.approximate && (
        <p className="banner banner-info" role="status">
          <Icon name="info" />
          <span className="banner-body">{MESSAGES.approximateRoute}</span>
        </p>
      )}
      {company.can_edit_price && <PriceEditor key={`${estimate.transportFee}-${estimate.handlingFee}`} estimate={estimate} />}
    </section>
  );
}
