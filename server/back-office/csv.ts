import { spreadsheetCents } from 'transport-quote-wizard/domain';
import type { ListedBooking } from '../db/carrier-bookings.ts';
import { originLabel } from './bookings-page.ts';
import { spreadsheetDateTime, STATE_LABELS } from './layout.ts';

/**
 * The list as a French spreadsheet reads it: UTF-8 with a byte-order mark (without it Excel
 * reads the accents as Windows-1252), semicolons between fields, decimal commas, dates a
 * spreadsheet takes for dates (14/12/2026 09:00, Paris time), CRLF lines.
 */
export const CSV_BOM = '\ufeff';

const HEADER = [
  'Numéro',
  'Reçue le',
  'Date du transport',
  'Client',
  'Téléphone',
  'E-mail',
  'Départ',
  'Arrivée',
  'Étapes',
  'Volume (m³)',
  'Prix TTC (€)',
  'Prix HT (€)',
  'État',
  'Contrôle du prix',
  'Origine',
  'Prix de l’entreprise (lignes, TTC)',
  'Prix de la grille TTC (€)',
  'Manutention réservée',
  'Manutention estimée par le serveur',
  'Modifications du client',
];

/**
 * One field: quoted when it holds a separator, a quote or a line break. Text a customer typed
 * that starts like a formula (= + - @) is prefixed with an apostrophe, so a spreadsheet shows
 * it rather than running it.
 */
function field(value: string | number, typed = false): string {
  let text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  if (typed && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const euros = spreadsheetCents;

function priceControl(booking: ListedBooking): string {
  const marks: string[] = [];
  if (booking.price_source === 'pending')
    marks.push(`Prix à fixer${booking.summary.unavailable ? ` (${booking.summary.unavailable})` : ''}`);
  else if (booking.price_source === 'company') marks.push('Prix fixé par l’entreprise');
  else if (booking.price_source === 'carrier') marks.push('Prix fixé par le transporteur');
  else if (booking.price_check && !booking.price_check.matches) marks.push('Prix à vérifier');
  if (booking.summary.handling?.low) marks.push('Manutention sous-estimée');
  return marks.join(' · ');
}

const handling = (persons: number, hours: number) => `${persons} × ${String(hours).replace('.', ',')} h`;

export const csvHeader = () => `${CSV_BOM}${HEADER.join(';')}\r\n`;

export function csvRows(bookings: ListedBooking[]): string {
  return bookings
    .map((booking) => {
      const { summary } = booking;
      return [
        field(booking.id),
        field(spreadsheetDateTime(booking.created_at)),
        field(booking.beginning_date ? spreadsheetDateTime(booking.beginning_date) : ''),
        field(booking.customer_name, true),
        field(summary.phone, true),
        field(summary.email, true),
        field(summary.first, true),
        field(summary.last, true),
        field(summary.stops),
        field(summary.volume),
        // A price to set has none yet: its cells stay empty rather than say 0.
        booking.price_source === 'pending' ? '' : euros(summary.total),
        booking.price_source === 'pending' ? '' : euros(summary.total_ht),
        field(STATE_LABELS[booking.state] ?? booking.state),
        field(priceControl(booking)),
        field(originLabel(booking.company_id)),
        field((summary.lines ?? []).map((line) => `${line.label} : ${euros(line.amount)} €`).join(' | '), true),
        booking.price_check ? euros(booking.price_check.price_transportation + booking.price_check.price_handling) : '',
        field(summary.handling ? handling(summary.handling.persons, summary.handling.hours) : ''),
        field(summary.handling ? handling(summary.handling.estimate_persons, summary.handling.estimate_hours) : ''),
        field(summary.changes ? summary.changes.lines.join(' | ') : '', true),
      ].join(';');
    })
    .map((line) => `${line}\r\n`)
    .join('');
}
