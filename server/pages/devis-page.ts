import {
  formatDistance,
  formatDuration,
  formatPrice,
  formatSiret,
  formatVolume,
  MESSAGES,
  optionLineLabel,
  type CompanyData,
  type QuoteFigures,
  type TravelPayload,
} from 'transport-quote-wizard/domain';
import { escapeHtml, floorLabel, handlersLabel, when } from './dashboard-page.ts';

const TASK_LABELS: Record<string, string> = { pickup: 'Chargement', dropoff: 'Livraison', service: 'Intervention' };

export interface DevisPageInput {
  travelId: number;
  payload: TravelPayload;
  /** The quote that priced the booking, and when it was issued and until when it held. */
  quote: { id: string; created_at: string; expires_at: string; figures: QuoteFigures };
  /** The carrier: the company that made the booking, or the public pages' configuration. */
  carrier: CompanyData['transportation_company'];
  /** Where the booking's price comes from: 'pending', a price the carrier has not set yet, prints no price. */
  priceSource?: string;
  /** Its logo (Réglages, Entreprise), by its address on this server. */
  logo?: { src: string; width: number; height: number } | null;
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

const money = (cents: number) => escapeHtml(formatPrice(cents / 100, '€'));

/**
 * No price yet (spec §8): the grid gave none, 'Prix non disponible' with its error, or 'Le prix
 * sera fixé ultérieurement !'. Never a total of 0 € said to be final: the carrier sets its price
 * and the customer sees it here before anything is confirmed.
 */
function pendingPrice(figures: QuoteFigures): string {
  const said = figures.pool_error ? `${MESSAGES.priceUnavailable}\u00a0: ${figures.pool_error}` : MESSAGES.priceLater;
  return `<p class="price-pending"><strong>${escapeHtml(said)}</strong></p>
<p>Le prix de ce déménagement n’est pas encore fixé\u00a0: le transporteur vous l’indiquera avant de confirmer votre réservation. Aucun prix n’est dû sur ce devis tant qu’il ne l’est pas.</p>`;
}

/**
 * The devis of a booking, printable (the browser saves it as a PDF), with what French rules
 * ask of a moving quote (arrêté du 27 avril 2010, article 2): the carrier's references, the
 * customer, the date, the loading and delivery places and the distance, the volume, the kind
 * of trip and the service, the price HT and TTC said to be final, payment, liability and how
 * to make reservations (code de la consommation, article L224-63).
 */
/** The carrier's options the customer chose, one row each (label, quantity or declared value, HT and TTC). */
function optionRows(figures: QuoteFigures): string {
  return (figures.options ?? [])
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml(optionLineLabel(line))}</th><td>${money(line.amount_ht)}</td><td>${money(line.amount)}</td></tr>`,
    )
    .join('');
}

export function renderDevisPage({
  travelId,
  payload,
  quote,
  carrier,
  priceSource = 'quote',
  logo = null,
  deposit = null,
}: DevisPageInput): string {
  const { figures } = quote;
  const { customer, travel } = payload;
  const company = carrier ?? {
    name: '',
    phone_number: '',
    email: '',
    address: '',
    registration: '',
    payment_terms: '',
    liability_terms: '',
    legal_name: '',
    siret: '',
    insurer: '',
    insurance_policy: '',
    terms_url: '',
    brand_color: '',
  };
  const lines = (...values: string[]) =>
    values
      .filter(Boolean)
      .map((value) => `<br>${value}`)
      .join('');
  const insurance = company.insurer
    ? `Assurance responsabilité civile professionnelle\u00a0: ${escapeHtml(company.insurer)}${company.insurance_policy ? `, contrat n°\u00a0${escapeHtml(company.insurance_policy)}` : ''}`
    : '';
  const legalName = company.legal_name && company.legal_name !== company.name ? escapeHtml(company.legal_name) : '';
  const brandStyle = devisBrandStyle(carrier);
  const stops = payload.addresses
    .map(
      (
        address,
      ) => `<li><strong>${escapeHtml(TASK_LABELS[address.type_name] ?? address.type_name)}</strong> · ${escapeHtml(address.address_complete)}
        <div class="meta">Accès\u00a0: ${escapeHtml(floorLabel(address.floor_nb))}${address.floor_nb > 0 ? (address.elevator_presence ? ', avec ascenseur' : ', sans ascenseur') : ''}${address.timewindow_earliest ? ` · à partir du ${escapeHtml(when(address.timewindow_earliest))}` : ''}</div></li>`,
    )
    .join('');
  const items = payload.items
    .filter((item) => item.category !== 'cost' && item.category !== 'custom-cost')
    .map((item) => `<li>${escapeHtml(item.quantity)} × ${escapeHtml(item.name)}</li>`)
    .join('');
  const costs = payload.items.filter((item) => item.category === 'cost' || item.category === 'custom-cost');
  const vatPercent = Math.round(figures.vat * 100);
  const tva = figures.total - figures.total_ht;
  const pricedTable = `<table><thead><tr><th scope="col">Prestation</th><th scope="col">HT</th><th scope="col">TTC</th></tr></thead><tbody>
<tr><th scope="row">Transport</th><td>${money(figures.price_transportation_ht)}</td><td>${money(figures.price_transportation)}</td></tr>
<tr><th scope="row">Manutention</th><td>${money(figures.price_handling_ht)}</td><td>${money(figures.price_handling)}</td></tr>
${costs.map((cost) => `<tr><th scope="row">${escapeHtml(cost.name)}</th><td>${money(Math.round((cost.customPrice ?? 0) * cost.quantity * 100))}</td><td>${money(Math.round((cost.customPrice ?? 0) * cost.quantity * 100 * (1 + figures.vat)))}</td></tr>`).join('')}
${optionRows(figures)}
</tbody><tfoot>
<tr><th scope="row">Total</th><td>${money(figures.total_ht)}</td><td><strong>${money(figures.total)}</strong></td></tr>
<tr><th scope="row">dont TVA ${vatPercent}\u00a0%</th><td></td><td>${money(tva)}</td></tr>
</tfoot></table>
<p><strong>Ce prix est définitif\u00a0:</strong> le déménageur ne peut facturer aucun frais supplémentaire, sauf si les termes de ce devis sont modifiés d’un commun accord.</p>
<p class="meta">Prix valable jusqu’au ${escapeHtml(when(quote.expires_at))} pour la réservation de ces choix.</p>`;
  const body = `
<header class="parties">
  <section><h2>Transporteur</h2>
    ${logo ? `<p><img class="logo" src="${escapeHtml(logo.src)}" width="${logo.width}" height="${logo.height}" alt="${escapeHtml(company.name || 'Le transporteur')}"></p>` : ''}
    <p><strong>${escapeHtml(company.name || 'Le transporteur')}</strong>${lines(
      legalName,
      escapeHtml(company.registration),
      company.siret ? `SIRET\u00a0${escapeHtml(formatSiret(company.siret))}` : '',
      escapeHtml(company.address).replace(/\n/g, '<br>'),
      escapeHtml(company.phone_number),
      escapeHtml(company.email),
      insurance,
    )}</p></section>
  <section><h2>Client</h2>
    <p><strong>${escapeHtml(customer.name)}</strong>${customer.phone_number ? `<br>${escapeHtml(customer.phone_number)}` : ''}${customer.email ? `<br>${escapeHtml(customer.email)}` : ''}</p></section>
</header>
<h1>Devis de déménagement</h1>
<p class="meta">Devis n° ${escapeHtml(quote.id)} · réservation n° ${escapeHtml(travelId)} · établi le ${escapeHtml(when(quote.created_at))}</p>
<section><h2>Date</h2><p>${travel.beginning_date ? `Le ${escapeHtml(when(travel.beginning_date))}` : 'À convenir avec le transporteur'}</p></section>
<section><h2>Trajet</h2><ol class="stops">${stops}</ol>
<p>Distance aller\u00a0: ${escapeHtml(formatDistance(figures.distance))} · durée de conduite\u00a0: ${escapeHtml(formatDuration(figures.duration))}${figures.approximate ? ' (itinéraire estimé à vol d’oiseau)' : ''}</p></section>
<section><h2>Mobilier et prestation</h2>
${items ? `<ul>${items}</ul>` : '<p>Aucun objet</p>'}
<p>Volume du mobilier\u00a0: ${escapeHtml(formatVolume(figures.volume))} · véhicule\u00a0: ${escapeHtml(figures.vehicle?.name ?? `Véhicule ${formatVolume(figures.truck_capacity)}`)}</p>
<p>Voyage spécial\u00a0: le véhicule est affecté à ce seul déménagement. Manutention\u00a0: ${escapeHtml(handlersLabel(figures.persons_needed))}${figures.persons_needed > 0 ? `, ${escapeHtml(formatDuration(figures.handling_hours * 3600))}` : ''}. Emballage et démontage du mobilier\u00a0: par le client, sauf mention contraire ci-dessous.</p></section>
<section><h2>Prix</h2>
${priceSource === 'pending' ? pendingPrice(figures) : pricedTable}</section>
${/^https?:\/\//.test(company.terms_url) ? `<section><h2>Conditions générales</h2><p>Ce devis est accompagné des conditions générales du transporteur\u00a0: <a href="${escapeHtml(company.terms_url)}">${escapeHtml(company.terms_url)}</a></p></section>` : ''}
<section><h2>Paiement</h2>${deposit ? `<p>${escapeHtml(deposit.mention)}</p>` : ''}<p>${escapeHtml(company.payment_terms || (deposit ? 'Le solde se règle selon les modalités que le transporteur vous indique en confirmant votre déménagement.' : 'Aucun paiement n’est demandé à la réservation. Le transporteur vous indique les modalités de paiement en confirmant votre déménagement.'))}</p></section>
${deposit?.section ?? ''}
<section><h2>Responsabilité et réserves</h2>
<p>${escapeHtml(company.liability_terms || 'La responsabilité du déménageur et les modalités de sa mise en jeu sont précisées dans ses conditions générales, qu’il vous remet avec ce devis.')}</p>
<p>À la livraison, vous pouvez inscrire vos réserves sur la lettre de voiture. Vous disposez ensuite de dix jours calendaires à compter de la réception de vos biens pour adresser au déménageur, par lettre recommandée, une protestation motivée sur leur état ou leur caractère incomplet, même sans réserve à la livraison (code de la consommation, article L224-63).</p></section>
<p class="print-hint">Pour l’enregistrer en PDF, utilisez la fonction Imprimer de votre navigateur.</p>`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Devis de déménagement n° ${escapeHtml(quote.id)}</title>
<link rel="stylesheet" href="/devis.css">${brandStyle ? `\n<style>${brandStyle}</style>` : ''}
</head>
<body>
<main>${body}</main>
</body>
</html>`;
}
