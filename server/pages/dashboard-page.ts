import {
  BUSINESS_TIME_ZONE,
  formatClock,
  formatDateAndTime,
  formatDuration,
  formatPhone,
  formatVolume,
  saysFrance,
  stopNoteTitle,
  timeValueOf,
  totalVolume,
  type PriceCheck,
  type TravelPayload,
  formatCents,
} from 'transport-quote-wizard/domain';
import { DateTime } from 'luxon';

const TASK_LABELS: Record<string, string> = { pickup: 'Enlèvement', dropoff: 'Livraison', service: 'Prestation' };

/** Everything shown comes from a customer: escaped, always. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

export function floorLabel(floor: number): string {
  if (floor === -1) return 'rue';
  if (floor === 0) return 'rez-de-chaussée';
  return floor === 1 ? '1er étage' : `${floor}e étage`;
}

/** 'lundi 23 novembre 2026 à 14 h 30': written as the elements write it (UX §7.2). */
export function when(timestamp: string | null): string {
  if (!timestamp) return '';
  const day = DateTime.fromISO(timestamp, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toISODate() ?? '';
  return formatDateAndTime(day, timeValueOf(timestamp));
}

export function handlersLabel(count: number): string {
  if (count === 0) return 'sans manutentionnaire';
  return count === 1 ? '1 manutentionnaire' : `${count} manutentionnaires`;
}

function page(title: string, body: string, light: boolean): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/dashboard.css">
</head>
<body class="${light ? 'light' : ''}">
${light ? '' : '<header class="top"><strong>Espace transporteur</strong></header>'}
<main>${body}</main>
</body>
</html>`;
}

/** A stop's contacts: who to ask for there, and whether they want an SMS (spec §3: notify). */
function stopContacts(payload: TravelPayload, stepIndex: number): string {
  const contacts = payload.contacts.filter((contact) => contact.step === stepIndex);
  if (contacts.length === 0) return '';
  const line = (contact: TravelPayload['contacts'][number]) =>
    [escapeHtml(contact.name), contact.phone_number ? phoneLink(contact.phone_number) : '', escapeHtml(contact.email)]
      .filter(Boolean)
      .join(', ') + (contact.notify ? ' (SMS)' : '');
  return `<div class="meta">Contact\u00a0: ${contacts.map(line).join(' · ')}</div>`;
}

/** A phone as a link a phone dials on a tap (its digits and a leading '+' only), written as the French read it. */
export function phoneLink(phone: string): string {
  const dial = phone.replace(/(?!^\+)[^\d]/g, '');
  return dial ? `<a href="tel:${escapeHtml(dial)}">${escapeHtml(formatPhone(phone))}</a>` : escapeHtml(phone);
}

/** The day of an ISO date in Paris, 'yyyy-mm-dd'. */
const parisDay = (iso: string) => DateTime.fromISO(iso, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toISODate() ?? '';

/**
 * When a stop may start. The first stop's window is read on the job's day (a window the form
 * kept from an earlier day would otherwise say 'à partir du lundi 23 novembre' for a job on
 * 17 December), as is any window of the job's own day; a later day's is written in full.
 */
function stopWindow(earliest: string, jobStart: string | null, first: boolean): string {
  const time = timeValueOf(earliest);
  if (jobStart && (first || parisDay(earliest) === parisDay(jobStart))) return `à partir de ${formatClock(time)}`;
  return `à partir du ${when(earliest)}`;
}

/**
 * The booking's notes without what a stop's notes already say ('étape 1 : Digicode 42A' is
 * shown with its stop): a door code is read once, where the team needs it.
 */
export function notesBeyondStops(payload: TravelPayload): string {
  let rest = payload.travel.additional_notes;
  for (const address of payload.addresses)
    if (address.notes.trim())
      rest = rest.replace(`${stopNoteTitle({ label: address.label, step: Number(address.step) })} : ${address.notes.trim()}`, '');
  return rest
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n')
    .trim();
}

/** Where a price comes from (booking-pricing.ts PriceSource). */
type PriceSource = 'quote' | 'company' | 'pending' | 'carrier' | 'client';

/** What the server recorded of how it priced a booking (booking-summary.ts), as these pages read it. */
export interface PricedSummary {
  volume: number;
  total: number;
  total_ht: number;
  lines?: { kind?: string; label: string; amount_ht: number; amount: number }[];
  handling?: { persons: number; hours: number; estimate_persons: number; estimate_hours: number; estimate_price: number; low: boolean };
  item_volumes?: number[];
  unavailable?: string | null;
}

/** An object to carry, from the catalogue or the visitor's own: not a service, an expense or the Prestation Spécifique. */
const isObject = (item: TravelPayload['items'][number]) => item.category === 'item' || item.category === 'stuff';

/** '2 manutentionnaires pendant 2 h', or 'sans manutentionnaire'. */
export function handlingLabel(persons: number, hours: number): string {
  return persons > 0 && hours > 0 ? `${handlersLabel(persons)} pendant ${formatDuration(hours * 3600)}` : handlersLabel(persons);
}

/**
 * The booking itself, every stop, item, contact, note and price: the dashboard page's body,
 * and the booking's page in the carrier's back office (which writes the title itself: `withTitle`
 * false). With the summary the server wrote (`priced`), the volumes and handling as priced, the
 * company's price lines, and a price still to set; `forCarrier` adds what only the carrier reads
 * (handling booked far below the server's estimate, objects declared without a volume).
 */
export function bookingSections(
  id: number,
  payload: TravelPayload,
  createdAt: string,
  priceCheck: PriceCheck | null = null,
  priceSource: PriceSource = 'quote',
  withTitle = true,
  priced: PricedSummary | null = null,
  forCarrier = false,
): string {
  const { travel, customer } = payload;
  const price = (cents: number) => escapeHtml(formatCents(cents));
  const notes = notesBeyondStops(payload);
  const pending = priceSource === 'pending';
  const stops = payload.addresses
    .map(
      (
        address,
        index,
      ) => `<li value="${escapeHtml(address.step)}"><strong>${escapeHtml(TASK_LABELS[address.type_name] ?? address.type_name)}</strong>
      ${address.label ? `<span class="label">${escapeHtml(address.label)}</span>` : ''}
      <div>${escapeHtml(address.address_complete)}${saysFrance(address.country) ? '' : ` (${escapeHtml(address.country.trim())})`}</div>
      <div class="meta">${escapeHtml(floorLabel(address.floor_nb))}${address.elevator_presence ? ', ascenseur' : ''} · ${escapeHtml(address.duration_min)} min sur place${address.timewindow_earliest ? ` · ${escapeHtml(stopWindow(address.timewindow_earliest, travel.beginning_date, index === 0))}` : ''}</div>
      ${stopContacts(payload, index)}
      ${address.notes ? `<div class="notes">${escapeHtml(address.notes)}</div>` : ''}</li>`,
    )
    .join('');
  // The volumes priced (the catalogue's for its items), not those the browser sent.
  const volumeOf = (index: number) => priced?.item_volumes?.[index] ?? payload.items[index]!.volume;
  // Objects declared with no volume and no dimensions: the price counts neither their room in
  // the vehicle nor their handling (issue 52). The carrier sees them, to ask before answering.
  const undeclared = forCarrier ? payload.items.filter((item, index) => isObject(item) && volumeOf(index) <= 0) : [];
  const items = payload.items
    .map((item, index) => {
      const volume = volumeOf(index);
      const mark =
        volume > 0
          ? ` <span class="meta">(${escapeHtml(formatVolume(volume))} l’unité)</span>`
          : undeclared.includes(item)
            ? ' <span class="badge warning">volume non déclaré</span>'
            : '';
      return `<li>${escapeHtml(item.quantity)} × ${escapeHtml(item.name)}${mark}</li>`;
    })
    .join('');
  const undeclaredWarning =
    undeclared.length > 0
      ? `<p class="price-warning" role="alert"><strong>Volume non déclaré\u00a0:</strong> ${undeclared.map((item) => `${escapeHtml(item.quantity)} × ${escapeHtml(item.name)}`).join(', ')}. Le prix n’en compte ni la place dans le véhicule ni la manutention\u00a0: vérifiez-le avec le client avant d’accepter.</p>`
      : '';
  const handling = priced?.handling ?? { persons: Number(travel.persons_needed), hours: travel.duration_handling / 3600 };
  const lowHandling =
    forCarrier && priced?.handling?.low
      ? `<p class="price-warning" role="alert"><strong>Manutention bien en dessous de l’estimation :</strong> ${escapeHtml(handlingLabel(priced.handling.persons, priced.handling.hours))} réservés, le serveur estime ${escapeHtml(handlingLabel(priced.handling.estimate_persons, priced.handling.estimate_hours))} (${price(priced.handling.estimate_price)} TTC).</p>`
      : '';
  const lines = priced?.lines ?? [];
  const total = priced?.total ?? travel.price_transportation + travel.price_handling;
  const totalHt = priced?.total_ht ?? travel.price_transportation_ht + travel.price_handling_ht;
  // Every line adds up to the total: what the listed lines leave of it (the items' expenses) has a line of its own.
  const otherCosts = total - travel.price_transportation - travel.price_handling - lines.reduce((sum, line) => sum + line.amount, 0);
  const otherCostsHt =
    totalHt - travel.price_transportation_ht - travel.price_handling_ht - lines.reduce((sum, line) => sum + line.amount_ht, 0);
  const amount = (cents: number, ht: boolean) => (pending ? 'à fixer' : `${price(cents)} ${ht ? 'HT' : 'TTC'}`);
  const priceRows = `
<tr><th scope="row">Transport</th><td>${amount(travel.price_transportation, false)}</td><td>${amount(travel.price_transportation_ht, true)}</td></tr>
<tr><th scope="row">Manutention</th><td>${amount(travel.price_handling, false)}</td><td>${amount(travel.price_handling_ht, true)}</td></tr>
${lines.map((line) => `<tr><th scope="row">${escapeHtml(line.label)} <span class="meta">(${line.kind === 'option' ? 'option choisie' : 'prix de l’entreprise'})</span></th><td>${price(line.amount)} TTC</td><td>${price(line.amount_ht)} HT</td></tr>`).join('')}
${otherCosts !== 0 || otherCostsHt !== 0 ? `<tr><th scope="row">Autres frais <span class="meta">(objets et services)</span></th><td>${amount(otherCosts, false)}</td><td>${amount(otherCostsHt, true)}</td></tr>` : ''}
<tr class="total"><th scope="row">Total</th><td>${amount(total, false)}</td><td>${amount(totalHt, true)}</td></tr>`;
  return `
${withTitle ? `<h1>Réservation n° ${escapeHtml(id)}</h1>` : ''}
<p class="meta">Créée le ${escapeHtml(when(createdAt))}${travel.beginning_date ? ` · départ le ${escapeHtml(when(travel.beginning_date))}` : ''}</p>
<section><h2>Client</h2>
<p>${escapeHtml(customer.name)}<br>${phoneLink(customer.phone_number)}${customer.email ? `<br>${escapeHtml(customer.email)}` : ''}</p></section>
<section><h2>Étapes</h2><ol class="stops">${stops}</ol></section>
<section><h2>Chargement</h2>${items ? `<ul>${items}</ul>` : '<p>Aucun objet</p>'}
<p class="meta">Volume\u00a0: ${escapeHtml(formatVolume(priced?.volume ?? totalVolume(payload.items)))} · véhicule de ${escapeHtml(formatVolume(Number(travel.truck_capacity_needed)))} · ${escapeHtml(handlingLabel(handling.persons, handling.hours))}</p>
${forCarrier && priced?.handling && !priced.handling.low ? `<p class="meta">Estimation du serveur\u00a0: ${escapeHtml(handlingLabel(priced.handling.estimate_persons, priced.handling.estimate_hours))} (${price(priced.handling.estimate_price)} TTC).</p>` : ''}
${lowHandling}${undeclaredWarning}</section>
<section><h2>Prix</h2>
${pending ? `<p class="price-warning" role="alert"><strong>Prix à fixer\u00a0:</strong> ${escapeHtml(priced?.unavailable ?? 'la grille du transporteur n’a pas donné de prix pour ce trajet')}.</p>` : ''}
<table><tbody>${priceRows}
</tbody></table>
${priceSource === 'carrier' ? '<p class="meta">Prix fixé par le transporteur.</p>' : ''}
${priceSource === 'company' && !priceCheck ? '<p class="price-warning" role="alert"><strong>Prix fixé par l’entreprise\u00a0:</strong> la grille ne donne pas de prix pour ce trajet.</p>' : ''}
${
  priceCheck && !priceCheck.matches
    ? priceSource === 'company'
      ? `<p class="price-warning" role="alert"><strong>Prix fixé par l’entreprise\u00a0:</strong> votre grille donne transport ${price(priceCheck.price_transportation)} TTC, manutention ${price(priceCheck.price_handling)} TTC.</p>`
      : `<p class="price-warning" role="alert"><strong>Prix à vérifier avant d’accepter\u00a0:</strong> le prix envoyé par le navigateur diffère du calcul du serveur (transport ${price(priceCheck.price_transportation)} TTC, manutention ${price(priceCheck.price_handling)} TTC).</p>`
    : ''
}</section>
${notes ? `<section><h2>Notes</h2><p class="notes">${escapeHtml(notes)}</p></section>` : ''}`;
}

/** The dashboard page the side frame opens (spec §2), in its light layout or full. */
export function renderDashboardPage(
  id: number,
  payload: TravelPayload,
  createdAt: string,
  light: boolean,
  priceCheck: PriceCheck | null = null,
  priceSource: PriceSource = 'quote',
  priced: PricedSummary | null = null,
): string {
  return page(`Réservation n° ${id}`, bookingSections(id, payload, createdAt, priceCheck, priceSource, true, priced), light);
}

/** A devis whose PDF could not be made now: why, in French, and the devis to read online meanwhile. */
export function renderDevisPdfUnavailablePage(message: string, devisUrl: string): string {
  return page(
    'Devis PDF indisponible',
    `<h1>Devis PDF indisponible</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(devisUrl)}">Lire le devis en ligne</a></p>`,
    false,
  );
}

/** A customer's form refused before it was read (another site's post, a body no page sends): why, in French. */
export function renderRefusedFormPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`, false);
}

export function renderNotFoundPage(light: boolean): string {
  return page(
    'Réservation introuvable',
    '<h1>Réservation introuvable</h1><p>Le lien est incomplet ou la réservation n’existe pas.</p>',
    light,
  );
}
