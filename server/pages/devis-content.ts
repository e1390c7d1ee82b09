import { createHash } from 'node:crypto';
import {
  formatDistance,
  formatDuration,
  formatPrice,
  formatSiret,
  formatVolume,
  MESSAGES,
  optionLineLabel,
  printableVisitorText,
  type CompanyData,
  type QuoteFigures,
  type TravelPayload,
} from 'transport-quote-wizard/domain';
import { floorLabel, handlersLabel, when } from './dashboard-page.ts';

/**
 * What a devis says, as text, before any HTML or PDF: every figure, line, option, date, address
 * and mention, in the order the devis shows them. The page (devis-page.ts) and the PDF
 * (devis-pdf.ts) both write this and nothing else of the booking, so the hash of its canonical
 * form (devisHash) is the hash of what the customer read and accepted ('Bon pour accord').
 */
export interface DevisContent {
  quoteId: string;
  travelId: number;
  /** 'lundi 23 novembre 2026 à 14 h 30'. */
  issuedAt: string;
  carrier: { name: string; lines: string[]; termsUrl: string | null };
  customer: { name: string; lines: string[] };
  /** 'Le lundi…', or 'À convenir avec le transporteur'. */
  date: string;
  stops: { label: string; address: string; details: string }[];
  /** 'Distance aller : … · durée de conduite : …'. */
  route: string;
  items: string[];
  /** 'Volume du mobilier : … · véhicule : …'. */
  volume: string;
  service: string;
  price: PendingPrice | ListedPrice;
  payment: string;
  liability: string[];
}

export interface PendingPrice {
  kind: 'pending';
  said: string;
  text: string;
}

export interface ListedPrice {
  kind: 'priced';
  /** Transport, handling, the costs the company set, the options: a label, HT and TTC. */
  rows: { label: string; ht: string; ttc: string }[];
  total: { ht: string; ttc: string };
  vat: { label: string; amount: string };
  final: string;
  validity: string;
}

/** What the devis of a booking is made from: the route and the PDF read the same. */
export interface DevisSource {
  travelId: number;
  payload: TravelPayload;
  /** The quote that priced the booking, and when it was issued and until when it held. */
  quote: { id: string; created_at: string; expires_at: string; figures: QuoteFigures };
  /** The carrier: the company that made the booking, or the public pages' configuration. */
  carrier: CompanyData['transportation_company'];
  /** Where the booking's price comes from: 'pending', a price the carrier has not set yet, prints no price. */
  priceSource?: string;
}

const TASK_LABELS: Record<string, string> = { pickup: 'Chargement', dropoff: 'Livraison', service: 'Intervention' };

const NO_CARRIER: NonNullable<CompanyData['transportation_company']> = {
  id: null,
  answer_within_hours: null,
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

const money = (cents: number) => formatPrice(cents / 100, '€');

/** The reservation rights of article L224-63 of the code de la consommation, as every devis says them. */
export const L224_63 =
  'À la livraison, vous pouvez inscrire vos réserves sur la lettre de voiture. Vous disposez ensuite de dix jours calendaires à compter de la réception de vos biens pour adresser au déménageur, par lettre recommandée, une protestation motivée sur leur état ou leur caractère incomplet, même sans réserve à la livraison (code de la consommation, article L224-63).';

/**
 * No price yet (spec §8): the grid gave none, 'Prix non disponible' with its error, or 'Le prix
 * sera fixé ultérieurement !'. Never a total of 0 € said to be final.
 */
function pendingPrice(figures: QuoteFigures): PendingPrice {
  return {
    kind: 'pending',
    said: figures.pool_error ? `${MESSAGES.priceUnavailable}\u00a0: ${figures.pool_error}` : MESSAGES.priceLater,
    text: 'Le prix de ce déménagement n’est pas encore fixé\u00a0: le transporteur vous l’indiquera avant de confirmer votre réservation. Aucun prix n’est dû sur ce devis tant qu’il ne l’est pas.',
  };
}

function listedPrice(payload: TravelPayload, figures: QuoteFigures, expiresAt: string): ListedPrice {
  const costs = payload.items.filter((item) => item.category === 'cost' || item.category === 'custom-cost');
  const costCents = (cost: (typeof costs)[number]) => Math.round((cost.customPrice ?? 0) * cost.quantity * 100);
  return {
    kind: 'priced',
    rows: [
      { label: 'Transport', ht: money(figures.price_transportation_ht), ttc: money(figures.price_transportation) },
      { label: 'Manutention', ht: money(figures.price_handling_ht), ttc: money(figures.price_handling) },
      ...costs.map((cost) => ({
        label: printableVisitorText(cost.name),
        ht: money(costCents(cost)),
        ttc: money(Math.round(costCents(cost) * (1 + figures.vat))),
      })),
      ...(figures.options ?? []).map((line) => ({ label: optionLineLabel(line), ht: money(line.amount_ht), ttc: money(line.amount) })),
    ],
    total: { ht: money(figures.total_ht), ttc: money(figures.total) },
    vat: { label: `dont TVA ${Math.round(figures.vat * 100)}\u00a0%`, amount: money(figures.total - figures.total_ht) },
    final:
      'Ce prix est définitif\u00a0: le déménageur ne peut facturer aucun frais supplémentaire, sauf si les termes de ce devis sont modifiés d’un commun accord.',
    validity: `Prix valable jusqu’au ${when(expiresAt)} pour la réservation de ces choix.`,
  };
}

/**
 * The devis of a booking, with what French rules ask of a moving quote (arrêté du 27 avril
 * 2010, article 2): the carrier's references, the customer, the date, the loading and delivery
 * places and the distance, the volume, the kind of trip and the service, the price HT and TTC
 * said to be final, payment, liability and how to make reservations (article L224-63).
 */
export function devisContent({ travelId, payload, quote, carrier, priceSource = 'quote' }: DevisSource): DevisContent {
  const { figures } = quote;
  const { customer, travel } = payload;
  const company = carrier ?? NO_CARRIER;
  const insurance = company.insurer
    ? `Assurance responsabilité civile professionnelle\u00a0: ${company.insurer}${company.insurance_policy ? `, contrat n°\u00a0${company.insurance_policy}` : ''}`
    : '';
  return {
    quoteId: quote.id,
    travelId,
    issuedAt: when(quote.created_at),
    carrier: {
      name: company.name || 'Le transporteur',
      lines: [
        company.legal_name && company.legal_name !== company.name ? company.legal_name : '',
        company.registration,
        company.siret ? `SIRET\u00a0${formatSiret(company.siret)}` : '',
        ...company.address.split('\n'),
        company.phone_number,
        company.email,
        insurance,
      ].filter((line) => line.trim() !== ''),
      termsUrl: /^https?:\/\//.test(company.terms_url) ? company.terms_url : null,
    },
    // What the visitor (or the company's intranet) typed, printed in the carrier's name: nothing
    // link-like (visitor-text.ts). The e-mail address is the one the devis was sent to.
    customer: { name: printableVisitorText(customer.name), lines: [customer.phone_number, customer.email].filter(Boolean) },
    date: travel.beginning_date ? `Le ${when(travel.beginning_date)}` : 'À convenir avec le transporteur',
    stops: payload.addresses.map((address) => ({
      label: TASK_LABELS[address.type_name] ?? address.type_name,
      address: printableVisitorText(address.address_complete),
      details: `Accès\u00a0: ${floorLabel(address.floor_nb)}${address.floor_nb > 0 ? (address.elevator_presence ? ', avec ascenseur' : ', sans ascenseur') : ''}${address.timewindow_earliest ? ` · à partir du ${when(address.timewindow_earliest)}` : ''}`,
    })),
    route: `Distance aller\u00a0: ${formatDistance(figures.distance)} · durée de conduite\u00a0: ${formatDuration(figures.duration)}${figures.approximate ? ' (itinéraire estimé à vol d’oiseau)' : ''}`,
    items: payload.items
      .filter((item) => item.category !== 'cost' && item.category !== 'custom-cost')
      .map((item) => `${item.quantity} × ${printableVisitorText(item.name)}`),
    volume: `Volume du mobilier\u00a0: ${formatVolume(figures.shown_volume ?? figures.volume)} · véhicule\u00a0: ${figures.vehicle?.name ?? `Véhicule ${formatVolume(figures.truck_capacity)}`}`,
    service: `Voyage spécial\u00a0: le véhicule est affecté à ce seul déménagement. Manutention\u00a0: ${handlersLabel(figures.persons_needed)}${figures.persons_needed > 0 ? `, ${formatDuration(figures.handling_hours * 3600)}` : ''}. Emballage et démontage du mobilier\u00a0: par le client, sauf mention contraire ci-dessous.`,
    price: priceSource === 'pending' ? pendingPrice(figures) : listedPrice(payload, figures, quote.expires_at),
    payment:
      company.payment_terms ||
      'Aucun paiement n’est demandé à la réservation. Le transporteur vous indique les modalités de paiement en confirmant votre déménagement.',
    liability: [
      company.liability_terms ||
        'La responsabilité du déménageur et les modalités de sa mise en jeu sont précisées dans ses conditions générales, qu’il vous remet avec ce devis.',
      L224_63,
    ],
  };
}

/** JSON with its object keys sorted at every level: one text for one content, whatever built it. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The canonical serialization of a devis: its content (never the page's HTML, styles, logo or
 * hints), as JSON with sorted keys and NFC text, prefixed by its format's version so a future
 * change of the form never matches an old hash by chance.
 */
export function canonicalDevis(content: DevisContent): string {
  return `devis-v1\n${sortedJson(content).normalize('NFC')}`;
}

/** SHA-256 (hex) of the canonical devis: what an acceptance keeps of the devis accepted. */
export function devisHash(content: DevisContent): string {
  return createHash('sha256').update(canonicalDevis(content), 'utf8').digest('hex');
}
