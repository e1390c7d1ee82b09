import {
  DEFAULT_CUSTOM_ITEM,
  isCostItem,
  parsePrice,
  type ChoiceProblem,
  type Item,
  type QuoteFigures,
  type QuoteRequest,
  toCents,
} from 'transport-quote-wizard/domain';

/**
 * Prices a company sets itself, beside the carrier's grid (spec §6): predefined transport and
 * handling fees, a handling price imposed on an item, expense lines (frais annexes, a discount
 * when negative), and a fixed price. They stand only where the carrier's records allow them
 * (can_edit_price: carrier-rules.ts), are stored as price_source 'company' with the grid's
 * figures beside them (price_check), and are shown line by line to the carrier.
 */

/** A price line the company set, as the carrier's pages, CSV and events show it: cents HT and TTC. */
export interface PriceLine {
  /** 'option': one of the carrier's options the customer chose (Réglages, Options), priced by the quote. */
  kind: 'frais' | 'transport_predefini' | 'manutention_predefinie' | 'manutention_imposee' | 'option';
  label: string;
  amount_ht: number;
  amount: number;
}

/**
 * A discount (expense lines below 0) may take off at most this share of the grid's price of
 * the same trip (transport and handling, TTC), and never bring the total below 0: a company
 * allowed to set prices may give a discount, not the trip.
 */
export const DISCOUNT_LIMIT = 0.5;

/** The Prestation Spécifique comes with the spec's price (spec §9): not a company's own. */
const isSpecPrice = (item: Item) => item.category === 'custom-item' && item.customPrice === DEFAULT_CUSTOM_ITEM.price;

/** An item whose price the company set: a predefined fee, an imposed handling price, an expense line. */
export function isCompanyPriced(item: Item): boolean {
  return (
    isCostItem(item) ||
    (item.customPrice !== null && !isSpecPrice(item)) ||
    parsePrice(item.predefinedTransportationFee) !== null ||
    parsePrice(item.predefinedHandlingFee) !== null
  );
}

/** Whether a request carries any price the company set. */
export function hasCompanyPrices(request: Pick<QuoteRequest, 'fixed_price' | 'items'>): boolean {
  return request.fixed_price !== null || request.items.some(isCompanyPriced);
}

/** The same trip on the carrier's grid alone: no fixed price, fee, imposed price or expense line. */
export function withoutCompanyPrices(request: QuoteRequest): QuoteRequest {
  return {
    ...request,
    fixed_price: null,
    items: request.items
      .filter((item) => !isCostItem(item))
      .map((item) => ({
        ...item,
        customPrice: isSpecPrice(item) ? item.customPrice : null,
        predefinedTransportationFee: null,
        predefinedHandlingFee: null,
      })),
  };
}

const cents = toCents;

/** Each price the company set on the items, line by line, HT as typed and TTC at the carrier's VAT. */
export function companyPriceLines(items: readonly Item[], vat: number): PriceLine[] {
  const line = (kind: PriceLine['kind'], label: string, ht: number): PriceLine => ({
    kind,
    label,
    amount_ht: cents(ht),
    amount: cents(ht * (1 + vat)),
  });
  return items.flatMap((item) => {
    const lines: PriceLine[] = [];
    const name = item.name.trim() || 'Objet';
    if (isCostItem(item)) return [line('frais', name, (item.customPrice ?? 0) * item.quantity)];
    const transport = parsePrice(item.predefinedTransportationFee);
    const handling = parsePrice(item.predefinedHandlingFee);
    if (transport !== null) lines.push(line('transport_predefini', `Transport prédéfini (${name})`, transport));
    if (handling !== null) lines.push(line('manutention_predefinie', `Manutention prédéfinie (${name})`, handling));
    if (item.customPrice !== null && !isSpecPrice(item))
      lines.push(line('manutention_imposee', `Manutention imposée (${item.quantity} × ${name})`, item.customPrice * item.quantity));
    return lines;
  });
}

const euros = (amountCents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amountCents / 100).replace(/\u202f/g, '\u00a0');

/**
 * A discount beyond what the carrier allows, named on each negative line: more than
 * DISCOUNT_LIMIT of the grid's price of the same trip, or a total below 0. With no grid price
 * (the grid answered none), no discount.
 */
export function discountProblems(items: readonly Item[], vat: number, figures: QuoteFigures, grid: QuoteFigures | null): ChoiceProblem[] {
  const negative = items.flatMap((item, index) =>
    isCostItem(item) && (item.customPrice ?? 0) * item.quantity < 0 ? [{ item, index }] : [],
  );
  if (negative.length === 0) return [];
  const discount = -negative.reduce((sum, { item }) => sum + cents((item.customPrice ?? 0) * item.quantity * (1 + vat)), 0);
  const gridPrice = grid && !grid.pool_error ? grid.price_transportation + grid.price_handling : 0;
  const allowed = Math.floor(gridPrice * DISCOUNT_LIMIT);
  let message: string | null = null;
  if (discount > allowed)
    message = `Remise de ${euros(discount)} TTC refusée : au plus ${Math.round(DISCOUNT_LIMIT * 100)} % du prix de la grille du transporteur (${euros(allowed)} TTC)`;
  else if (figures.total < 0) message = 'Remise refusée : le total ne peut pas être négatif';
  return message ? negative.map(({ index }) => ({ path: `items.${index}.customPrice`, message: message! })) : [];
}
