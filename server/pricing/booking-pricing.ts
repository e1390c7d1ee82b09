import {
  choicesFingerprint,
  quoteRequestOfBooking,
  type FixedPrice,
  type PriceCheck,
  type QuoteFigures,
  type QuoteRequest,
  type TravelPayload,
  type TravelState,
} from 'transport-quote-wizard/domain';
import {
  FULL_DAY,
  firstChoosableDay,
  firstDayWithNotice,
  tooSoonMessage,
  handSetPriceProblems,
  MESSAGES,
  optionLineLabel,
  parseSerializedTravelState,
  priceToSet,
  quoteFigureProblems,
  serializeTravelState,
} from 'transport-quote-wizard/domain';
import { findQuote } from '../db/quotes-repo.ts';
import type { Sql } from '../db/sql.ts';
import { ChoicesRefused } from './refusals.ts';
import { companyPriceLines, hasCompanyPrices, type PriceLine } from './company-prices.ts';
import { GRID_NOT_OFFERED, type IssuedQuote, type PricedLoad, type QuoteService } from './quote-service.ts';

/** Who asks: a company through its own token, or a visitor with a booking's edit link (the travel token alone). */
export type Actor = 'company' | 'edit-link' | 'public';

/**
 * Where a stored price comes from: 'quote', the carrier's grid; 'company', prices a company the
 * carrier allows set (fixed price, fees, expense lines), the grid's beside them; 'pending', a
 * trip the grid gave no price for ('prix à fixer'), until 'carrier', the price the carrier set
 * by hand in its back office; 'client', the browser's (bookings made before quotes).
 */
export type PriceSource = 'quote' | 'company' | 'pending' | 'carrier' | 'client';

/**
 * What the carrier's pages show of how a booking was priced, beyond its figures: the company's
 * price lines, the load as priced and the handling the server estimates, and why there is no
 * price when there is none.
 */
export interface PricingFacts {
  lines: PriceLine[];
  /** m³ per unit of each item as priced (the catalogue's for its items). */
  item_volumes: number[];
  /** The handlers and hours booked, the server's estimate for the trip, and whether the booked ones fall far below it. */
  handling: { persons: number; hours: number; estimate_persons: number; estimate_hours: number; estimate_price: number; low: boolean };
  /** Why the grid gave no price (its error or defect), for a price to set. */
  unavailable: string | null;
}

export interface PricedBooking {
  /** The body as stored: its prices, route and handling are the server's own. */
  payload: TravelPayload;
  quote: IssuedQuote;
  priceSource: PriceSource;
  /** For prices a company set, the carrier's grid beside them (null when the grid gives none). */
  priceCheck: PriceCheck | null;
  facts: PricingFacts;
}

/** A booking as stored, as a new edit of it is priced against. */
export interface StoredPricing {
  payload: TravelPayload;
  state: TravelState | null;
  priceSource: string;
  priceCheck: PriceCheck | null;
}

/**
 * Booked handling this far below the server's estimate (handlers × hours) is shown to the
 * carrier: 18 € of handling for a move the server estimates at 864 € is a booking to check.
 */
export const LOW_HANDLING_SHARE = 0.5;

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

/** What makes two bookings the same trip for its price: stops, items (their prices too), vehicle, grid, handling, day. */
const sameChoices = (a: QuoteRequest, b: QuoteRequest) => choicesFingerprint(a, '', 0, 0) === choicesFingerprint(b, '', 0, 0);

const KEPT_BY_COMPANY =
  'Seule l’entreprise qui a fait la réservation peut changer les prix qu’elle a fixés et ce qu’ils chiffrent (adresses, objets, manutention, date) : demandez-lui ce changement.';

/** The parts of a trip that differ between two requests, named for a refusal. */
function changedParts(before: QuoteRequest, after: QuoteRequest): string[] {
  const same = (pick: (request: QuoteRequest) => unknown) => JSON.stringify(pick(before)) === JSON.stringify(pick(after));
  const parts: string[] = [];
  if (!same((r) => r.addresses)) parts.push('addresses');
  if (!same((r) => r.items)) parts.push('items');
  if (!same((r) => [r.persons_needed, r.handling_hours])) parts.push('travel.persons_needed');
  if (!same((r) => [r.vehicle_category_id, r.driver_pool_id, r.grid])) parts.push('travel.driver_pool_id');
  if (!same((r) => r.date)) parts.push('travel.beginning_date');
  return parts.length > 0 ? parts : ['items'];
}

/**
 * Prices a booking as the carrier does, whatever its body says: its choices go to the quote
 * service (a valid quote it presents, or a fresh one that must match the price it was shown),
 * and the stored body and state carry the server's figures.
 *
 * - A trip the grid gives no price for (its error or defect, or a total of 0) is stored as a
 *   price to set ('pending'), never as a price of 0; the carrier sets it in its back office.
 * - Prices a company set (fixed price, fees, expense lines) stand only where the carrier's
 *   records allow them (quote-service refuses them otherwise), stored as 'company' with the
 *   grid's figures beside them.
 * - An edit keeps a price the company or the carrier set only while what it priced is
 *   unchanged. Through the edit link, any change to it is refused (the company's price was for
 *   that trip); a price the carrier set is repriced on the grid (the route records the change
 *   for the carrier).
 */
export async function priceBooking(
  quotes: QuoteService,
  sql: Sql,
  payload: TravelPayload,
  state: TravelState,
  companyId: number | null,
  actor: Actor,
  stored: StoredPricing | null = null,
  /** The carrier whose public page made it (its key), priced on that carrier's records. */
  siteId: number | null = null,
): Promise<PricedBooking> {
  const grid = payload.price_grid ?? 'wizard';
  if (!quotes.offersGrid(grid, companyId)) throw new ChoicesRefused([{ path: 'price_grid', message: GRID_NOT_OFFERED }]);
  let fixedPrice = state.fixedPrice;
  if (actor === 'edit-link' && stored) fixedPrice = stored.priceSource === 'company' ? (stored.state?.fixedPrice ?? null) : null;
  const request = quoteRequestOfBooking(payload, grid, fixedPrice);
  const travel = payload.travel;
  // A closed or full day cannot be booked, whoever asks (issue 45); an edit that keeps its day
  // keeps it (the carrier took it when it was free, and its own booking fills it).
  const before = stored ? quoteRequestOfBooking(stored.payload, stored.payload.price_grid ?? 'wizard', null).date : null;
  if (request.date !== before) {
    const day = await quotes.availability(request.date, companyId, siteId);
    if (day.status !== 'open') {
      const lead = day.tariff.days.lead_days;
      const message =
        day.status === 'closed'
          ? MESSAGES.closedDay
          : day.status === 'too_soon'
            ? tooSoonMessage(lead, firstChoosableDay(day.tariff, firstDayWithNotice(day.tariff, day.today), day.today))
            : FULL_DAY;
      throw new ChoicesRefused([{ path: 'travel.beginning_date', message }], message);
    }
  }

  let quote: IssuedQuote | null = null;
  let priceSource: PriceSource | null = null;
  let priceCheck: PriceCheck | null = null;
  const keeps = stored !== null && (stored.priceSource === 'carrier' || (stored.priceSource === 'company' && actor === 'edit-link'));
  // The company's prices as stored, presented again unchanged through the edit link.
  let keptCompanyPrices = false;
  if (stored && keeps) {
    const before = quoteRequestOfBooking(stored.payload, stored.payload.price_grid ?? 'wizard', fixedPrice);
    const unchanged = sameChoices(before, request) && (stored.priceSource === 'company' || request.fixed_price === null);
    keptCompanyPrices = unchanged && stored.priceSource === 'company';
    const storedQuote = unchanged && stored.payload.quote_id ? await findQuote(sql, stored.payload.quote_id) : null;
    if (storedQuote) {
      // What the price was set for is unchanged: it stays, as stored, whatever the body says of it.
      quote = quotes.answer(storedQuote, storedQuote.figures, null);
      priceSource = stored.priceSource as PriceSource;
      priceCheck = stored.priceCheck;
    } else if (!unchanged && stored.priceSource === 'company') {
      throw new ChoicesRefused(changedParts(before, request).map((path) => ({ path, message: KEPT_BY_COMPANY })));
    }
  }

  // The edit link has exactly a public visitor's powers, on a company's booking too: the
  // company's own prices stay as they were (above), and no new one comes through it. Without
  // this, the company's records (can_edit_price) priced what the link's holder wrote.
  if (!quote && actor === 'edit-link' && !keptCompanyPrices) {
    const problems = handSetPriceProblems(request, { canEditPrice: false, hideCustomPrice: true });
    if (problems.length > 0) throw new ChoicesRefused(problems);
  }

  if (!quote) {
    quote = await quotes.priceBooking(
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
    if (priceToSet(figures)) priceSource = 'pending';
    else if (hasCompanyPrices(request)) {
      priceSource = 'company';
      const gridFigures = await quotes.gridFigures(request, companyId);
      priceCheck = priceToSet(gridFigures)
        ? null
        : {
            price_transportation: gridFigures.price_transportation,
            price_handling: gridFigures.price_handling,
            matches:
              gridFigures.price_transportation === figures.price_transportation &&
              gridFigures.price_handling === figures.price_handling &&
              figures.additional_costs === 0,
            grid: gridFigures.grid,
          };
    } else priceSource = 'quote';
  }

  const figures = quote.figures;
  // Checked again as it is stored: a quote signed before the bounds, or kept from an earlier
  // version of the booking, is no price either when a line is below 0 or above the ceiling.
  const outOfBounds = quoteFigureProblems(figures, quotes.ceilingEuros);
  if (outOfBounds.length > 0) throw new ChoicesRefused(outOfBounds);
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
  const load = await quotes.pricedLoad(request, companyId, siteId);
  return {
    payload: trusted,
    quote,
    priceSource: priceSource ?? 'quote',
    priceCheck,
    facts: pricingFacts(figures, request, load, priceSource === 'pending'),
  };
}

/** The options chosen, as the carrier's pages, CSV, events and e-mails list price lines. */
export function optionPriceLines(figures: QuoteFigures): PriceLine[] {
  return (figures.options ?? []).map((line) => ({
    kind: 'option',
    label: optionLineLabel(line),
    amount_ht: line.amount_ht,
    amount: line.amount,
  }));
}

function pricingFacts(figures: QuoteFigures, request: QuoteRequest, load: PricedLoad, pending: boolean): PricingFacts {
  const booked = figures.persons_needed * figures.handling_hours;
  const estimated = load.estimate.persons * load.estimate.hours;
  return {
    lines: [...companyPriceLines(request.items, figures.vat), ...optionPriceLines(figures)],
    item_volumes: load.itemVolumes,
    handling: {
      persons: figures.persons_needed,
      hours: figures.handling_hours,
      estimate_persons: load.estimate.persons,
      estimate_hours: load.estimate.hours,
      estimate_price: load.estimate.price_handling,
      low: estimated > 0 && booked < estimated * LOW_HANDLING_SHARE,
    },
    unavailable: pending ? (figures.pool_error ? `${MESSAGES.priceUnavailable} : ${figures.pool_error}` : MESSAGES.priceLater) : null,
  };
}

/**
 * A booking whose price was to set, with the price the carrier set (its own quote, from
 * QuoteService.carrierQuote): the travel's prices and the restored state's fees are its.
 */
export function withCarrierPrice(payload: TravelPayload, quote: IssuedQuote): TravelPayload {
  const figures = quote.figures;
  const priced: TravelPayload = {
    ...payload,
    quote_id: quote.id,
    travel: {
      ...payload.travel,
      price_transportation: figures.price_transportation,
      price_handling: figures.price_handling,
      price_transportation_ht: figures.price_transportation_ht,
      price_handling_ht: figures.price_handling_ht,
      handling_needed: figures.persons_needed > 0 || figures.price_handling > 0,
    },
  };
  const state = parseSerializedTravelState(payload.store_serialized);
  if (state) priced.store_serialized = serializeTravelState(trustedState(state, priced, quote, null));
  return priced;
}
