import { formatCents } from 'transport-quote-wizard/domain';
import type { CounterOffer } from '../db/counter-offers.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import { phoneLink, when } from './dashboard-page.ts';
import { html, trusted, type SafeHtml } from './html.ts';

/**
 * The customer's page of a counter-offer (/contre-proposition/{id}?jeton=…): what the carrier
 * proposes beside what was booked, and one button to accept it; or why the link no longer works.
 * French, no script, readable on a phone (the back office's stylesheet, one column). Written with
 * html`…` (pages/html.ts): every text in it is escaped by construction.
 */
export type OfferPageState =
  | {
      kind: 'open';
      travel: StoredTravel;
      offer: CounterOffer;
      token: string;
      carrierName: string;
      carrierPhone: string;
      newTotal: number | null;
    }
  | { kind: 'accepted'; travel: StoredTravel; offer: CounterOffer; carrierName: string; carrierPhone: string }
  | { kind: 'closed'; title: string; text: string; carrierPhone: string };

/**
 * The carrier whose offer it is, as its other customer pages show it (issue 55, point 13): its
 * name over the page, in its colour (a style the route checked, allowed by its hash).
 */
export interface OfferBrand {
  name: string;
  style: string | null;
}

function page(title: string, body: SafeHtml, brand: OfferBrand | null): string {
  return html`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="stylesheet" href="/back-office.css">${brand?.style ? html`\n<style>${trusted(brand.style)}</style>` : ''}
</head>
<body>
<main id="contenu" class="offer-page">
${brand?.name ? html`<header class="offer-brand"><p>${brand.name}</p></header>\n` : ''}${body}
</main>
</body>
</html>`.text;
}

const money = formatCents;
/** The carrier's phone as a tap-to-call link (dashboard-page.ts writes it escaped). */
const call = (phone: string, name: string) =>
  phone ? html`<p>Une question\u202f? Appelez ${name || 'le transporteur'} au ${trusted(phoneLink(phone))}.</p>` : '';

export function renderOfferPage(state: OfferPageState, brand: OfferBrand | null = null): string {
  if (state.kind === 'closed')
    return page(
      state.title,
      html`<h1>${state.title}</h1><div class="card"><p>${state.text}</p>${call(state.carrierPhone, '')}</div>`,
      brand,
    );
  const { travel, offer, carrierName, carrierPhone } = state;
  const number = `n°\u00a0${travel.id}`;
  if (state.kind === 'accepted')
    return page(
      `Réservation ${number} acceptée`,
      html`<h1>C’est confirmé</h1>
<div class="card" role="status"><p>Votre réservation ${number} est acceptée par ${carrierName || 'le transporteur'} pour le <strong>${when(offer.beginning_date)}</strong>.</p>
${call(carrierPhone, carrierName)}</div>`,
      brand,
    );
  const booked = travel.payload.travel.beginning_date;
  const total = travel.summary?.total ?? travel.payload.travel.price_transportation + travel.payload.travel.price_handling;
  const price =
    state.newTotal !== null
      ? html`<dt>Prix demandé</dt><dd>${money(total)} TTC</dd><dt>Prix proposé</dt><dd><strong>${money(state.newTotal)} TTC</strong></dd>`
      : html`<dt>Prix</dt><dd>${money(total)} TTC, inchangé</dd>`;
  return page(
    `Autre date proposée pour votre réservation ${number}`,
    html`<h1>${carrierName || 'Le transporteur'} vous propose une autre date</h1>
<div class="card">
<dl class="values">
${booked ? html`<dt>Date demandée</dt><dd>${when(booked)}</dd>` : ''}
<dt>Date proposée</dt><dd><strong>${when(offer.beginning_date)}</strong></dd>
${price}
</dl>
<form method="post" action="/contre-proposition/${travel.id}">
<input type="hidden" name="jeton" value="${state.token}">
<button type="submit" class="button primary">Accepter cette proposition</button>
</form>
<form method="post" action="/contre-proposition/${travel.id}/refus">
<input type="hidden" name="jeton" value="${state.token}">
<button type="submit" class="button secondary">Refuser cette proposition</button>
</form>
<p class="meta">En l’acceptant, votre réservation ${number} passe à cette date et est confirmée. En la refusant, elle reste à la date demandée et le transporteur en est informé. Sans réponse de votre part, rien ne change. Ce lien fonctionne jusqu’au ${when(offer.expires_at)}.</p>
${call(carrierPhone, carrierName)}
</div>`,
    brand,
  );
}
