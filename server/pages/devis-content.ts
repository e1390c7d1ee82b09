import { createHash } from 'node:crypto';
import {
  formatDistance,
  formatDuration,
  formatSiret,
  formatVolume,
  BUSINESS_TIME_ZONE,
  formatLongDate,
  isLoadItem,
  MESSAGES,
  optionLineLabel,
  TransportationCompanySchema,
  printableVisitorText,
  type CompanyData,
  type QuoteFigures,
  type TravelPayload,
  formatCents,
  vehicleWords,
} from 'transport-quote-wizard/domain';
import { DateTime } from 'luxon';
import * as v from 'valibot';
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
  /** The hash of the general conditions this devis comes with, when the product holds them: an acceptance covers them. */
  termsHash?: string;
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
  /** The general conditions the product holds for the carrier: where they are read, and their text's hash (covered by the devis's). */
  terms?: { path: string; hash: string; body?: string } | null;
  /** A company's booking (its intranet): a business customer, to whom the consumer code's withdrawal rules do not speak. */
  forCompany?: boolean;
}

const TASK_LABELS: Record<string, string> = { pickup: 'Chargement', dropoff: 'Livraison', service: 'Intervention' };

/** A carrier with no references at all: each field empty, the devis's validity the default. */
const NO_CARRIER: NonNullable<CompanyData['transportation_company']> = v.parse(TransportationCompanySchema, {});

const money = formatCents;

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

function listedPrice(payload: TravelPayload, figures: QuoteFigures, until: string): ListedPrice {
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
    validity: `Devis valable jusqu’au ${whenDay(until)}\u00a0: le transporteur s’engage à ce prix jusqu’à cette date.`,
  };
}

/**
 * The devis of a booking, with every mention French rules ask of a moving devis or of the
 * general conditions it comes with (arrêté du 27 avril 2010, article 1), each from the
 * carrier's records or the booking:
 * - the carrier's references (name, legal form, registers, SIRET, address, insurer);
 * - the customer's name and address; the date of the move; the loading and delivery places and
 *   the outbound distance; the date the devis was made; the volume as declared;
 * - the type of trip (special: the vehicle for this move alone) and the exact service (who
 *   packs and dismantles, the handlers, the options chosen);
 * - the procedure for reserves (article 3, and code de la consommation L224-63);
 * - precise payment terms (the deposit the carrier set, the balance, the carrier's means);
 * - the carrier's liability and how to claim it, the consumer mediator included (L616-1);
 * - the price HT and TTC, said to be final unless the devis is expressly changed;
 * and, for a consumer, whether a right of withdrawal applies (L221-5 and L221-28).
 */
export function devisContent({
  travelId,
  payload,
  quote,
  carrier,
  priceSource = 'quote',
  terms = null,
  forCompany = false,
}: DevisSource): DevisContent {
  const { figures } = quote;
  const { customer, travel } = payload;
  const company = carrier ?? NO_CARRIER;
  const insurance = company.insurer
    ? `Assurance responsabilité civile professionnelle\u00a0: ${company.insurer}${company.insurance_policy ? `, contrat n°\u00a0${company.insurance_policy}` : ''}`
    : '';
  const pending = priceSource === 'pending';
  const options = (figures.options ?? []).map(optionLineLabel);
  return {
    quoteId: quote.id,
    travelId,
    issuedAt: when(quote.created_at),
    carrier: {
      name: company.name || 'Le transporteur',
      lines: [
        company.legal_name && company.legal_name !== company.name ? company.legal_name : '',
        company.legal_form,
        company.trade_register,
        company.transport_register ? `Registre des entreprises de transport\u00a0: ${company.transport_register}` : '',
        // The single line of references a carrier wrote before they had a field each.
        company.registration,
        company.siret ? `SIRET\u00a0${formatSiret(company.siret)}` : '',
        ...company.address.split('\n'),
        company.phone_number,
        company.email,
        insurance,
      ].filter((line) => line.trim() !== ''),
      termsUrl: terms ? terms.path : /^https?:\/\//.test(company.terms_url) ? company.terms_url : null,
    },
    // What the visitor (or the company's intranet) typed, printed in the carrier's name: nothing
    // link-like (visitor-text.ts). The e-mail address is the one the devis was sent to.
    customer: {
      name: printableVisitorText(customer.name),
      lines: [customer.address ? printableVisitorText(customer.address) : '', customer.phone_number, customer.email].filter(Boolean),
    },
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
    volume: `Volume du mobilier\u00a0: ${declaredVolume(payload, figures)} · véhicule\u00a0: ${vehicleWords(figures.vehicle?.name ?? null, figures.truck_capacity, figures.vehicle_count)}`,
    service: [
      'Type de voyage\u00a0: voyage spécial, le véhicule est affecté à ce seul déménagement.',
      `Manutention\u00a0: ${handlersLabel(figures.persons_needed)}${figures.persons_needed > 0 ? `, ${formatDuration(figures.handling_hours * 3600)}` : ''}.`,
      `Emballage et démontage du mobilier\u00a0: par le client${options.length > 0 ? ', sauf les prestations retenues ci-dessous' : ''}.`,
      ...(options.length > 0 ? [`Prestations retenues\u00a0: ${options.join(' ; ')}.`] : []),
    ].join(' '),
    price: pending ? pendingPrice(figures) : listedPrice(payload, figures, validUntil(quote.created_at, company.devis_validity_days)),
    payment: paymentTerms(company.payment_terms, pending ? null : figures.total),
    liability: [
      company.liability_terms ||
        'La responsabilité du déménageur et les modalités de sa mise en jeu sont précisées dans ses conditions générales, jointes à ce devis.',
      RESERVES,
      mediatorText(company),
      ...(forCompany ? [] : [WITHDRAWAL]),
    ].filter((text) => text !== ''),
    ...(terms ? { termsHash: terms.hash } : {}),
  };
}

/** The volume as declared: the sum of each object's volume × its quantity, to the hundredth of a m³ (never rounded down to the whole m³ that prices). */
function declaredVolume(payload: TravelPayload, figures: QuoteFigures): string {
  // The quote's load (the catalogue's volumes for its objects, the visitor's for theirs); a quote
  // made before it was given, the booking's objects as sent.
  const declared = figures.shown_volume ?? payload.items.filter(isLoadItem).reduce((sum, item) => sum + item.volume * item.quantity, 0);
  return formatVolume(declared);
}

/** A day in words, in France: 'lundi 8 février 2027'. */
const whenDay = (timestamp: string) => formatLongDate(DateTime.fromISO(timestamp).setZone(BUSINESS_TIME_ZONE).toISODate()!);

/** 'Devis valable jusqu’au …': the day the devis was made and the carrier's days (Réglages, 30 by default). */
export function validUntil(issuedAt: string, days: number): string {
  return DateTime.fromISO(issuedAt, { zone: BUSINESS_TIME_ZONE }).plus({ days }).endOf('day').toUTC().toISO()!;
}

/** The reservation rights, as the arrêté (article 3) and the consumer code (L224-63) give them. */
export const RESERVES = `${L224_63} Procédure prévue par l’arrêté du 27 avril 2010, article 3.`;

/**
 * Whether a right of withdrawal applies, said plainly for a consumer: a moving contract signed
 * online (at a distance) or after a visit at home (off premises) is a service of transport of
 * goods to be provided on a set date, for which the consumer code excludes it (L221-28, 12°),
 * and the professional must say so before the contract (L221-5).
 */
export const WITHDRAWAL =
  'Droit de rétractation\u00a0: ce déménagement est une prestation de transport de biens fournie à une date déterminée. Que le contrat soit conclu en ligne (à distance) ou après une visite à votre domicile (hors établissement), il n’ouvre pas de droit de rétractation (code de la consommation, articles L221-28, 12°, et L221-5).';

/** The consumer mediator the carrier belongs to (L616-1, R616-1): its name, website and address; '' when the carrier gave none. */
function mediatorText(company: NonNullable<CompanyData['transportation_company']>): string {
  if (!company.mediator_name) return '';
  const where = [company.mediator_website, company.mediator_address.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(', ');
  return `Médiation de la consommation\u00a0: en cas de litige que vous n’avez pu régler par écrit avec le déménageur, vous pouvez saisir gratuitement le médiateur ${company.mediator_name}${where ? ` (${where})` : ''} (code de la consommation, articles L612-1 et L616-1).`;
}

/**
 * What is due when, and how: the price and when it is due, and the carrier's own words on the
 * means of payment and any deposit (Réglages, Entreprise). A deposit taken online is said on
 * the devis page beside its button (payments/devis-deposit.ts), only where Stripe is set.
 */
function paymentTerms(carrierTerms: string, totalCents: number | null): string {
  const due =
    totalCents === null
      ? 'Aucun paiement n’est demandé tant que le prix n’est pas fixé.'
      : `Le prix, ${money(totalCents)} TTC, est dû à la fin du déménagement, déduction faite des sommes déjà versées.`;
  return `${due} ${carrierTerms || 'Moyens de paiement\u00a0: ceux que le transporteur vous indique en confirmant votre déménagement.'}`;
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
 * change of the form never matches an old hash by chance (v2, issue 54: the mentions of the
 * arrêté of 27 April 2010, art. 1, and the hash of the general conditions the devis comes with).
 */
export function canonicalDevis(content: DevisContent): string {
  return `devis-v2\n${sortedJson(content).normalize('NFC')}`;
}

/** SHA-256 (hex) of the canonical devis: what an acceptance keeps of the devis accepted. */
export function devisHash(content: DevisContent): string {
  return createHash('sha256').update(canonicalDevis(content), 'utf8').digest('hex');
}
