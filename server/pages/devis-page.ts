import type { CompanyData } from 'transport-quote-wizard/domain';
import { escapeHtml } from './dashboard-page.ts';
import { devisContent, type DevisContent, type DevisSource } from './devis-content.ts';
import { renderAcceptance, type AcceptanceView } from './devis-acceptance-form.ts';

export type { AcceptanceView };

export interface DevisPageInput extends DevisSource {
  /** Its logo (Réglages, Entreprise), by its address on this server. */
  logo?: { src: string; width: number; height: number } | null;
  /** The 'Bon pour accord' part: the form, the acceptance, or why it cannot be accepted. */
  acceptance?: AcceptanceView | null;
  /** Where the PDF of this devis downloads (with the token that opened the page). */
  pdfUrl?: string | null;
  /** The deposit asked online (payments/devis-deposit.ts): its payment mention, and its state or button. */
  deposit?: { mention: string; section: string } | null;
}

/**
 * The page's own style when the carrier has a brand colour: one custom property, which
 * devis.css reads for the titles and rules. The page's policy allows this element by its hash.
 */
export function devisBrandStyle(carrier: CompanyData['transportation_company']): string | null {
  const colour = carrier?.brand_color ?? '';
  return /^#[0-9a-f]{6}$/.test(colour) ? `:root{--brand:${colour}}` : null;
}

const lines = (values: readonly string[]) => values.map((value) => `<br>${escapeHtml(value)}`).join('');

function priceSection(price: DevisContent['price']): string {
  if (price.kind === 'pending')
    return `<p class="price-pending"><strong>${escapeHtml(price.said)}</strong></p>\n<p>${escapeHtml(price.text)}</p>`;
  const [finalLead, ...finalRest] = price.final.split('\u00a0:');
  return `<table><thead><tr><th scope="col">Prestation</th><th scope="col">HT</th><th scope="col">TTC</th></tr></thead><tbody>
${price.rows.map((row) => `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.ht)}</td><td>${escapeHtml(row.ttc)}</td></tr>`).join('\n')}
</tbody><tfoot>
<tr><th scope="row">Total</th><td>${escapeHtml(price.total.ht)}</td><td><strong>${escapeHtml(price.total.ttc)}</strong></td></tr>
<tr><th scope="row">${escapeHtml(price.vat.label)}</th><td></td><td>${escapeHtml(price.vat.amount)}</td></tr>
</tfoot></table>
<p><strong>${escapeHtml(finalLead)}\u00a0:</strong>${escapeHtml(finalRest.join('\u00a0:'))}</p>
<p class="meta">${escapeHtml(price.validity)}</p>`;
}

/** The devis's body: its content (devis-content.ts), written as HTML. */
export function renderDevisBody(content: DevisContent, logo: DevisPageInput['logo'] = null, depositMention = ''): string {
  const { carrier, customer } = content;
  return `
<header class="parties">
  <section><h2>Transporteur</h2>
    ${logo ? `<p><img class="logo" src="${escapeHtml(logo.src)}" width="${logo.width}" height="${logo.height}" alt="${escapeHtml(carrier.name)}"></p>` : ''}
    <p><strong>${escapeHtml(carrier.name)}</strong>${lines(carrier.lines)}</p></section>
  <section><h2>Client</h2>
    <p><strong>${escapeHtml(customer.name)}</strong>${lines(customer.lines)}</p></section>
</header>
<h1>Devis de déménagement</h1>
<p class="meta">Devis n° ${escapeHtml(content.quoteId)} · réservation n° ${escapeHtml(content.travelId)} · établi le ${escapeHtml(content.issuedAt)}</p>
<section><h2>Date</h2><p>${escapeHtml(content.date)}</p></section>
<section><h2>Trajet</h2><ol class="stops">${content.stops
    .map(
      (stop) => `<li><strong>${escapeHtml(stop.label)}</strong> · ${escapeHtml(stop.address)}
        <div class="meta">${escapeHtml(stop.details)}</div></li>`,
    )
    .join('')}</ol>
<p>${escapeHtml(content.route)}</p></section>
<section><h2>Mobilier et prestation</h2>
${content.items.length ? `<ul>${content.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '<p>Aucun objet</p>'}
<p>${escapeHtml(content.volume)}</p>
<p>${escapeHtml(content.service)}</p></section>
<section><h2>Prix</h2>
${priceSection(content.price)}</section>
${carrier.termsUrl ? `<section><h2>Conditions générales</h2><p>Ce devis est accompagné des conditions générales du transporteur${carrier.termsUrl.startsWith('/') ? `, qui en font partie\u00a0: <a href="${escapeHtml(carrier.termsUrl)}">lire les conditions générales</a>` : `\u00a0: <a href="${escapeHtml(carrier.termsUrl)}">${escapeHtml(carrier.termsUrl)}</a>`}</p></section>` : ''}
<section><h2>Paiement</h2>${depositMention ? `<p>${escapeHtml(depositMention)}</p>` : ''}<p>${escapeHtml(content.payment)}</p></section>
<section><h2>Responsabilité et réserves</h2>
${content.liability.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}</section>`;
}

/**
 * The devis of a booking, printable, with its 'Bon pour accord' below it: what the customer
 * reads is devisContent's, the very text whose hash an acceptance keeps.
 */
export function renderDevisPage(input: DevisPageInput): string {
  const content = devisContent(input);
  const brandStyle = devisBrandStyle(input.carrier);
  // The PDF's link where there is one; otherwise the browser's own print, said once.
  const pdf = input.pdfUrl ? `<p class="downloads"><a href="${escapeHtml(input.pdfUrl)}" download>Télécharger le devis en PDF</a></p>` : '';
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Devis de déménagement n° ${escapeHtml(content.quoteId)}</title>
<link rel="stylesheet" href="/devis.css">${brandStyle ? `\n<style>${brandStyle}</style>` : ''}
</head>
<body>
<main>${renderDevisBody(content, input.logo, input.deposit?.mention)}
${input.acceptance ? renderAcceptance(input.acceptance) : ''}
${input.deposit?.section ?? ''}
${pdf || '<p class="print-hint">Pour l’enregistrer en PDF, utilisez la fonction Imprimer de votre navigateur.</p>'}
</main>
</body>
</html>`;
}
