import { formatPhone, NBSP } from '../../domain/format.ts';
import type { TransportationCompany } from '../../domain/entities/company.ts';
import { Icon } from '../controls/icons.tsx';

/**
 * The carrier who answers, on the success panel: its name, a phone to tap and an e-mail, and
 * when it usually answers a request, when it says so (answer_within_hours). Nothing when the
 * carrier gave no way to reach it.
 */
export function CarrierCard({ carrier, accepted }: { carrier: TransportationCompany; accepted: boolean }) {
  const phone = carrier.phone_number.trim();
  const email = carrier.email.trim();
  if (!phone && !email) return null;
  const hours = carrier.answer_within_hours;
  return (
    <section className="carrier-card" aria-labelledby="carrier-card-title">
      <h3 id="carrier-card-title">{carrier.name || 'Votre transporteur'}</h3>
      {!accepted && (
        <p className="muted">
          {hours ? `Répond en général sous ${hours}${NBSP}h, par téléphone ou par e-mail.` : 'Vous répond par téléphone ou par e-mail.'}
        </p>
      )}
      <ul>
        {phone && (
          <li>
            <Icon name="phone" size={16} />
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>
          </li>
        )}
        {email && (
          <li>
            <Icon name="mail" size={16} />
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
