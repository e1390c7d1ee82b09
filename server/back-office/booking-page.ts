import { formatPhone, formatCents } from 'transport-quote-wizard/domain';
import type { CounterOffer } from '../db/counter-offers.ts';
import type { DevisAcceptance } from '../db/devis-acceptances.ts';
import { townOf } from '../db/carrier-bookings.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import { bookingSections, phoneLink, when } from '../pages/dashboard-page.ts';
import { originLabel, priceMark, telHref } from './bookings-page.ts';
import { BASE, csrfField, frame, notice, shortDateTime, stateBadge, type Viewer } from './layout.ts';
import { html, trusted, type SafeHtml } from '../pages/html.ts';
import { REFUSAL_REASONS, type RefusalReason } from './refusal-reasons.ts';
import { offeredTotal } from '../bookings/booking-figures.ts';

/** The longest reason a refusal may give the customer. */
export const REASON_MAX = 1000;

/** What the carrier typed in 'Proposer une autre date', kept when it was refused. */
export interface OfferTyped {
  date: string;
  heure: string;
  transport: string;
  manutention: string;
}

export interface BookingPageInput {
  viewer: Viewer;
  travel: StoredTravel;
  /** What just happened (accepted, refused), or what was refused in the last form. */
  message: { kind: 'success' | 'error'; text: string } | null;
  /** The reason typed, kept when the refusal was refused, and the ready reason chosen. */
  reason?: string;
  refusal?: RefusalReason;
  /** Whether the server sends e-mails (SMTP, or the demo's folder). */
  mailOn: boolean;
  /** E-mails of this booking the server did not send on purpose, and why (mail-repo.ts withheldMails). */
  withheld?: readonly string[];
  /** How long an acceptance may be undone (0: not at all). */
  undoAcceptMs?: number;
  /** The booking's latest counter-offer, whatever became of it. */
  offer?: CounterOffer | null;
  /** Whether the carrier's records let it propose another price (its company's can_edit_price). */
  canEditPrice?: boolean;
  /** The counter-offer just made: its link, shown on this answer alone (the server keeps only its hash). */
  offerLink?: { url: string; mailed: boolean } | null;
  /** The counter-offer's form as typed, and what was wrong with it. */
  offerTyped?: OfferTyped;
  offerError?: string | null;
  /** The customer's 'Bon pour accord': the latest, and the one that still matches the devis as it stands (null once it changed). */
  devisAcceptance?: { latest: DevisAcceptance | null; current: DevisAcceptance | null };
  /** The deposit paid online, its state (payments/deposit-marks.ts); empty when there is none. */
  deposit?: string;
}

/** Whether the customer hears of the decision from the server, said where the carrier decides. */
export function tellsCustomer(travel: StoredTravel, mailOn: boolean): boolean {
  return mailOn && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(travel.payload.customer.email.trim());
}

/** A sum as the page shows it ('1 694,50 €'): text, escaped like any other. */
const money = formatCents;
/** The form token's hidden field (layout.ts writes it escaped). */
const csrf = (viewer: Viewer) => trusted(csrfField(viewer.csrf));
const message = (kind: 'success' | 'error' | 'info', text: string) => trusted(notice(kind, text));

/**
 * The carrier's price for a booking its grid gave none for: transport and handling in euros
 * TTC, French decimals; the booking cannot be accepted before.
 */
function priceForm({ viewer, travel }: BookingPageInput): SafeHtml {
  return html`<form method="post" action="${BASE}/reservations/${travel.id}/prix" class="stack price-form">${csrf(viewer)}
<p><strong>Prix à fixer\u00a0:</strong> ${travel.summary?.unavailable ?? 'votre grille n’a pas donné de prix pour ce trajet'}. Fixez votre prix avant d’accepter\u00a0; le client le voit sur son devis.</p>
<div class="field"><label for="transport">Transport (€ TTC)</label><input id="transport" name="transport" inputmode="decimal" required pattern="\\d{1,6}([.,]\\d{1,2})?" maxlength="9"></div>
<div class="field"><label for="manutention">Manutention (€ TTC)</label><input id="manutention" name="manutention" inputmode="decimal" required pattern="\\d{1,6}([.,]\\d{1,2})?" maxlength="9" value="0"></div>
<button type="submit" class="button primary">Fixer le prix</button>
</form>`;
}

/** The refusal: a ready reason in one tap, or the carrier's own words ('Autre'); the note about the e-mail only when there is one. */
function refusalForm(input: BookingPageInput, told: boolean): SafeHtml {
  const { viewer, travel, reason = '', refusal } = input;
  const choice = ([key, { label }]: [string, { label: string }]) =>
    html`<label class="check"><input type="radio" name="raison" value="${key}"${(refusal ?? 'date-indisponible') === key ? html` checked` : ''}> ${label}</label>`;
  return html`<details class="refuse"${reason || refusal ? html` open` : ''}><summary class="button secondary">Refuser</summary>
<form method="post" action="${BASE}/reservations/${travel.id}/refuser" class="stack">${csrf(viewer)}
<fieldset class="choice"><legend>Motif du refus${told ? ' (envoyé au client)' : ''}</legend>
${Object.entries(REFUSAL_REASONS).map(choice)}
</fieldset>
<label for="motif">Précisions pour le client (obligatoires avec «\u00a0Autre\u00a0»)</label>
<textarea id="motif" name="motif" rows="3" maxlength="${REASON_MAX}" aria-describedby="motif-aide">${reason.trim()}</textarea>
<p id="motif-aide" class="meta">Par exemple\u00a0: nous pouvons le faire la semaine suivante.</p>
<button type="submit" class="button danger">Confirmer le refus</button>
</form></details>`;
}

/** 'Proposer une autre date' (and another price where the carrier's records allow it): the customer accepts it by a link. */
function offerForm(input: BookingPageInput): SafeHtml {
  const { viewer, travel, offerTyped, offerError, canEditPrice } = input;
  const typed = offerTyped ?? { date: '', heure: '', transport: '', manutention: '' };
  const invalid = offerError ? html` aria-invalid="true" aria-describedby="offre-erreur"` : '';
  const price = canEditPrice
    ? html`<fieldset class="choice"><legend>Autre prix (facultatif)</legend>
<p class="help">Laissez vide pour garder le prix de la réservation.</p>
<div class="field"><label for="offre-transport">Transport (€ TTC)</label><input id="offre-transport" name="transport" inputmode="decimal" maxlength="9" value="${typed.transport}"></div>
<div class="field"><label for="offre-manutention">Manutention (€ TTC)</label><input id="offre-manutention" name="manutention" inputmode="decimal" maxlength="9" value="${typed.manutention}"></div>
</fieldset>`
    : '';
  return html`<details class="refuse offer"${offerTyped ? html` open` : ''}><summary class="button secondary">Proposer une autre date</summary>
<form method="post" action="${BASE}/reservations/${travel.id}/contre-proposition" class="stack">${csrf(viewer)}
${offerError ? html`<p id="offre-erreur" class="field-error" role="alert">${offerError}</p>` : ''}
<div class="field"><label for="offre-date">Date proposée (jj/mm/aaaa)</label><input id="offre-date" name="date" type="text" inputmode="numeric" autocomplete="off" maxlength="10" placeholder="jj/mm/aaaa" required value="${typed.date}"${invalid}></div>
<div class="field"><label for="offre-heure">Heure de début (hh:mm)</label><input id="offre-heure" name="heure" type="text" inputmode="numeric" autocomplete="off" maxlength="5" placeholder="08:30" required value="${typed.heure}"${invalid}></div>
${price}
<p class="meta">Le client reçoit un lien pour accepter cette proposition${tellsCustomer(travel, input.mailOn) ? ' par e-mail' : '\u00a0: il n’a pas donné d’e-mail, vous le lui enverrez par SMS'}. S’il l’accepte, la réservation passe à cette date et est acceptée.</p>
<button type="submit" class="button primary">Envoyer la proposition</button>
</form></details>`;
}

/** The latest counter-offer: waiting for the customer, accepted, expired or replaced. */
function offerStatus(input: BookingPageInput): SafeHtml | '' {
  const { offer, offerLink } = input;
  if (!offer) return '';
  const total = offeredTotal(input.travel, offer);
  const proposed = html`${when(offer.beginning_date)}${total === null ? '' : `, nouveau total ${money(total)} TTC`}`;
  const link = offerLink
    ? html`<p>${offerLink.mailed ? 'Envoyée au client par e-mail. ' : ''}Lien à transmettre au client${offerLink.mailed ? ' si besoin' : ' (par SMS)'}\u00a0: <code class="secret">${offerLink.url}</code> <span class="meta">Il n’est affiché qu’une fois.</span></p>`
    : '';
  if (offer.accepted_at)
    return html`<div class="offer-status card-inset"><p><strong>Autre date acceptée par le client</strong> le ${shortDateTime(offer.accepted_at)}\u00a0: ${proposed}.</p></div>`;
  if (offer.declined_at)
    return html`<div class="offer-status card-inset" role="status"><p><strong>Autre date refusée par le client</strong> le ${shortDateTime(offer.declined_at)}\u00a0: ${proposed}. La demande reste à la date qu’il a choisie et attend votre réponse.</p></div>`;
  if (offer.withdrawn_at) return '';
  if (offer.expires_at <= new Date().toISOString())
    return html`<div class="offer-status card-inset"><p><strong>Autre date proposée, sans réponse</strong>\u00a0: ${proposed}. Le lien a expiré le ${shortDateTime(offer.expires_at)}.</p></div>`;
  return html`<div class="offer-status card-inset" role="status"><p><strong>Autre date proposée</strong> le ${shortDateTime(offer.created_at)}\u00a0: ${proposed}. En attente de la réponse du client, jusqu’au ${shortDateTime(offer.expires_at)}.</p>${link}</div>`;
}

/** An accepted booking: when, the undo while its window lasts, the call. */
function acceptedDecision(input: BookingPageInput, call: SafeHtml | ''): SafeHtml {
  const { viewer, travel, mailOn } = input;
  const undoMs = input.undoAcceptMs ?? 0;
  const until = travel.decided_at ? Date.parse(travel.decided_at) + undoMs : 0;
  const undo =
    undoMs > 0 && until > Date.now()
      ? html`<form method="post" action="${BASE}/reservations/${travel.id}/annuler-acceptation">${csrf(viewer)}<button type="submit" class="button secondary">Annuler l’acceptation</button></form>
<p class="meta">Possible jusqu’à ${shortDateTime(new Date(until).toISOString()).split(' · ')[1] ?? ''} (${Math.round(undoMs / 60_000)}\u00a0minutes après l’acceptation)${tellsCustomer(travel, mailOn) ? '\u00a0; le client reçoit l’e-mail d’acceptation ensuite' : ''}.</p>`
      : '';
  return html`<p>Vous l’avez acceptée le ${shortDateTime(travel.decided_at)}. Prochaine étape\u00a0: confirmez les détails avec le client.</p>
${offerStatus(input)}
<div class="decision-actions">${call}${undo ? html`<div>${undo}</div>` : ''}</div>`;
}

function decision(input: BookingPageInput): SafeHtml {
  const { viewer, travel, mailOn } = input;
  const phone = travel.payload.customer.phone_number.trim();
  const call = phone ? html`<a class="button secondary" href="${telHref(phone)}">Appeler le client (${formatPhone(phone)})</a>` : '';
  if (travel.state === 'accepted') return acceptedDecision(input, call);
  if (travel.state === 'refused')
    return html`<p>Vous l’avez refusée le ${shortDateTime(travel.decided_at)}.</p><p>Motif donné au client\u00a0: ${travel.refusal_reason ?? ''}</p><div class="decision-actions">${call}</div>`;
  const told = tellsCustomer(travel, mailOn);
  const note = told
    ? `Votre réponse est envoyée au client par e-mail (${travel.payload.customer.email.trim()}).`
    : `Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même de votre réponse${phone ? ', au téléphone' : ''}.`;
  const reviewed =
    travel.state === 'review'
      ? html`<p class="price-warning" role="alert"><strong>À revoir\u00a0:</strong> le client l’a modifiée après votre acceptation du ${shortDateTime(travel.decided_at)}. Acceptez-la de nouveau ou refusez-la.</p>`
      : '';
  // An offer of another day is with the customer (issue 55, point 11): accepting the request as
  // it came would cross it; the carrier waits, calls, refuses, or makes a new offer.
  const offer = input.offer;
  const awaitingCustomer =
    offer !== null &&
    offer !== undefined &&
    !offer.accepted_at &&
    !offer.withdrawn_at &&
    !offer.declined_at &&
    offer.expires_at > new Date().toISOString();
  const accept =
    travel.price_source === 'pending'
      ? priceForm(input)
      : awaitingCustomer
        ? html`<p class="meta"><span class="badge info">En attente du client</span> Accepter la demande telle quelle croiserait votre proposition : attendez sa réponse, ou appelez-le.</p>`
        : html`<form method="post" action="${BASE}/reservations/${travel.id}/accepter">${csrf(viewer)}<button type="submit" class="button primary">Accepter</button></form>`;
  return html`${reviewed}<p class="meta">${note}</p>
${offerStatus(input)}
<div class="decision-actions">
${accept}
${call}
${refusalForm(input, told)}
${travel.price_source === 'pending' ? '' : offerForm(input)}
</div>`;
}

/** What the customer's last edit changed, line by line. */
function changesSection(travel: StoredTravel): SafeHtml | '' {
  const changes = travel.summary?.changes;
  if (!changes || changes.lines.length === 0) return '';
  return html`<section class="card changes" aria-labelledby="changes-titre">
<h2 id="changes-titre">Modifiée par le client le ${shortDateTime(changes.at)}</h2>
<ul>${changes.lines.map((line) => html`<li>${line}</li>`)}</ul>
</section>`;
}

/** The job at a glance: its day and hour, first → last town, the total TTC and HT, the state and the marks. */
function jobHeader(travel: StoredTravel): SafeHtml {
  const { payload } = travel;
  const first = payload.addresses[0]?.address_complete ?? '';
  const last = payload.addresses.at(-1)?.address_complete ?? '';
  const more = payload.addresses.length - 2;
  const pending = travel.price_source === 'pending';
  const total = travel.summary?.total ?? payload.travel.price_transportation + payload.travel.price_handling;
  const totalHt = travel.summary?.total_ht ?? payload.travel.price_transportation_ht + payload.travel.price_handling_ht;
  const mark = priceMark(travel);
  return html`<div class="job-head">
<p class="job-when">${payload.travel.beginning_date ? when(payload.travel.beginning_date) : 'Date à convenir'}</p>
<p class="job-trip">${townOf(first)}${payload.addresses.length > 1 ? ` → ${townOf(last)}` : ''}${more > 0 ? html` <span class="meta">(+\u00a0${more} étape${more > 1 ? 's' : ''})</span>` : ''}</p>
<p class="job-price">${pending ? 'Prix à fixer' : html`<strong>${money(total)} TTC</strong> <span class="meta">${money(totalHt)} HT</span>`}</p>
<p class="job-state">${trusted(stateBadge(travel.state))}${mark ? html` ${trusted(mark)}` : ''} <span class="meta">${originLabel(travel.company_id)} · ${travel.payload.customer.name} · ${trusted(phoneLink(travel.payload.customer.phone_number))}</span></p>
</div>`;
}

/** The customer's 'Bon pour accord' on the devis: signed as it stands, or signed on an earlier version. */
function devisSigned(input: BookingPageInput): SafeHtml | '' {
  const { latest, current } = input.devisAcceptance ?? { latest: null, current: null };
  if (current)
    return html`<div class="devis-signed card-inset"><p><span class="badge signed">Devis signé</span> le ${shortDateTime(current.accepted_at)} par ${current.signer_name}, « Bon pour accord » sur la page du devis.</p>
<p class="meta">Empreinte SHA-256 du devis signé : <code>${current.devis_hash}</code> · depuis l’adresse ${current.client_address}</p></div>`;
  if (latest)
    return html`<div class="devis-signed card-inset"><p><strong>Devis à signer de nouveau</strong> : le client avait signé le ${shortDateTime(latest.accepted_at)} (${latest.signer_name}) une version antérieure du devis, qui a changé depuis.</p></div>`;
  return '';
}

/** A booking in the back office: the job at a glance and the decision first (what the carrier came to do), then everything the booking holds. */
export function renderBookingPage(input: BookingPageInput): string {
  const { viewer, travel } = input;
  const sections = bookingSections(
    travel.id,
    travel.payload,
    travel.created_at,
    travel.price_check,
    travel.price_source,
    false,
    travel.summary,
    true,
  );
  const body = html`
<p><a href="${BASE}/reservations">Retour à la liste</a></p>
<h1>Réservation n°\u00a0${travel.id}</h1>
${input.message ? message(input.message.kind, input.message.text) : ''}
<section class="decision card" aria-labelledby="decision-titre">
${jobHeader(travel)}
<h2 id="decision-titre">Votre réponse</h2>
${(input.withheld ?? []).map((why) => message('error', why))}
${decision(input)}
${devisSigned(input)}
</section>
${trusted(input.deposit ?? '')}
${changesSection(travel)}
<article class="booking card" aria-label="Détail de la réservation">${trusted(sections)}</article>`;
  return frame(`Réservation n° ${travel.id}`, body.text, viewer, 'reservations');
}
