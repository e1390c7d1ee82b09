import type { StoredTravel } from '../db/travels-repo.ts';
import { bookingSections } from '../pages/dashboard-page.ts';
import { originLabel, priceMark } from './bookings-page.ts';
import { BASE, csrfField, escapeHtml, frame, notice, shortDateTime, stateBadge, type Viewer } from './layout.ts';

/** The longest reason a refusal may give the customer. */
export const REASON_MAX = 1000;

export interface BookingPageInput {
  viewer: Viewer;
  travel: StoredTravel;
  /** What just happened (accepted, refused), or what was refused in the last form. */
  message: { kind: 'success' | 'error'; text: string } | null;
  /** The reason typed, kept when the refusal was refused. */
  reason?: string;
  /** Whether the server sends e-mails (SMTP, or the demo's folder). */
  mailOn: boolean;
  /** E-mails of this booking the server did not send on purpose, and why (mail-repo.ts withheldMails). */
  withheld?: readonly string[];
}

/** Whether the customer hears of the decision from the server, said where the carrier decides. */
export function tellsCustomer(travel: StoredTravel, mailOn: boolean): boolean {
  return mailOn && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(travel.payload.customer.email.trim());
}

/**
 * The carrier's price for a booking its grid gave none for: transport and handling in euros
 * TTC, French decimals; the booking cannot be accepted before.
 */
function priceForm({ viewer, travel }: BookingPageInput): string {
  return `<form method="post" action="${BASE}/reservations/${travel.id}/prix" class="stack price-form">${csrfField(viewer.csrf)}
<p><strong>Prix à fixer\u00a0:</strong> ${escapeHtml(travel.summary?.unavailable ?? 'votre grille n’a pas donné de prix pour ce trajet')}. Fixez votre prix avant d’accepter\u00a0; le client le voit sur son devis.</p>
<div class="field"><label for="transport">Transport (€ TTC)</label><input id="transport" name="transport" inputmode="decimal" required pattern="\\d{1,6}([.,]\\d{1,2})?" maxlength="9"></div>
<div class="field"><label for="manutention">Manutention (€ TTC)</label><input id="manutention" name="manutention" inputmode="decimal" required pattern="\\d{1,6}([.,]\\d{1,2})?" maxlength="9" value="0"></div>
<button type="submit" class="button primary">Fixer le prix</button>
</form>`;
}

function decision(input: BookingPageInput): string {
  const { viewer, travel, reason = '', mailOn } = input;
  if (travel.state === 'accepted') return `<p>Vous l’avez acceptée le ${escapeHtml(shortDateTime(travel.decided_at))}.</p>`;
  if (travel.state === 'refused')
    return `<p>Vous l’avez refusée le ${escapeHtml(shortDateTime(travel.decided_at))}.</p><p>Motif donné au client\u00a0: ${escapeHtml(travel.refusal_reason ?? '')}</p>`;
  const told = tellsCustomer(travel, mailOn)
    ? `Votre réponse est envoyée au client par e-mail (${escapeHtml(travel.payload.customer.email.trim())}).`
    : 'Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même de votre réponse.';
  const reviewed =
    travel.state === 'review'
      ? `<p class="price-warning" role="alert"><strong>À revoir\u00a0:</strong> le client l’a modifiée après votre acceptation du ${escapeHtml(shortDateTime(travel.decided_at))}. Acceptez-la de nouveau ou refusez-la.</p>`
      : '';
  const accept =
    travel.price_source === 'pending'
      ? priceForm(input)
      : `<form method="post" action="${BASE}/reservations/${travel.id}/accepter">${csrfField(viewer.csrf)}<button type="submit" class="button primary">Accepter</button></form>`;
  return `${reviewed}<p class="meta">${told}</p>
<div class="decision-actions">
${accept}
<details class="refuse"${reason ? ' open' : ''}><summary class="button secondary">Refuser</summary>
<form method="post" action="${BASE}/reservations/${travel.id}/refuser" class="stack">${csrfField(viewer.csrf)}
<label for="motif">Motif du refus (envoyé au client)</label>
<textarea id="motif" name="motif" rows="4" required minlength="3" maxlength="${REASON_MAX}" aria-describedby="motif-aide">${escapeHtml(reason)}</textarea>
<p id="motif-aide" class="meta">Par exemple\u00a0: aucun véhicule disponible à cette date.</p>
<button type="submit" class="button danger">Confirmer le refus</button>
</form></details>
</div>`;
}

/** What the customer's last edit changed, line by line. */
function changesSection(travel: StoredTravel): string {
  const changes = travel.summary?.changes;
  if (!changes || changes.lines.length === 0) return '';
  return `<section class="card changes" aria-labelledby="changes-titre">
<h2 id="changes-titre">Modifiée par le client le ${escapeHtml(shortDateTime(changes.at))}</h2>
<ul>${changes.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
</section>`;
}

/** A booking in the back office: the decision first (what the carrier came to do), then everything the booking holds. */
export function renderBookingPage(input: BookingPageInput): string {
  const { viewer, travel, message } = input;
  const mark = priceMark(travel);
  const body = `
<p><a href="${BASE}/reservations">Retour à la liste</a></p>
<h1>Réservation n°\u00a0${travel.id}</h1>
${message ? notice(message.kind, message.text) : ''}
<section class="decision card" aria-labelledby="decision-titre">
<h2 id="decision-titre">Votre réponse</h2>
<p class="meta">${originLabel(travel.company_id)} · ${stateBadge(travel.state)}${mark ? ` ${mark}` : ''}</p>
${(input.withheld ?? []).map((why) => notice('error', why)).join('')}
${decision(input)}
</section>
${changesSection(travel)}
<article class="booking card" aria-label="Détail de la réservation">${bookingSections(travel.id, travel.payload, travel.created_at, travel.price_check, travel.price_source, false, travel.summary, true)}</article>`;
  return frame(`Réservation n° ${travel.id}`, body, viewer, 'reservations');
}
