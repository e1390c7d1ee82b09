import { html, trusted, type SafeHtml } from './html.ts';
import { devisContent, type DevisContent, type DevisSource } from './devis-content.ts';
import { renderAcceptance, type AcceptanceView } from './devis-acceptance-form.ts';
import { when as acceptedDay } from './dashboard-page.ts';

export type { AcceptanceView };

export interface DevisPageInput extends DevisSource {
  /** Its logo (Réglages, Entreprise), by its address on this server. */
  logo?: { src: string; width: number; height: number } | null;
  /** The 'Bon pour accord' part: the form, the acceptance, or why it cannot be accepted. */
  acceptance?: AcceptanceView | null;
  /** Where the PDF of this devis downloads (with the token that opened the page). */
  pdfUrl?: string | null;
  /** The deposit asked online (payments/devis-deposit.ts): its payment mention, its state or button, and where it stands. */
  deposit?: { mention: string; section: string; state: 'paid' | 'due' | 'later' | 'refunded'; amount: string; dueWhen: string } | null;
  /** The step the customer just took, to confirm it at the top ('accord': the devis accepted). */
  done?: 'accord' | null;
}

/**
 * The page's own style when the carrier has a brand colour: one custom property, which
 * devis.css reads for the titles and rules. The page's policy allows this element by its hash.
 */
export function devisBrandStyle(carrier: { brand_color?: string | null } | null | undefined): string | null {
  const colour = carrier?.brand_color ?? '';
  return /^#[0-9a-f]{6}$/.test(colour) ? `:root{--brand:${colour}}` : null;
}

const lines = (values: readonly string[]) => values.map((value) => html`<br>${value}`);

function priceSection(price: DevisContent['price']): SafeHtml {
  if (price.kind === 'pending') return html`<p class="price-pending"><strong>${price.said}</strong></p>\n<p>${price.text}</p>`;
  const [finalLead, ...finalRest] = price.final.split('\u00a0:');
  const rows = price.rows.map(
    (row, index) => html`${index > 0 ? '\n' : ''}<tr><th scope="row">${row.label}</th><td>${row.ht}</td><td>${row.ttc}</td></tr>`,
  );
  return html`<table><thead><tr><th scope="col">Prestation</th><th scope="col">HT</th><th scope="col">TTC</th></tr></thead><tbody>
${rows}
</tbody><tfoot>
<tr><th scope="row">Total</th><td>${price.total.ht}</td><td><strong>${price.total.ttc}</strong></td></tr>
<tr><th scope="row">${price.vat.label}</th><td></td><td>${price.vat.amount}</td></tr>
</tfoot></table>
<p><strong>${finalLead}\u00a0:</strong>${finalRest.join('\u00a0:')}</p>
<p class="meta">${price.validity}</p>`;
}

/** The carrier's general conditions: its page on this server, or the address it gave. */
function termsSection(termsUrl: string | null | undefined): SafeHtml | '' {
  if (!termsUrl) return '';
  const link = termsUrl.startsWith('/')
    ? html`, qui en font partie\u00a0: <a href="${termsUrl}">lire les conditions générales</a>`
    : html`\u00a0: <a href="${termsUrl}">${termsUrl}</a>`;
  return html`<section><h2>Conditions générales</h2><p>Ce devis est accompagné des conditions générales du transporteur${link}</p></section>`;
}

/** The devis's body: its content (devis-content.ts), written as HTML. */
export function renderDevisBody(content: DevisContent, logo: DevisPageInput['logo'] = null, depositMention = ''): SafeHtml {
  const { carrier, customer } = content;
  const stops = content.stops.map(
    (stop) => html`<li><strong>${stop.label}</strong> · ${stop.address}
        <div class="meta">${stop.details}</div></li>`,
  );
  return html`
<header class="parties">
  <section><h2>Transporteur</h2>
    ${logo ? html`<p><img class="logo" src="${logo.src}" width="${logo.width}" height="${logo.height}" alt="${carrier.name}"></p>` : ''}
    <p><strong>${carrier.name}</strong>${lines(carrier.lines)}</p></section>
  <section><h2>Client</h2>
    <p><strong>${customer.name}</strong>${lines(customer.lines)}</p></section>
</header>
<h1>Devis de déménagement</h1>
<p class="meta">Devis n° ${content.quoteId} · réservation n° ${content.travelId} · établi le ${content.issuedAt}</p>
<section><h2>Date</h2><p>${content.date}</p></section>
<section><h2>Trajet</h2><ol class="stops">${stops}</ol>
<p>${content.route}</p></section>
<section><h2>Mobilier et prestation</h2>
${content.items.length ? html`<ul>${content.items.map((item) => html`<li>${item}</li>`)}</ul>` : html`<p>Aucun objet</p>`}
<p>${content.volume}</p>
<p>${content.service}</p></section>
<section><h2>Prix</h2>
${priceSection(content.price)}</section>
${termsSection(carrier.termsUrl)}
<section><h2>Paiement</h2>${depositMention ? html`<p>${depositMention}</p>` : ''}<p>${content.payment}</p></section>
<section><h2>Responsabilité et réserves</h2>
${content.liability.map((text, index) => html`${index > 0 ? '\n' : ''}<p>${text}</p>`)}</section>`;
}

/**
 * What the customer came for, above the devis (issue 55, point 9): the total, where the devis
 * stands, the deposit, and the one next action, which leads down to its form; after a step,
 * the word that it is done. Not printed: the devis below is the document.
 */
function summarySection(content: DevisContent, input: DevisPageInput): SafeHtml {
  const acceptance = input.acceptance ?? null;
  const deposit = input.deposit ?? null;
  const total = content.price.kind === 'pending' ? content.price.said : `${content.price.total.ttc} TTC`;
  const state =
    acceptance?.kind === 'accepted'
      ? `Devis signé le ${acceptedDay(acceptance.acceptance.acceptedAt)} par ${acceptance.acceptance.signerName}`
      : acceptance?.kind === 'open'
        ? 'Devis à signer'
        : 'Devis à lire';
  const depositLine = deposit
    ? {
        paid: `Acompte de ${deposit.amount} payé`,
        due: `Acompte de ${deposit.amount} à régler`,
        later: `Acompte de ${deposit.amount} à régler ${deposit.dueWhen}`,
        refunded: `Acompte de ${deposit.amount} remboursé`,
      }[deposit.state]
    : null;
  const next =
    acceptance?.kind === 'open'
      ? html`<a class="button primary" href="#accord-titre">Lire et signer le devis</a>`
      : acceptance?.kind === 'accepted' && deposit?.state === 'due'
        ? html`<a class="button primary" href="#titre-acompte">Payer l’acompte de ${deposit.amount}</a>`
        : '';
  const done =
    input.done === 'accord' && acceptance?.kind === 'accepted'
      ? html`<p class="done" role="status">Merci, votre accord est enregistré.${deposit?.state === 'due' ? ' Prochaine étape\u00a0: régler l’acompte.' : ''}</p>`
      : '';
  return html`<section class="devis-summary" aria-labelledby="resume-titre">${done}
<h2 id="resume-titre">Votre devis en bref</h2>
<p class="summary-total"><strong>${total}</strong></p>
<ul class="summary-state"><li>${state}</li>${depositLine ? html`<li>${depositLine}</li>` : ''}</ul>
${next}</section>`;
}

/**
 * The devis of a booking, printable, with its 'Bon pour accord' below it: what the customer
 * reads is devisContent's, the very text whose hash an acceptance keeps.
 */
export function renderDevisPage(input: DevisPageInput): string {
  const content = devisContent(input);
  const brandStyle = devisBrandStyle(input.carrier);
  // The PDF's link where there is one; otherwise the browser's own print, said once.
  const pdf = input.pdfUrl
    ? html`<p class="downloads"><a href="${input.pdfUrl}" download>Télécharger le devis en PDF</a></p>`
    : html`<p class="print-hint">Pour l’enregistrer en PDF, utilisez la fonction Imprimer de votre navigateur.</p>`;
  // The brand's style is a colour devisBrandStyle checked (#rrggbb), allowed by its hash in the page's policy.
  return html`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Devis de déménagement n° ${content.quoteId}</title>
<link rel="stylesheet" href="/devis.css">${brandStyle ? html`\n<style>${trusted(brandStyle)}</style>` : ''}
</head>
<body>
<main>${summarySection(content, input)}
${renderDevisBody(content, input.logo, input.deposit?.mention)}
${input.acceptance ? renderAcceptance(input.acceptance) : ''}
${trusted(input.deposit?.section ?? '')}
${pdf}
</main>
</body>
</html>`.text;
}
