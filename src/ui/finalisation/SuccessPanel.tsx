import { useAtomValue } from 'jotai';
import { OptionsFact } from '../estimate/OptionsChooser.tsx';
import { useEffect, useRef, useState } from 'react';
import { formatDateAndTime } from '../../domain/format-dates.ts';
import { formatPhone, NBSP } from '../../domain/format.ts';
import { bookingCalendar } from '../../domain/time/calendar-event.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { estimateAtom } from '../../state/estimate.atoms.ts';
import { useNow } from '../../state/now.ts';
import { STEPS } from '../../domain/steps/step-model.ts';
import { configAtom, dashboardBaseAtom } from '../../state/config.atoms.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { bookingRefAtom } from '../../state/booking.atoms.ts';
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
  const link = id !== null && booking.travelToken ? dashboardUrl(base, id, booking.travelToken).replace('&light_layout=yes', '') : null;
  const first = stops[0];
  const last = stops.at(-1);
  const between = stops.length - 2;
  // 'Ajouter à mon agenda': the booking as an .ics file, made here, nothing sent anywhere.
  const calendar =
    id !== null && customer.date && first && last
      ? `data:text/calendar;charset=utf-8,${encodeURIComponent(
          bookingCalendar(
            {
              id,
              date: customer.date,
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
  const phone = carrier?.phone_number.trim() ?? '';
  const email = carrier?.email.trim() ?? '';
  return (
    <section ref={panel} className="success" part="success" aria-labelledby="success-title">
      <span className="success-icon" aria-hidden="true">
        <Icon name="check-circle" size={48} />
      </span>
      <h2 id="success-title" className="panel-title" tabIndex={-1} ref={heading} part="panel-title">
        {PANEL_TITLES[STEPS.success]}
      </h2>
      {id !== null && (
        <p className="booking-number">
          Réservation n°{NBSP}
          {String(id)}
        </p>
      )}
      <p>Le transporteur a bien reçu votre demande.</p>
      <dl className="success-facts">
        {customer.date && (
          <>
            <dt>Date</dt>
            <dd>{formatDateAndTime(customer.date, customer.time)}</dd>
          </>
        )}
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
      </dl>
      <h3>Et maintenant{' '}?</h3>
      <ol className="next-steps">
        <li>Le transporteur étudie votre demande et revient vers vous pour la confirmer.</li>
        <li>
          {/* One grid cell: the numbered list lays out each child of an item as a cell of its own. */}
          <span>
            Vous pouvez modifier votre réservation avec le lien <span className="nowrap">ci-dessous</span>
            {' '}; si elle est déjà acceptée, prévenez le transporteur de tout changement important.
          </span>
        </li>
      </ol>
      {carrier && (phone || email) && (
        <p className="carrier-contact">
          Pour joindre le transporteur{NBSP}: {carrier.name ? `${carrier.name}, ` : ''}
          {phone && <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>}
          {phone && email && ' ou '}
          {email && <a href={`mailto:${email}`}>{email}</a>}
        </p>
      )}
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
                () => setCopied('Copie impossible : sélectionnez le lien à la main.'),
              );
            }}
          >
            <Icon name="copy" />
            Copier le lien
          </button>
          <a className="button" part="button-secondary" href={devisUrl(apiBase, id!, booking.travelToken!)} target="_blank" rel="noopener">
            Télécharger le devis
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
      {id !== null && booking.travelToken && (
        <>
          <button type="button" className="ghost frame-toggle" aria-expanded={frameOpen} onClick={() => setFrameOpen(!frameOpen)}>
            <Icon name="chevron" turn={frameOpen ? 'up' : 'down'} />
            {frameOpen ? 'Masquer le suivi' : 'Afficher le suivi'}
          </button>
          <div className={`frame-holder${frameOpen ? ' open' : ''}`}>
            <SideFrame id={id} token={booking.travelToken} />
          </div>
        </>
      )}
    </section>
  );
}
