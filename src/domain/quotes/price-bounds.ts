import { isCostItem } from '../entities/item.ts';
import { parsePrice } from '../pricing/vat.ts';
import type { QuoteFigures } from './price-quote.ts';
import type { ChoiceProblem, QuoteRequest } from './quote-request.ts';

/**
 * Bounds no price passes, whoever sets it (a company allowed to set prices, the carrier's grid,
 * the server's own arithmetic): never below 0, never above the server's ceiling
 * (PRICE_CEILING_EUROS). A discount is an expense line below 0, bounded on its own
 * (company-prices.ts); every other hand-set figure is a price, and so is every line of a quote.
 */
export const NEGATIVE_PRICE = 'Un prix ne peut pas être négatif';

const euros = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
export const overCeiling = (ceilingEuros: number) =>
  `Prix au-delà du plafond de ${euros.format(ceilingEuros).replace(/\u202f/g, '\u00a0')}\u00a0€`;

/** The prices a request sets by hand (fees, imposed handling, expense lines, a fixed price), each within the bounds. */
export function handSetPriceBoundProblems(request: Pick<QuoteRequest, 'fixed_price' | 'items'>, ceilingEuros: number): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const check = (path: string, euros: number | null, negativeAllowed = false) => {
    if (euros === null) return;
    if (euros < 0 && !negativeAllowed) problems.push({ path, message: NEGATIVE_PRICE });
    else if (Math.abs(euros) > ceilingEuros) problems.push({ path, message: overCeiling(ceilingEuros) });
  };
  const fixed = request.fixed_price;
  if (fixed) {
    check('fixed_price.transportationPriceVatExcluded', fixed.transportationPriceVatExcluded);
    check('fixed_price.handlingPriceVatExcluded', fixed.handlingPriceVatExcluded);
  }
  request.items.forEach((item, index) => {
    check(`items.${index}.predefinedTransportationFee`, parsePrice(item.predefinedTransportationFee));
    check(`items.${index}.predefinedHandlingFee`, parsePrice(item.predefinedHandlingFee));
    // An expense line may be a discount (below 0); an imposed handling price may not.
    if (item.customPrice !== null) check(`items.${index}.customPrice`, item.customPrice * item.quantity, isCostItem(item));
  });
  return problems;
}

/**
 * The lines of a quote as computed or as stored, each a price within the bounds: transport,
 * handling, options and the total (TTC and HT, in cents). A quote outside them is refused,
 * never issued nor stored, whatever computed it.
 */
export function quoteFigureProblems(figures: QuoteFigures, ceilingEuros: number): ChoiceProblem[] {
  const ceiling = Math.round(ceilingEuros * 100);
  const lines: Array<[string, number]> = [
    ['price_transportation', figures.price_transportation],
    ['price_handling', figures.price_handling],
    ['price_transportation_ht', figures.price_transportation_ht],
    ['price_handling_ht', figures.price_handling_ht],
    ['total', figures.total],
    ['total_ht', figures.total_ht],
    ...(figures.options ?? []).map((option, index): [string, number] => [`options.${index}`, option.amount]),
  ];
  const problems: ChoiceProblem[] = [];
  for (const [path, cents] of lines) {
    if (!Number.isFinite(cents) || cents < 0) problems.push({ path, message: NEGATIVE_PRICE });
    else if (cents > ceiling) problems.push({ path, message: overCeiling(ceilingEuros) });
  }
  return problems;
}
