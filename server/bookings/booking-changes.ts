import { formatDuration, type TravelPayload, formatCents } from 'transport-quote-wizard/domain';
import { floorLabel, handlersLabel, when } from '../pages/dashboard-page.ts';

/** What an edit changed in a booking, as the carrier reads it before answering again. */
export interface BookingChanges {
  /** When the edit was made (ISO 8601, UTC). */
  at: string;
  /** One French line per change: 'Étape 2\u00a0: 3 Place Bellecour 69002 Lyon → 12 Rue … Paris'. */
  lines: string[];
}

const money = formatCents;
const total = (payload: TravelPayload) => payload.travel.price_transportation + payload.travel.price_handling;
const handling = (payload: TravelPayload) =>
  `${handlersLabel(payload.travel.persons_needed)}${payload.travel.persons_needed > 0 ? ` pendant ${formatDuration(payload.travel.duration_handling)}` : ''}`;
const loadOf = (payload: TravelPayload) =>
  payload.items.map((item) => `${item.quantity} × ${item.name || 'objet sans nom'}`).join(', ') || 'aucun objet';
const stopOf = (address: TravelPayload['addresses'][number]) =>
  `${address.address_complete} (${floorLabel(address.floor_nb)}${address.elevator_presence ? ', ascenseur' : ''})`;

/**
 * The changes between a booking as it was and as an edit stores it, in French, one line each:
 * its date, stops, load, handling, price, customer and notes. Empty when nothing the carrier
 * reads changed.
 */
export function describeChanges(before: TravelPayload, after: TravelPayload): string[] {
  const lines: string[] = [];
  const changed = (label: string, was: string, now: string) => {
    if (was !== now) lines.push(`${label}\u00a0: ${was || '(vide)'} → ${now || '(vide)'}`);
  };
  changed('Date', when(before.travel.beginning_date) || 'à convenir', when(after.travel.beginning_date) || 'à convenir');
  const stops = Math.max(before.addresses.length, after.addresses.length);
  for (let index = 0; index < stops; index++) {
    const was = before.addresses[index];
    const now = after.addresses[index];
    if (!was && now) lines.push(`Étape ${index + 1} ajoutée\u00a0: ${stopOf(now)}`);
    else if (was && !now) lines.push(`Étape ${index + 1} retirée\u00a0: ${stopOf(was)}`);
    else if (was && now) {
      changed(`Étape ${index + 1}`, stopOf(was), stopOf(now));
      changed(`Créneau de l’étape ${index + 1}`, when(was.timewindow_earliest), when(now.timewindow_earliest));
      changed(`Notes de l’étape ${index + 1}`, was.notes, now.notes);
    }
  }
  changed('Chargement', loadOf(before), loadOf(after));
  changed('Manutention', handling(before), handling(after));
  if (total(before) !== total(after))
    lines.push(`Prix (transport et manutention)\u00a0: ${money(total(before))} → ${money(total(after))} TTC`);
  changed('Client', before.customer.name, after.customer.name);
  changed('Téléphone du client', before.customer.phone_number, after.customer.phone_number);
  changed('E-mail du client', before.customer.email, after.customer.email);
  changed('Notes', before.travel.additional_notes, after.travel.additional_notes);
  return lines;
}
