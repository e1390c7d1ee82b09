import {
  quoteRequestOfBooking,
  type FixedPrice,
  type PriceCheck,
  type TravelPayload,
  type TravelState,
} from 'transport-quote-wizard/domain';
import { isCostItem, type Item } from 'transport-quote-wizard/domain';
import { parsePrice } from 'transport-quote-wizard/domain';
import { serializeTravelState } from 'transport-quote-wizard/domain';
import { ChoicesRefused } from './refusals.ts';
import { GRID_NOT_OFFERED, type IssuedQuote, type QuoteService } from './quote-service.ts';

/** Who asks: a company through its own token, or a visitor with a booking's edit link (the travel token alone). */
export type Actor = 'company' | 'edit-link' | 'public';

export interface PricedBooking {
  /** The body as stored: its prices, route and handling are the server's own. */
  payload: TravelPayload;
  quote: IssuedQuote;
  /** 'quote': the carrier's price; 'company': a price the company fixed (its right, spec §6). */
  priceSource: 'quote' | 'company';
  /** For a company's fixed price, the carrier's grid beside it. */
  priceCheck: PriceCheck | null;
}

/** Items whose price was set by hand: predefined fees, a handling price, expenses. */
function handSet(items: readonly Item[]): string[] {
  return items
    .filter(
      (item) =>
        isCostItem(item) ||
        item.customPrice !== null ||
        parsePrice(item.predefinedTransportationFee) !== null ||
        parsePrice(item.predefinedHandlingFee) !== null,
    )
    .map((item) =>
      JSON.stringify([
        item.name,
        item.category,
        item.quantity,
        item.customPrice,
        item.predefinedTransportationFee,
        item.predefinedHandlingFee,
      ]),
    )
    .sort();
}

/** The state restored for the edit link, made to agree with what was stored: the carrier's VAT, the server's fees. */
function trustedState(state: TravelState, payload: TravelPayload, quote: IssuedQuote, fixedPrice: FixedPrice | null): TravelState {
  const figures = quote.figures;
  return {
    ...state,
    vat: figures.vat,
    fixedPrice,
    truckCapacity: figures.truck_capacity,
    fees: {
      transportation: {
        customer: { distance: figures.distance, duration: figures.duration },
        driver: { distance: figures.driver_distance, duration: figures.driver_duration },
        truckCapacity: figures.truck_capacity,
        fee: figures.price_transportation / 100,
      },
      handling: { personsNeeded: figures.persons_needed, duration: payload.travel.duration_handling, fee: figures.price_handling / 100 },
      additionnalCosts: figures.additional_costs / 100,
    },
  };
}

/**
 * Prices a booking as the carrier does, whatever its body says: its choices go to the quote
 * service (a valid quote it presents, or a fresh one that must match the price it was shown),
 * and the stored body and state carry the server's figures.
 *
 * A company's own prices (a fixed price, hand-set items) stand only where the company may set
 * them, and change only with its token: through the edit link alone they are kept as stored,
 * and an edit that changes them is refused.
 */
export async function priceBooking(
  quotes: QuoteService,
  payload: TravelPayload,
  state: TravelState,
  companyId: number | null,
  actor: Actor,
  stored: { payload: TravelPayload; state: TravelState | null; priceSource: string } | null = null,
  /** The carrier whose public page made it (its key), priced on that carrier's records. */
  siteId: number | null = null,
): Promise<PricedBooking> {
  const grid = payload.price_grid ?? 'wizard';
  if (!quotes.offersGrid(grid, companyId)) throw new ChoicesRefused([{ path: 'price_grid', message: GRID_NOT_OFFERED }]);
  let fixedPrice = state.fixedPrice;
  if (actor === 'edit-link' && stored) {
    fixedPrice = stored.priceSource === 'company' ? (stored.state?.fixedPrice ?? null) : null;
    if (JSON.stringify(handSet(payload.items)) !== JSON.stringify(handSet(stored.payload.items)))
      throw new ChoicesRefused([
        { path: 'items', message: 'Seule l’entreprise qui a fait la réservation peut changer les prix qu’elle a fixés' },
      ]);
  }
  const request = quoteRequestOfBooking(payload, grid, fixedPrice);
  const travel = payload.travel;
  const quote = await quotes.priceBooking(
    request,
    companyId,
    {
      quoteId: payload.quote_id ?? null,
      persons: travel.persons_needed,
      hours: travel.duration_handling / 3600,
      sentTransportation: travel.price_transportation,
      sentHandling: travel.price_handling,
    },
    siteId,
  );
  const figures = quote.figures;
  const priceSource = figures.source === 'fixed' ? 'company' : 'quote';
  let priceCheck: PriceCheck | null = null;
  if (priceSource === 'company') {
    const grid = (await quotes.price({ ...request, fixed_price: null }, companyId)).figures;
    priceCheck = {
      price_transportation: grid.price_transportation,
      price_handling: grid.price_handling,
      matches: grid.price_transportation === figures.price_transportation && grid.price_handling === figures.price_handling,
      grid: grid.grid,
    };
  }
  const trusted: TravelPayload = {
    ...payload,
    quote_id: quote.id,
    price_grid: grid,
    travel: {
      ...travel,
      truck_capacity_needed: figures.truck_capacity,
      // Spec §7: the customer's distance, doubled (then rounded, as the elements round it).
      distance_transportation: Math.round(figures.distance * 2),
      duration_transportation: Math.round(figures.duration),
      price_transportation: figures.price_transportation,
      price_handling: figures.price_handling,
      price_transportation_ht: figures.price_transportation_ht,
      price_handling_ht: figures.price_handling_ht,
      persons_needed: figures.persons_needed,
      duration_handling: Math.round(figures.handling_hours * 3600),
      handling_needed: figures.persons_needed > 0 || figures.price_handling > 0,
    },
  };
  trusted.store_serialized = serializeTravelState(trustedState(state, trusted, quote, fixedPrice));
  return { payload: trusted, quote, priceSource, priceCheck };
}
