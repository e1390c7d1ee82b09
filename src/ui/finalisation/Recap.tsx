import { LaterStyles } from '../later-styles.tsx';
import { useAtomValue, useSetAtom } from 'jotai';
import { OptionLines } from '../estimate/OptionsChooser.tsx';
import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from '../../domain/constants.ts';
import { formatClock, formatDuration, formatPhone, formatPrice, formatVolume, NBSP } from '../../domain/format.ts';
import { formatDateAndTime, formatShortDate, formatTimeOfDay, timeValueOf } from '../../domain/format-dates.ts';
import { readArrival } from '../../domain/time/late-arrival.ts';
import { tripLine, vehicleWords } from '../../domain/pricing/price-words.ts';
import { addressText } from '../../domain/places/address-text.ts';
import type { Stop } from '../../domain/entities/stop.ts';
import { companyDataAtom, pricesAllowedAtom } from '../../state/company.atoms.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { estimateAtom, feesAtom, pricedLoadAtom, shownTotalAtom } from '../../state/estimate.atoms.ts';
import { QuoteNote } from '../estimate/QuoteNote.tsx';
import { DepositNote } from '../estimate/DepositNote.tsx';
import { PriceUnavailable } from '../estimate/PriceUnavailable.tsx';
import { bookingRefAtom } from '../../state/booking.atoms.ts';
import { configAtom } from '../../state/config.atoms.ts';
import { devisUrl } from './SideFrame.tsx';
import { timeWindowsEnabledAtom } from '../../state/time-windows.atoms.ts';
import { STEPS } from '../../domain/steps/step-model.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { arrivalsAtom, travelDayAtom } from '../../state/arrival.atoms.ts';
import { goToStepAtom } from '../../state/steps.atoms.ts';
import { floorLabel, TASK_LABELS } from '../addresses/StopCard.tsx';
import { usePriceFormatter } from '../estimate/use-price.ts';

/** 'arrivée ≈ 8 h 56', or on the day it falls on when the drive runs past midnight: 'arrivée le ven. 27 nov. ≈ 1 h 11'. */
export function arrivalWords(arrival: string | null, stopDay: string): string | null {
  const read = arrival ? readArrival(arrival, stopDay) : null;
  if (!read) return null;
  return read.nextDay ? `arrivée le ${formatShortDate(read.day)} ≈ ${formatClock(read.time)}` : `arrivée ≈ ${formatClock(read.time)}`;
}

/** 'lun. 30 nov. · créneau 8 h – 11 h · arrivée ≈ 8 h 56 · 5 min sur place · 3e étage, ascenseur'. */
function stopMeta(stop: Stop, day: string, arrival: string | null, windows: boolean): string {
  const stopDay = DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).plus({ days: stop.seekDays }).toISODate()!;
  const time = stop.timewindowEarliest
    ? windows && stop.timewindowLatest
      ? `créneau ${formatClock(timeValueOf(stop.timewindowEarliest))} – ${formatClock(timeValueOf(stop.timewindowLatest))}`
      : `vers ${formatTimeOfDay(stop.timewindowEarliest)}`
    : null;
  // 'Rue' alone reads like a street name: the recap says what it means.
  const floor =
    stop.floor > 0
      ? `${floorLabel(stop.floor)}${stop.elevator ? ', ascenseur' : ', sans ascenseur'}`
      : stop.floor < 0
        ? 'au niveau de la rue'
        : floorLabel(stop.floor);
  return [formatShortDate(stopDay), time, arrivalWords(arrival, stopDay), `${stop.durationMin}${NBSP}min sur place`, floor]
    .filter(Boolean)
    .join(' · ');
}

/** The recap before saving (UX §6.1): what will be booked, with the estimate's own total. */
export function Recap() {
  const customer = useAtomValue(customerAtom);
  const stops = useAtomValue(stopsAtom);
  const items = useAtomValue(itemsAtom);
  const estimate = useAtomValue(estimateAtom);
  // The load as the carrier's quote priced it, as on the estimate.
  const load = useAtomValue(pricedLoadAtom);
  const arrivals = useAtomValue(arrivalsAtom);
  const day = useAtomValue(travelDayAtom);
  const windows = useAtomValue(timeWindowsEnabledAtom);
  const company = useAtomValue(companyDataAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const shown = useAtomValue(shownTotalAtom);
  const fees = useAtomValue(feesAtom);
  const booking = useAtomValue(bookingRefAtom);
  const apiBase = useAtomValue(configAtom).apiBase;
  const goToStep = useSetAtom(goToStepAtom);
  const price = usePriceFormatter();
  const listed = items.filter((item) => item.category !== 'custom-cost');
  const costs = items.filter((item) => item.category === 'custom-cost');
  return (
    <section className="recap" part="recap" aria-labelledby="recap-title">
      <h3 id="recap-title">Récapitulatif</h3>
      <LaterStyles />
      <dl>
        <div>
          <dt>Date</dt>
          <dd>{formatDateAndTime(day, customer.time)}</dd>
        </div>
        <div>
          <dt>
            Trajet
            <button type="button" className="link" onClick={() => goToStep(STEPS.addresses)}>
              Modifier le trajet
            </button>
          </dt>
          <dd>
            <ol>
              {stops.map((stop, index) => (
                <li key={stop.uid}>
                  <span>
                    {TASK_LABELS[stop.type]}
                    {NBSP}: {stop.address ? addressText(stop.address) : 'adresse à saisir'}
                  </span>
                  <span className="meta">{stopMeta(stop, day, arrivals[index] ?? null, windows)}</span>
                  {stop.contacts.map((contact, position) => (
                    <span key={`${contact.name}-${position}`} className="meta">
                      Contact{NBSP}: {contact.name}, {formatPhone(contact.phone)}
                      {contact.notify ? ' (SMS)' : ''}
                    </span>
                  ))}
                </li>
              ))}
            </ol>
          </dd>
        </div>
        {estimate && (
          <div>
            <dt>Distance et durée</dt>
            <dd>{tripLine(estimate)}</dd>
          </div>
        )}
        <div>
          <dt>
            Objets
            <button type="button" className="link" onClick={() => goToStep(STEPS.items)}>
              Modifier les objets
            </button>
          </dt>
          <dd>
            <ul>
              {listed.map((item, index) => (
                <li key={`${item.name}-${index}`}>{item.category === 'custom-item' ? item.name : `${item.quantity} × ${item.name}`}</li>
              ))}
            </ul>
            {load && (
              <span className="meta">
                Volume total{NBSP}: {formatVolume(load.volume)}
              </span>
            )}
          </dd>
        </div>
        {load && (
          <div>
            <dt>Véhicule</dt>
            <dd>{vehicleWords(load.vehicleName, load.truckCapacity, load.vehicleCount)}</dd>
          </div>
        )}
        {load && !company.hide_handling_infos && (
          <div>
            <dt>Manutention</dt>
            <dd>
              {load.persons === 0
                ? 'Sans manutention'
                : `${load.persons} manutentionnaire${load.persons > 1 ? 's' : ''} · ${formatDuration(load.hours * 3600)}`}
            </dd>
          </div>
        )}
        {costs.length > 0 && prices && (
          <div>
            <dt>Frais annexes</dt>
            <dd>
              {costs.map((cost, index) => (
                <span key={`${cost.name}-${index}`} className="price-line">
                  <span>{cost.name}</span>
                  <span>
                    {formatPrice((cost.customPrice ?? 0) * cost.quantity, company.currency_symbol)}
                    {NBSP}HT
                  </span>
                </span>
              ))}
            </dd>
          </div>
        )}
        {prices && estimate && (
          <div>
            <dt>Prix</dt>
            <dd>
              {shown ? (
                <>
                  <span className="price-line">
                    <span>Transport</span>
                    <span>{price.format(fees.transportation.fee)}</span>
                  </span>
                  {!company.hide_handling_infos && (
                    <span className="price-line">
                      <span>Manutention</span>
                      <span>{price.format(fees.handling.fee)}</span>
                    </span>
                  )}
                  {fees.additionnalCosts !== 0 && (
                    <span className="price-line">
                      <span>Frais annexes</span>
                      <span>{price.format(fees.additionnalCosts)}</span>
                    </span>
                  )}
                  <OptionLines />
                  <span className="price-line recap-total-line">
                    <span>Total {price.suffix}</span>
                    <span className="recap-total" part="price">
                      {price.amountOnly(shown.total)}
                    </span>
                  </span>
                  <span className="meta">
                    TVA {Math.round(company.vat * 100)}
                    {NBSP}% {price.companyMode ? 'en sus' : 'incluse'}
                  </span>
                  <QuoteNote />
                  <DepositNote />
                  {booking.travelId !== null && booking.travelToken && (
                    <a className="link" href={devisUrl(apiBase, booking.travelId, booking.travelToken)} target="_blank" rel="noopener">
                      Voir le devis de cette réservation
                    </a>
                  )}
                </>
              ) : (
                <span>
                  <PriceUnavailable />
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
