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

function decision({ viewer, travel, reason = '', mailOn }: BookingPageInput): string {
  if (travel.state === 'accepted') return `<p>Vous l’avez acceptée le ${escapeHtml(shortDateTime(travel.decided_at))}.</p>`;
  if (travel.state === 'refused')
    return `<p>Vous l’avez refusée le ${escapeHtml(shortDateTime(travel.decided_at))}.</p><p>Motif donné au client\u00a0: ${escapeHtml(travel.refusal_reason ?? '')}</p>`;
  const told = tellsCustomer(travel, mailOn)
    ? `Votre réponse est envoyée au client par e-mail (${escapeHtml(travel.payload.customer.email.trim())}).`
    : 'Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même de votre réponse.';
  return `<p class="meta">${told}</p>
<div class="decision-actions">
<form method="post" action="${BASE}/reservations/${travel.id}/accepter">${csrfField(viewer.csrf)}<button type="submit" class="button primary">Accepter</button></form>
<details class="refuse"${reason ? ' open' : ''}><summary class="button secondary">Refuser</summary>
<form method="post" action="${BASE}/reservations/${travel.id}/refuser" class="stack">${csrfField(viewer.csrf)}
<label for="motif">Motif du refus (envoyé au client)</label>
<textarea id="motif" name="motif" rows="4" required minlength="3" maxlength="${REASON_MAX}" aria-describedby="motif-aide">${escapeHtml(reason)}</textarea>
<p id="motif-aide" class="meta">Par exemple\u00a0: aucun véhicule disponible à cette date.</p>
<button type="submit" class="button danger">Confirmer le refus</button>
</form></details>
</div>`;
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
<article class="booking card" aria-label="Détail de la réservation">${bookingSections(travel.id, travel.payload, travel.created_at, travel.price_check, travel.price_source, false)}</article>`;
  return frame(`Réservation n° ${travel.id}`, body, viewer, 'reservations');
}
