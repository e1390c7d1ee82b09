import { LaterStyles } from '../later-styles.tsx';
import { OptionsFact } from '../estimate/OptionsChooser.tsx';
import { DepositFact } from '../estimate/DepositNote.tsx';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { formatDateAndTime } from '../../domain/format-dates.ts';
import { NBSP, NNBSP } from '../../domain/format.ts';
import { bookingCalendar } from '../../domain/time/calendar-event.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateAtom } from '../../state/estimate.atoms.ts';
import { useNow, useTravelDay } from '../../state/now.ts';
import { STEPS } from '../../domain/steps/step-model.ts';
import { configAtom, dashboardBaseAtom } from '../../state/config.atoms.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { bookingRefAtom, bookingStatusAtom, confirmationMailAtom, customerLinksAtom } from '../../state/booking.atoms.ts';
import { isAcceptedTravel } from '../../domain/entities/travel.ts';
import { CarrierCard } from './CarrierCard.tsx';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { shownTotalAtom } from '../../state/estimate.atoms.ts';
import { usePriceFormatter } from '../estimate/use-price.ts';
import { Icon } from '../controls/icons.tsx';
import { PANEL_TITLES } from '../wizard/panels.ts';
import { dashboardUrl, devisUrl, SideFrame } from './SideFrame.tsx';
import { addressText } from '../../domain/places/address-text.ts';

/** Panel 4 (UX §6.2): the booking number, what was booked, what happens next, and the link to come back. */
export function SuccessPanel() {
  const booking = useAtomValue(bookingRefAtom);
  const customer = useAtomValue(customerAtom);
  const stops = useAtomValue(stopsAtom);
  const shown = useAtomValue(shownTotalAtom);
  const base = useAtomValue(dashboardBaseAtom);
  const apiBase = useAtomValue(configAtom).apiBase;
  const price = usePriceFormatter();
  const carrier = useAtomValue(companyDataAtom).transportation_company;
  const duration = useAtomValue(estimateAtom)?.totalDuration ?? 0;
  const now = useNow();
  // The travel day: the one chosen, else the default one the booking was sent with (spec §9).
  const day = useTravelDay();
  // What the booking is now, said as it is: a request the carrier has still to answer, or a booking it accepted.
  const accepted = isAcceptedTravel({ travelState: useAtomValue(bookingStatusAtom) });
  const mail = useAtomValue(confirmationMailAtom);
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  const [frameOpen, setFrameOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  // The heading takes focus for screen readers; the eye starts at the check mark above it.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start' });
  }, []);
  const id = booking.travelId;
  // The customer's links as the confirmation e-mail gives them (issue 55, point 5): the edit page
  // and the status page; without a server that knows them, the booking's page as before.
  const links = useAtomValue(customerLinksAtom);
  const link =
    links.edit ??
    (id !== null && booking.travelToken ? dashboardUrl(base, id, booking.travelToken).replace('&light_layout=yes', '') : null);
  const first = stops[0];
  const last = stops.at(-1);
  const between = stops.length - 2;
  // 'Ajouter à mon agenda': the booking as an .ics file, made here, nothing sent anywhere.
  const calendar =
    id !== null && first && last
      ? `data:text/calendar;charset=utf-8,${encodeURIComponent(
          bookingCalendar(
            {
              id,
              date: day,
              time: customer.time,
              durationSeconds: duration,
              from: addressText(first.address),
              to: addressText(last.address),
              carrier: carrier?.name ?? '',
              link,
            },
            now,
          ),
        )}`
      : null;
  return (
    <section ref={panel} className="success" part="success" aria-labelledby="success-title">
      <div className="success-main">
        <LaterStyles />
        <span className="success-icon" aria-hidden="true">
          <Icon name="check-circle" size={48} />
        </span>
        <h2 id="success-title" className="panel-title" tabIndex={-1} ref={heading} part="panel-title">
          {PANEL_TITLES[STEPS.success]}
        </h2>
        <p className={`success-state${accepted ? ' accepted' : ''}`}>
          <strong>{accepted ? 'Réservation confirmée' : 'Demande envoyée'}</strong>
          {id !== null && (
            <span className="booking-number">
              Réservation n°{NBSP}
              {String(id)}
            </span>
          )}
        </p>
        <p className="success-lead">
          {accepted
            ? `Le transporteur a accepté votre réservation${NBSP}: elle est confirmée.`
            : 'Le transporteur a bien reçu votre demande. Il l’étudie et vous répond pour la confirmer.'}
        </p>
        {(mail === 'withheld' || mail === 'none') && (
          <p className="success-no-mail" role="note">
            <Icon name="info" />
            <span>
              {mail === 'withheld'
                ? `Aucun e-mail de confirmation ne vous sera envoyé${NBSP}: cette adresse en a déjà reçu plusieurs aujourd’hui.`
                : `Aucun e-mail de confirmation ne vous sera envoyé.`}{' '}
              Notez le numéro de votre réservation et gardez le lien ci-dessous pour la retrouver.
            </span>
          </p>
        )}
        <dl className="success-facts">
          <dt>Date</dt>
          <dd>{formatDateAndTime(day, customer.time)}</dd>
          {first && last && (
            <>
              <dt>Trajet</dt>
              <dd>
                {addressText(first.address)}
                <br />
                {between > 0 && (
                  <>
                    <span className="muted">
                      + {between} étape{between > 1 ? 's' : ''}
                    </span>
                    <br />
                  </>
                )}
                {addressText(last.address)}
              </dd>
            </>
          )}
          <OptionsFact />
          {shown && (
            <>
              <dt>Total</dt>
              <dd part="price">{price.format(shown.total)}</dd>
            </>
          )}
          <DepositFact />
        </dl>
        {carrier && <CarrierCard carrier={carrier} accepted={accepted} />}
        <h3>Et maintenant{NNBSP}?</h3>
        <ol className="next-steps">
          <li>
            {accepted
              ? 'Le transporteur vous attend au jour et à l’heure ci-dessus.'
              : 'Le transporteur étudie votre demande et vous répond par téléphone ou par e-mail.'}
          </li>
          <li>
            {/* One grid cell: the numbered list lays out each child of an item as a cell of its own. */}
            <span>
              Vous pouvez modifier votre réservation avec le lien <span className="nowrap">ci-dessous</span>
              {NNBSP}; si elle est déjà acceptée, prévenez le transporteur de tout changement important.
            </span>
          </li>
        </ol>
        {link && (
          <div className="success-actions">
            <a className="button primary" part="button-primary" href={link} target="_blank" rel="noopener">
              Modifier ma réservation
            </a>
            <button
              type="button"
              part="button-secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(
                  () => setCopied('Lien copié'),
                  () => setCopied(`Copie impossible${NBSP}: sélectionnez le lien à la main.`),
                );
              }}
            >
              <Icon name="copy" />
              Copier le lien
            </button>
            {links.follow && (
              <a className="button" part="button-secondary" href={links.follow} target="_blank" rel="noopener">
                Suivre ma réservation
              </a>
            )}
            <a
              className="button"
              part="button-secondary"
              href={devisUrl(apiBase, id!, booking.travelToken!)}
              target="_blank"
              rel="noopener"
            >
              Lire et signer le devis
            </a>
            {calendar && (
              <a className="button" part="button-secondary" href={calendar} download={`reservation-${String(id)}.ics`}>
                <Icon name="calendar" />
                Ajouter à mon agenda
              </a>
            )}
            <p className="visually-hidden" role="status">
              {copied}
            </p>
          </div>
        )}
        {copied && (
          <p className="muted" aria-hidden="true">
            {copied}
          </p>
        )}
      </div>
      {id !== null && booking.travelToken && (
        <div className="success-aside">
          <h3 className="frame-title">Suivi de la réservation</h3>
          <button type="button" className="ghost frame-toggle" aria-expanded={frameOpen} onClick={() => setFrameOpen(!frameOpen)}>
            <Icon name="chevron" turn={frameOpen ? 'up' : 'down'} />
            {frameOpen ? 'Masquer le suivi' : 'Afficher le suivi'}
          </button>
          <div className={`frame-holder${frameOpen ? ' open' : ''}`}>
            <SideFrame id={id} token={booking.travelToken} />
          </div>
        </div>
      )}
    </section>
  );
}
