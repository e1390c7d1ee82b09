import { formatPrice, formatVolume } from 'transport-quote-wizard/domain';
import type { ListedBooking, ListFilter } from '../db/carrier-bookings.ts';
import { handlingLabel } from '../pages/dashboard-page.ts';
import { BASE, escapeHtml, frame, notice, shortDateTime, stateBadge, STATE_LABELS, STATE_PLURALS, type Viewer } from './layout.ts';

/** The filter as a query string (the pages' links and the CSV export keep it). */
export function filterQuery(filter: ListFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.state) params.set('etat', filter.state);
  if (filter.from) params.set('du', filter.from);
  if (filter.to) params.set('au', filter.to);
  if (filter.query) params.set('q', filter.query);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The marks a carrier checks before accepting: a price to set (the grid gave none), a price the
 * company or the carrier set, one the server could not confirm, handling booked far below the
 * server's estimate, and a booking its customer changed.
 */
type Marked = Pick<ListedBooking, 'price_source' | 'price_check'> & { summary: ListedBooking['summary'] | null };

export function priceMarks(booking: Marked): string[] {
  const marks: string[] = [];
  if (booking.price_source === 'pending') marks.push('<span class="badge warning">Prix à fixer</span>');
  else if (booking.price_source === 'company') marks.push('<span class="badge info">Prix fixé par l’entreprise</span>');
  else if (booking.price_source === 'carrier') marks.push('<span class="badge info">Prix fixé par vous</span>');
  else if (booking.price_check && !booking.price_check.matches) marks.push('<span class="badge warning">Prix à vérifier</span>');
  if (booking.summary?.handling?.low) marks.push('<span class="badge warning">Manutention sous-estimée</span>');
  if (booking.summary?.changes) marks.push('<span class="badge info">Modifiée par le client</span>');
  return marks;
}

export const priceMark = (booking: Marked) => priceMarks(booking).join(' ');

export const originLabel = (companyId: number | null) => (companyId === null ? 'Site public' : 'Intranet');

function row(booking: ListedBooking, withPublic: boolean): string {
  const { summary } = booking;
  const more = summary.stops - 2;
  const money = (cents: number) => escapeHtml(formatPrice(cents / 100, '€'));
  return `<tr>
<td data-label="N°"><div class="cell"><a href="${BASE}/reservations/${booking.id}">n°\u00a0${booking.id}</a></div></td>
<td data-label="Date"><div class="cell">${booking.beginning_date ? escapeHtml(shortDateTime(booking.beginning_date)) : 'À convenir'}<div class="meta">reçue ${escapeHtml(shortDateTime(booking.created_at))}</div></div></td>
<td data-label="Client"><div class="cell">${escapeHtml(booking.customer_name)}${withPublic ? `<div class="meta">${originLabel(booking.company_id)}</div>` : ''}</div></td>
<td data-label="Trajet" class="trip"><div class="cell"><div>${escapeHtml(summary.first)}</div>${summary.stops > 1 ? `<div>${escapeHtml(summary.last)}</div>` : ''}${more > 0 ? `<div class="meta">+\u00a0${more} étape${more > 1 ? 's' : ''}</div>` : ''}</div></td>
<td data-label="Volume" class="number"><div class="cell">${escapeHtml(formatVolume(summary.volume))}${summary.handling ? `<div class="meta">${escapeHtml(handlingLabel(summary.handling.persons, summary.handling.hours))}</div>` : ''}</div></td>
<td data-label="Prix TTC" class="number"><div class="cell">${booking.price_source === 'pending' ? 'À fixer' : money(summary.total)}${(summary.lines ?? []).map((line) => `<div class="meta">${escapeHtml(line.label)}\u00a0: ${money(line.amount)}</div>`).join('')}${priceMark(booking) ? `<div>${priceMark(booking)}</div>` : ''}${summary.handling?.low ? `<div class="meta">estimation\u00a0: ${escapeHtml(handlingLabel(summary.handling.estimate_persons, summary.handling.estimate_hours))}</div>` : ''}</div></td>
<td data-label="État"><div class="cell">${stateBadge(booking.state)}</div></td>
</tr>`;
}

export interface BookingsPageInput {
  viewer: Viewer;
  withPublic: boolean;
  filter: ListFilter;
  bookings: ListedBooking[];
  total: number;
  page: number;
  pageSize: number;
  message: string | null;
}

export function renderBookingsPage({ viewer, withPublic, filter, bookings, total, page, pageSize, message }: BookingsPageInput): string {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const option = (value: string, label: string) =>
    `<option value="${value}"${(filter.state ?? '') === value ? ' selected' : ''}>${label}</option>`;
  const count =
    total === 0
      ? filter.state || filter.from || filter.to || filter.query
        ? 'Aucune réservation ne correspond à ces critères.'
        : 'Aucune réservation pour le moment.'
      : `${total} réservation${total > 1 ? 's' : ''}${pages > 1 ? `, page ${page} sur ${pages}` : ''}`;
  const body = `
<h1>Réservations</h1>
${message ? notice('success', message) : ''}
<form method="get" action="${BASE}/reservations" class="filters card" aria-label="Filtrer les réservations">
<div class="field search"><label for="q">Client ou ville</label><input id="q" name="q" type="search" maxlength="100" value="${escapeHtml(filter.query)}" placeholder="Martin, Lyon, 69002"></div>
<details class="more"${filter.state || filter.from || filter.to ? ' open' : ''}><summary>État et dates</summary>
<div class="more-fields">
<div class="field"><label for="etat">État</label>
<select id="etat" name="etat">${option('', 'Toutes')}${Object.entries(STATE_LABELS)
    .map(([value]) => option(value, STATE_PLURALS[value] ?? value))
    .join('')}</select></div>
<fieldset class="dates"><legend>Date du transport</legend>
<div class="field"><label for="du">Du</label><input id="du" name="du" type="date" value="${escapeHtml(filter.from ?? '')}"></div>
<div class="field"><label for="au">Au</label><input id="au" name="au" type="date" value="${escapeHtml(filter.to ?? '')}"></div>
</fieldset>
</div>
</details>
<div class="actions"><button type="submit" class="button primary">Filtrer</button><a class="button secondary" href="${BASE}/reservations">Tout afficher</a></div>
</form>
<div class="list-head"><p class="count" role="status">${escapeHtml(count)}</p>
<a class="button secondary" href="${BASE}/reservations.csv${filterQuery(filter)}" download>Exporter en CSV</a></div>
${
  bookings.length > 0
    ? `<table class="bookings">
<caption class="visually-hidden">Réservations, les plus récentes en premier</caption>
<thead><tr><th scope="col">N°</th><th scope="col">Date du transport</th><th scope="col">Client</th><th scope="col">Trajet</th><th scope="col">Volume</th><th scope="col">Prix TTC</th><th scope="col">État</th></tr></thead>
<tbody>${bookings.map((booking) => row(booking, withPublic)).join('')}</tbody>
</table>`
    : ''
}
${
  pages > 1
    ? `<nav class="pages" aria-label="Pages de la liste">${page > 1 ? `<a class="button secondary" href="${BASE}/reservations${filterQuery(filter, page - 1)}">Page précédente</a>` : ''}<span>Page ${page} sur ${pages}</span>${page < pages ? `<a class="button secondary" href="${BASE}/reservations${filterQuery(filter, page + 1)}">Page suivante</a>` : ''}</nav>`
    : ''
}`;
  return frame('Réservations', body, viewer, 'reservations');
}
