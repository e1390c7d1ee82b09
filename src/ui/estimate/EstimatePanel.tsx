import { useAtom, useAtomValue } from 'jotai';
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
    <section aria-label="Estimation" className="estimate">
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
        <div>
          <dt>Distance</dt>
          <dd>
            {approx}
            {formatDistance(estimate.customer.distance)}
          </dd>
        </div>
        <div>
          <dt>Durée totale</dt>
          <dd>
            {approx}
            {formatDuration(estimate.totalDuration)}
          </dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>{formatVolume(estimate.volume)}</dd>
        </div>
        <div>
          <dt>Véhicule</dt>
          <dd>{estimate.vehicleCategory?.name ?? `Véhicule ${formatVolume(estimate.truckCapacity)}`}</dd>
        </div>
        {!unavailable && (
          <div>
            <dt>Transport</dt>
            <dd>
              {approxPrice}
              {price.format(estimate.transportFee)}
            </dd>
          </div>
        )}
        {!unavailable && !company.hide_handling_infos && (
          <div>
            <dt>Manutention</dt>
            <dd>{price.format(estimate.handlingFee)}</dd>
          </div>
        )}
        {!company.hide_handling_infos && (
          <div>
            <dt>Manutentionnaires</dt>
            <dd>{estimate.handling.persons}</dd>
          </div>
        )}
        {estimate.costs !== 0 && (
          <div>
            <dt>Frais annexes</dt>
            <dd>{price.format(estimate.costs)}</dd>
          </div>
        )}
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
