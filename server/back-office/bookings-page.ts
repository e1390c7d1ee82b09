import { DateTime } from 'luxon';
import { overdueHours, overdueLabel } from '../bookings/overdue.ts';
import { mayMove } from '../bookings/booking-states.ts';
import { BUSINESS_TIME_ZONE, formatClock, formatPhone, formatVolume, formatCents } from 'transport-quote-wizard/domain';
import { townOf, type ListedBooking, type ListFilter, type View } from '../db/carrier-bookings.ts';
import { handlingLabel } from '../pages/dashboard-page.ts';
import {
  BASE,
  csrfField,
  dayOf,
  escapeHtml,
  frame,
  notice,
  shortDateTime,
  stateBadge,
  STATE_LABELS,
  STATE_PLURALS,
  type Viewer,
} from './layout.ts';

/** The filter as a query string (the tabs, the pages' links and the CSV export keep it). */
export function filterQuery(filter: ListFilter, page?: number, view: View = filter.view): string {
  const params = new URLSearchParams();
  // The view the list takes without one (routes.ts): 'Toutes' for a search, 'À traiter' otherwise.
  const filtered = Boolean(filter.state || filter.from || filter.to || filter.query);
  if (view !== (filtered ? 'toutes' : 'a-traiter')) params.set('vue', view);
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

/** A phone as a tap-to-call link dials it: its digits and a leading '+', nothing else. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;

/** The tabs, in the order a dispatcher works through them. */
export const VIEW_LABELS: Record<View, string> = {
  'a-traiter': 'À traiter',
  aujourdhui: 'Aujourd’hui',
  'a-venir': 'À venir',
  toutes: 'Toutes',
};

/** 'lundi 14 décembre 2026' in Paris, from a 'yyyy-mm-dd' day. */
export function longDay(day: string): string {
  const at = DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).setLocale('fr');
  if (!at.isValid) return day;
  return `${at.toFormat('cccc')} ${at.day === 1 ? '1er' : at.day} ${at.toFormat('LLLL yyyy')}`;
}

/** The hour of a job in Paris ('9 h', '14 h 30'). */
const hourOf = (iso: string) => formatClock(DateTime.fromISO(iso, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toFormat('HH:mm'));

/** The list's own decisions come back to it (issue 55, point 11): the form says so. */
const BACK_TO_LIST = '<input type="hidden" name="retour" value="liste">';

/** What a row offers: 'Accepter' while the booking awaits an answer and has a price, 'Appeler' whenever the customer gave a phone. */
function rowActions(booking: ListedBooking, csrf: string, awaitingCustomer = false): string {
  const actions: string[] = [];
  // An offer of another day is with the customer: accepting the request as it came would cross it.
  if (mayMove(booking.state, 'accept') && booking.price_source !== 'pending' && !awaitingCustomer)
    actions.push(
      `<form method="post" action="${BASE}/reservations/${booking.id}/accepter">${csrfField(csrf)}${BACK_TO_LIST}<button type="submit" class="button primary small" aria-label="Accepter la réservation n°\u00a0${booking.id}">Accepter</button></form>`,
    );
  const phone = booking.summary.phone.trim();
  if (phone)
    actions.push(
      `<a class="button secondary small" href="${escapeHtml(telHref(phone))}" aria-label="Appeler ${escapeHtml(booking.customer_name)} au ${escapeHtml(formatPhone(phone))}">Appeler</a>`,
    );
  return actions.join('');
}

/**
 * A job on two lines (on a phone; one row on a screen): its hour, its first and last towns and
 * its total, then its state and marks, and what the dispatcher does with it.
 */
function row(
  booking: ListedBooking,
  withPublic: boolean,
  duplicate: boolean,
  csrf: string,
  signed = false,
  depositMark = '',
  overdue: number | null = null,
  awaitingCustomer = false,
): string {
  const { summary } = booking;
  const more = summary.stops - 2;
  const money = (cents: number) => escapeHtml(formatCents(cents));
  const towns = summary.stops > 1 ? `${townOf(summary.first)} → ${townOf(summary.last)}` : townOf(summary.first);
  const details = [
    `n°\u00a0${booking.id}`,
    booking.customer_name,
    formatVolume(summary.volume),
    ...(summary.handling ? [handlingLabel(summary.handling.persons, summary.handling.hours)] : []),
    ...(more > 0 ? [`+\u00a0${more} étape${more > 1 ? 's' : ''}`] : []),
    ...(withPublic ? [originLabel(booking.company_id)] : []),
  ];
  const late = overdue === null ? [] : [`<span class="badge late">${escapeHtml(overdueLabel(overdue))}</span>`];
  const marks = [
    ...(awaitingCustomer ? ['<span class="badge info">En attente du client</span>'] : late),
    ...(signed ? ['<span class="badge signed">Devis signé</span>'] : []),
    ...priceMarks(booking),
    ...(duplicate ? ['<span class="badge warning">Doublon possible</span>'] : []),
    ...(depositMark ? [depositMark] : []),
  ];
  return `<tr class="job">
<td class="when" data-label="Heure">${booking.beginning_date ? escapeHtml(hourOf(booking.beginning_date)) : 'À convenir'}</td>
<td class="trip" data-label="Trajet"><a href="${BASE}/reservations/${booking.id}" aria-label="n°\u00a0${booking.id}, ${escapeHtml(towns)}">${escapeHtml(towns)}</a><div class="meta">${details.map(escapeHtml).join(' · ')}</div><div class="meta received">reçue ${escapeHtml(shortDateTime(booking.created_at))}</div></td>
<td class="number total" data-label="Prix TTC">${booking.price_source === 'pending' ? 'À fixer' : money(summary.total)}${(summary.lines ?? []).map((line) => `<div class="meta">${escapeHtml(line.label)}\u00a0: ${money(line.amount)}</div>`).join('')}</td>
<td class="state" data-label="État">${stateBadge(booking.state)}${marks.length > 0 ? ` ${marks.join(' ')}` : ''}</td>
<td class="act" data-label="Actions"><div class="row-actions">${rowActions(booking, csrf, awaitingCustomer)}</div></td>
</tr>`;
}

/** The bookings under the heading of their job's day ('Sans date' for those without one), in the list's order. */
function dayGroups(bookings: ListedBooking[], today: string): { day: string | null; label: string; bookings: ListedBooking[] }[] {
  const groups: { day: string | null; label: string; bookings: ListedBooking[] }[] = [];
  for (const booking of bookings) {
    const day = booking.beginning_date ? dayOf(booking.beginning_date) : null;
    const last = groups.at(-1);
    if (last && last.day === day) last.bookings.push(booking);
    else
      groups.push({
        day,
        label: day === null ? 'Sans date' : `${longDay(day)}${day === today ? ' · aujourd’hui' : day < today ? ' · passé' : ''}`,
        bookings: [booking],
      });
  }
  return groups;
}

export interface BookingsPageInput {
  viewer: Viewer;
  withPublic: boolean;
  filter: ListFilter;
  /** How many bookings each tab holds. */
  counts: Record<View, number>;
  bookings: ListedBooking[];
  /** The bookings of the page that look like another one (same contact, day and towns). */
  duplicates: ReadonlySet<number>;
  /** The bookings whose devis the customer accepted as it stands now ('Devis signé'). */
  signed?: ReadonlySet<number>;
  total: number;
  page: number;
  pageSize: number;
  message: string | null;
  /** The dates as typed (jj/mm/aaaa), kept when they could not be read, and what was wrong. */
  typed?: { du: string; au: string };
  dateError?: string | null;
  /** The deposit's mark of each booking that has one (payments/deposit-marks.ts). */
  depositMarks?: ReadonlyMap<number, string>;
  /** What the company's devis lacks (settings/completeness-routes.ts), as a notice with its link; null: nothing. */
  incomplete?: string | null;
  /** The hours the carrier promises to answer within (null: none), and now: the requests late past it are marked. */
  answerWithinHours?: number | null;
  now?: number;
  /** An acceptance just taken from the list that can still be undone: its booking, for the notice's button. */
  undoAccept?: number | null;
  /** The bookings whose customer has an offer of another day to answer (issue 55, point 11). */
  awaitingCustomer?: ReadonlySet<number>;
}

/** A day of the filter as the field shows it: 'jj/mm/aaaa'. */
export const frenchDay = (day: string | null) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');

export function renderBookingsPage(input: BookingsPageInput): string {
  const { viewer, withPublic, filter, counts, bookings, duplicates, total, page, pageSize, message } = input;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const option = (value: string, label: string) =>
    `<option value="${value}"${(filter.state ?? '') === value ? ' selected' : ''}>${label}</option>`;
  const filtered = filter.state || filter.from || filter.to || filter.query;
  const count =
    total === 0
      ? filtered
        ? 'Aucune réservation ne correspond à ces critères.'
        : counts.toutes === 0
          ? 'Aucune réservation pour le moment\u00a0: elles arrivent ici dès qu’un client réserve sur votre site.'
          : filter.view === 'a-traiter'
            ? 'Aucune réservation à traiter\u00a0: tout a reçu une réponse.'
            : filter.view === 'toutes'
              ? 'Aucune réservation pour le moment.'
              : 'Aucune réservation dans cette vue.'
      : `${total} réservation${total > 1 ? 's' : ''}${pages > 1 ? `, page ${page} sur ${pages}` : ''}`;
  const tab = (view: View) =>
    `<a href="${BASE}/reservations${filterQuery({ ...filter, state: null, from: null, to: null, query: '' }, 1, view)}"${view === filter.view ? ' aria-current="page"' : ''}>${VIEW_LABELS[view]} <span class="tab-count">(${counts[view]})</span></a>`;
  const typed = input.typed ?? { du: frenchDay(filter.from), au: frenchDay(filter.to) };
  const dateError = input.dateError ?? null;
  const invalid = dateError ? ' aria-invalid="true" aria-describedby="dates-erreur dates-aide"' : ' aria-describedby="dates-aide"';
  const body = `
<h1>Réservations</h1>
${message ? notice('success', message) : ''}${input.undoAccept ? `<form method="post" action="${BASE}/reservations/${input.undoAccept}/annuler-acceptation" class="undo">${csrfField(viewer.csrf)}${BACK_TO_LIST}<button type="submit" class="button secondary">Annuler l’acceptation de la réservation n°\u00a0${input.undoAccept}</button></form>` : ''}
${input.incomplete ?? ''}
<nav class="tabs" aria-label="Vues des réservations">${(['a-traiter', 'aujourdhui', 'a-venir', 'toutes'] as const).map(tab).join('')}</nav>
<details class="filter-box"${filtered || dateError ? ' open' : ''}><summary class="button secondary">Rechercher et filtrer</summary>
<form method="get" action="${BASE}/reservations" class="filters card" aria-label="Filtrer les réservations">
<div class="field search"><label for="q">Client ou ville</label><input id="q" name="q" type="search" maxlength="100" value="${escapeHtml(filter.query)}" placeholder="Martin, Lyon, 69002"></div>
<details class="more"${filter.state || filter.from || filter.to || dateError ? ' open' : ''}><summary>État et dates</summary>
<div class="more-fields">
<div class="field"><label for="etat">État</label>
<select id="etat" name="etat">${option('', 'Tous les états')}${Object.entries(STATE_LABELS)
    .map(([value]) => option(value, STATE_PLURALS[value] ?? value))
    .join('')}</select></div>
<fieldset class="dates"><legend>Date du transport</legend>
<div class="field"><label for="du">Du</label><input id="du" name="du" type="text" inputmode="numeric" autocomplete="off" maxlength="10" placeholder="jj/mm/aaaa" value="${escapeHtml(typed.du)}"${invalid}></div>
<div class="field"><label for="au">Au</label><input id="au" name="au" type="text" inputmode="numeric" autocomplete="off" maxlength="10" placeholder="jj/mm/aaaa" value="${escapeHtml(typed.au)}"${invalid}></div>
<p id="dates-aide" class="help">Jour, mois et année, par exemple 17/12/2026.</p>
${dateError ? `<p id="dates-erreur" class="field-error">${escapeHtml(dateError)}</p>` : ''}
</fieldset>
</div>
</details>
<div class="actions"><button type="submit" class="button primary">Filtrer</button><a class="button secondary" href="${BASE}/reservations${filterQuery({ ...filter, state: null, from: null, to: null, query: '' })}">Tout afficher</a></div>
</form>
</details>
<div class="list-head"><p class="count" role="status">${escapeHtml(count)}</p>${counts.toutes === 0 && viewer.role === 'administrateur' ? `<a class="button secondary" href="${BASE}/reglages/integration">Intégrer à mon site</a>` : ''}</div>
${
  bookings.length > 0
    ? `<table class="bookings">
<caption class="visually-hidden">${escapeHtml(VIEW_LABELS[filter.view])}\u00a0: réservations par jour du transport, les plus proches en premier</caption>
<thead><tr><th scope="col">Heure</th><th scope="col">Trajet et client</th><th scope="col">Prix TTC</th><th scope="col">État</th><th scope="col">Actions</th></tr></thead>
${dayGroups(bookings, filter.today)
  .map(
    (group) =>
      `<tbody><tr class="day"><th scope="rowgroup" colspan="5">${escapeHtml(group.label)}</th></tr>${group.bookings.map((booking) => row(booking, withPublic, duplicates.has(booking.id), viewer.csrf, input.signed?.has(booking.id) ?? false, input.depositMarks?.get(booking.id), input.now === undefined ? null : overdueHours(booking, input.answerWithinHours ?? null, input.now), input.awaitingCustomer?.has(booking.id) ?? false)).join('')}</tbody>`,
  )
  .join('')}
</table>`
    : ''
}
<div class="list-foot"><a class="button secondary" href="${BASE}/reservations.csv${filterQuery(filter)}" download>Exporter en CSV</a><a class="button secondary" href="${BASE}/compte/alertes">Alertes par e-mail</a></div>
${
  pages > 1
    ? `<nav class="pages" aria-label="Pages de la liste">${page > 1 ? `<a class="button secondary" href="${BASE}/reservations${filterQuery(filter, page - 1)}">Page précédente</a>` : ''}<span>Page ${page} sur ${pages}</span>${page < pages ? `<a class="button secondary" href="${BASE}/reservations${filterQuery(filter, page + 1)}">Page suivante</a>` : ''}</nav>`
    : ''
}`;
  return frame('Réservations', body, viewer, 'reservations');
}
