import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  carrierProblems,
  choiceProblems,
  poolInputFor,
  priceToSet,
  quoteFigures,
  stopsFromAddresses,
  type CompanyData,
  type Item,
  type PriceGrid,
  type QuoteFigures,
  type QuoteRequest,
  type Tariff,
  type TripToPrice,
} from 'transport-quote-wizard/domain';
import { withTariff } from 'transport-quote-wizard/domain';
import { choicesFingerprint } from 'transport-quote-wizard/domain';
import { chosenPool, customItemProblems } from 'transport-quote-wizard/domain';
import { estimateHandling, isCostItem, totalVolume, type CarrierPricing } from 'transport-quote-wizard/domain';
import { optionsTotal, poolComputesPrice } from 'transport-quote-wizard/domain';
import { handSetPriceBoundProblems, quoteFigureProblems } from 'transport-quote-wizard/domain';
import { poolDefectMessage, poolFiguresFault } from 'transport-quote-wizard/domain';
import { type ChoiceProblem } from 'transport-quote-wizard/domain';
import {
  cheapestDay,
  dayAvailability,
  dayInFrance,
  lastBookableDay,
  plusDays,
  type DayAvailability,
  type DayQuote,
  type DayQuotes,
  type DayQuotesRequest,
} from 'transport-quote-wizard/domain';
import { capacityOwner, takenDays } from '../db/day-capacity.ts';
import { ownItems, type ItemCatalogue } from '../db/items-repo.ts';
import { findLiveQuote, findQuote, insertQuote, type StoredQuote } from '../db/quotes-repo.ts';
import type { Sql } from '../db/sql.ts';
import { ChoicesRefused, PriceChanged } from './refusals.ts';
import { carrierFor } from './carrier-records.ts';
import { discountProblems, withoutCompanyPrices } from './company-prices.ts';
import { sandboxAccount, type PoolSandbox, type SandboxAccount } from './pool-sandbox.ts';
import type { RouteService } from './route-service.ts';

/** A quote as the API answers it: the figures the carrier commits to, until when, and the server's signature over them. */
export interface IssuedQuote {
  id: string;
  expires_at: string;
  signature: string;
  figures: QuoteFigures;
  /** Seconds the price still holds when answered: a page counts the deadline on its own clock. */
  valid_for_seconds: number;
  /** Why the straight line priced the route, when a road service did not answer. */
  route_fallback: string | null;
  /** The quote gives no price: the carrier sets it later (priceToSet), and a booking on it is stored pending. */
  price_to_set: boolean;
}

/** The load as the server priced it, and the handling it estimates (PricedLoad of QuoteService.pricedLoad). */
export interface PricedLoad {
  /** m³ per unit of each item, in the booking's order: the catalogue's for its items. */
  itemVolumes: number[];
  /** Handlers, hours and handling price (cents TTC) the server estimates for the trip. */
  estimate: { persons: number; hours: number; price_handling: number };
}

export interface QuoteServiceOptions {
  sql: Sql;
  catalogue: ItemCatalogue;
  routes: RouteService;
  sandbox: PoolSandbox;
  publicPricing: CompanyData;
  /**
   * The company whose records price the keyless public pages, as its key's pages (PUBLIC_COMPANY_ID,
   * unless the operator prices them with PUBLIC_PRICING_FILE): null, the configuration above does.
   */
  keylessCompany?: number | null;
  /** The grids a public quote may name (PUBLIC_PRICE_GRIDS); a company is priced on either. */
  publicGrids: readonly PriceGrid[];
  signingKey: Buffer;
  ttlMs: number;
  /**
   * PRICE_CEILING_EUROS: no line of a quote passes it, and a grid's line past it (VAT included)
   * is the grid's defect, never a price.
   */
  priceCeilingEuros: number;
  now?: () => number;
}

/**
 * A trip resolved once (items, stops, grid, route), to be priced on one day or many; with why
 * its route is a straight line, if it is, and the sandbox account its grid's runs are charged to
 * (one per request: a list of days spends one request's budget).
 */
type PreparedTrip = TripToPrice & { fallback: string | null; account: SandboxAccount };

/**
 * The categories priced from the catalogue when they name an entry: an item picked from the
 * catalogue ('item'). An object the visitor added with its own figures ('stuff', the items
 * step's 'Ajouter un objet qui n’est pas dans la liste') is theirs even when its name is a
 * catalogue entry's: it keeps what was typed (within bounds), as the screens showed it.
 */
const CATALOGUE_CATEGORIES = new Set(['item']);
/** Whose quote: a company's, a carrier's public pages' (`site:<id>`, from its key), or the keyless public pages'. */
const ownerOf = (companyId: number | null, siteId: number | null = null) =>
  companyId !== null ? String(companyId) : siteId !== null ? `site:${siteId}` : 'public';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const GRID_NOT_OFFERED = 'Grille de prix non proposée par le transporteur au public';

/** Refused choices, each named (the API answers 422, as to every out-of-range or forbidden choice). */
function refuse(problems: readonly ChoiceProblem[]): never {
  throw new ChoicesRefused(problems);
}

/**
 * The carrier's price, decided by the server: its own records (VAT, rates, vehicles, grids and
 * their code), the catalogue's figures for catalogue items, its own route. A quote is signed
 * (HMAC-SHA256 with the server's key) and stored, so a booking that presents it is priced by
 * it without trusting a figure from the browser.
 */
export class QuoteService {
  private readonly now: () => number;

  constructor(private readonly options: QuoteServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The server's price ceiling, in euros. */
  get ceilingEuros(): number {
    return this.options.priceCeilingEuros;
  }

  /** The items as priced: a catalogue entry's figures where the item names one, the visitor's own within bounds otherwise. */
  private async resolveItems(items: readonly Item[], itemOwner: number | null): Promise<Item[]> {
    // The carrier's own objects as they are now: its back office may have changed one a moment ago.
    const own = await ownItems(this.options.sql, itemOwner);
    const problems: ChoiceProblem[] = [];
    const resolved = items.map((item, index) => {
      const entry = CATALOGUE_CATEGORIES.has(item.category) ? this.options.catalogue.entryFor(item, own) : null;
      if (!entry) {
        // An id alone names a catalogue entry or nothing: never an object of 0 m³.
        if (item.id !== null && item.name.trim() === '' && !isCostItem(item))
          problems.push({ path: `items.${index}.id`, message: 'Objet introuvable dans le catalogue : donnez son nom et son volume' });
        problems.push(...customItemProblems(item, index));
        return item;
      }
      return {
        ...item,
        name: entry.name,
        volume: entry.volume,
        weight: entry.weight,
        length: 0,
        width: 0,
        height: 0,
        time_factor: entry.time_factor,
        persons_needed: entry.persons_needed,
        elevator: entry.elevator,
        minimal_truck_capacity: entry.minimal_truck_capacity,
      };
    });
    if (problems.length > 0) refuse(problems);
    return resolved;
  }

  /** Whether the carrier prices this grid for this customer: a company on either, the public on PUBLIC_PRICE_GRIDS. */
  offersGrid(grid: PriceGrid, companyId: number | null): boolean {
    return companyId !== null || this.options.publicGrids.includes(grid);
  }

  /**
   * Prices a request from the server's own records; throws 422 naming each refused choice, and
   * PricingUnavailable (503) when the carrier's records or the sandbox cannot price it now. A
   * draft tariff (the carrier's simulation, never a request's) prices in place of the saved one.
   */
  async price(
    request: QuoteRequest,
    companyId: number | null,
    siteId: number | null = null,
    draft: Tariff | null = null,
  ): Promise<{ figures: QuoteFigures; fallback: string | null; tariffVersion: number | null }> {
    const carrier = await this.checkedCarrier(request, companyId, siteId, draft);
    // A carrier's own objects are priced from its records on its keyed public pages too.
    const itemOwner = companyId ?? siteId;
    const trip = await this.prepare(request, itemOwner, carrier, sandboxAccount(ownerOf(companyId, siteId)));
    return this.priceOn(trip, request.date, request, companyId, carrier, itemOwner);
  }

  /**
   * Whose records price a request: a company's, its key's carrier's, or, on a page without a key,
   * the company the keyless pages belong to: one carrier, one set of prices, whichever of its
   * pages is used (issue 55). Quotes keep their owner ('public'), as the bookings they price.
   */
  private carrierOf(companyId: number | null, siteId: number | null): Promise<CarrierPricing> {
    const site = companyId === null ? (siteId ?? this.options.keylessCompany ?? null) : siteId;
    return carrierFor(this.options.sql, companyId, this.options.publicPricing, site);
  }

  /** The carrier that prices a request, once every choice passed its checks (else 422, each named). */
  private async checkedCarrier(
    request: QuoteRequest,
    companyId: number | null,
    siteId: number | null,
    draft: Tariff | null = null,
  ): Promise<CarrierPricing> {
    const problems = [...choiceProblems(request), ...handSetPriceBoundProblems(request, this.ceilingEuros)];
    if (problems.length > 0) refuse(problems);
    const records = await this.carrierOf(companyId, siteId);
    const carrier = draft ? withTariff(records, draft, null) : records;
    const refused = carrierProblems(request, carrier);
    if (!this.offersGrid(request.grid, companyId)) refused.push({ path: 'grid', message: GRID_NOT_OFFERED });
    if (refused.length > 0) refuse(refused);
    return carrier;
  }

  /** A prepared trip priced on one day; a discount stands within the bound the carrier allows, measured on its grid's price of that day. */
  private async priceOn(
    trip: PreparedTrip,
    date: string,
    request: QuoteRequest,
    companyId: number | null,
    carrier: CarrierPricing,
    itemOwner: number | null,
  ): Promise<{ figures: QuoteFigures; fallback: string | null; tariffVersion: number | null }> {
    const priced = await this.figuresOn(trip, date);
    if (request.items.some((item) => isCostItem(item) && (item.customPrice ?? 0) < 0)) {
      const grid = (await this.compute({ ...withoutCompanyPrices(request), date }, trip.account, carrier, itemOwner)).figures;
      const discount = discountProblems(request.items, carrier.vat, priced.figures, grid);
      if (discount.length > 0) refuse(discount);
    }
    return priced;
  }

  /**
   * Whether a day can be booked with this carrier: closed by its tariff, full when its accepted
   * bookings of that day reach its daily capacity, else open. A booking on a day that is not
   * open is refused on every path (booking-pricing.ts).
   */
  async availability(
    date: string,
    companyId: number | null,
    siteId: number | null = null,
  ): Promise<{ status: DayAvailability; tariff: Tariff; today: string }> {
    const carrier = await this.carrierOf(companyId, siteId);
    const today = dayInFrance(new Date(this.now()));
    if (!date) return { status: 'open', tariff: carrier.tariff, today };
    const taken =
      carrier.tariff.daily_capacity === null
        ? new Map<string, number>()
        : await takenDays(this.options.sql, capacityOwner(companyId, siteId, this.options.keylessCompany ?? null), date, date);
    return { status: dayAvailability(carrier.tariff, date, taken.get(date) ?? 0, today), tariff: carrier.tariff, today };
  }

  /**
   * The same trip priced on `days` consecutive days from `from`: the route, the items and the
   * checks once, then each open day its own quote, signed and stored as a single quote is (the
   * same choices asked again while it holds answer the same quote). A closed or full day has no
   * quote: it cannot be booked.
   */
  async issueDays(request: DayQuotesRequest, companyId: number | null, siteId: number | null = null): Promise<DayQuotes> {
    const { from, days: count, ...choices } = request;
    // A day more than a year ahead is not offered (the date list's year). A day gone is priced as
    // asked (the server refuses no booking for its date alone, and a page's clock is its own).
    const today = dayInFrance(new Date(this.now()));
    if (from > lastBookableDay(today)) refuse([{ path: 'from', message: 'Premier jour à chiffrer\u00a0: dans un an au plus' }]);
    const dates = Array.from({ length: count }, (_, offset) => plusDays(from, offset));
    const base: QuoteRequest = { ...choices, date: from };
    const carrier = await this.checkedCarrier(base, companyId, siteId);
    const trip = await this.prepare(base, companyId ?? siteId, carrier, sandboxAccount(ownerOf(companyId, siteId)));
    const taken =
      carrier.tariff.daily_capacity === null
        ? new Map<string, number>()
        : await takenDays(
            this.options.sql,
            capacityOwner(companyId, siteId, this.options.keylessCompany ?? null),
            dates[0]!,
            dates.at(-1)!,
          );
    const answered: DayQuote[] = [];
    for (const date of dates) {
      const status = dayAvailability(carrier.tariff, date, taken.get(date) ?? 0, today);
      if (status !== 'open') {
        answered.push({ date, status, quote: null });
        continue;
      }
      const dayRequest: QuoteRequest = { ...base, date };
      const priced = await this.priceOn(trip, date, dayRequest, companyId, carrier, companyId ?? siteId);
      answered.push({ date, status, quote: await this.store(dayRequest, priced, companyId, siteId) });
    }
    return { days: answered, cheapest: cheapestDay(answered) };
  }

  /**
   * The carrier's grid for the same trip, without the prices a company set (fixed price,
   * predefined fees, imposed handling, expense lines): the figures shown beside them.
   */
  async gridFigures(request: QuoteRequest, companyId: number | null): Promise<QuoteFigures> {
    const carrier = await this.carrierOf(companyId, null);
    return (await this.compute(withoutCompanyPrices(request), sandboxAccount(ownerOf(companyId)), carrier, companyId)).figures;
  }

  /**
   * What the carrier's pages show of the load as priced, without a route or a grid's code: each
   * item's unit volume (the catalogue's for its items) and the handling the server estimates for
   * the trip when nobody chooses the handlers and hours.
   */
  async pricedLoad(request: QuoteRequest, companyId: number | null, siteId: number | null = null): Promise<PricedLoad> {
    const carrier = await this.carrierOf(companyId, siteId);
    const items = await this.resolveItems(request.items, companyId ?? siteId);
    const stops = stopsFromAddresses(request.addresses);
    const handling = estimateHandling(items, stops, totalVolume(items), carrier.vat, carrier.rates);
    return {
      itemVolumes: items.map((item) => item.volume),
      estimate: { persons: handling.persons, hours: handling.hours, price_handling: Math.round(handling.fee * 100) },
    };
  }

  /** The figures of a request from resolved records: the route, then the grid's code when the pool has one. */
  private async compute(
    request: QuoteRequest,
    account: SandboxAccount,
    carrier: CarrierPricing,
    itemOwner: number | null,
  ): Promise<{ figures: QuoteFigures; fallback: string | null; tariffVersion: number | null }> {
    return this.figuresOn(await this.prepare(request, itemOwner, carrier, account), request.date);
  }

  /**
   * Everything a trip is priced from but its day: the items as priced (the catalogue's, and the
   * own objects of `itemOwner`, the company or the keyed site's carrier), the stops, the grid,
   * the server's own route.
   */
  private async prepare(
    request: QuoteRequest,
    itemOwner: number | null,
    carrier: CarrierPricing,
    account: SandboxAccount,
  ): Promise<PreparedTrip> {
    const items = await this.resolveItems(request.items, itemOwner);
    const stops = stopsFromAddresses(request.addresses);
    const pool = chosenPool(request, carrier) ?? null;
    const route = await this.options.routes.route(
      stops.map((stop) => ({ lat: stop.lat!, lng: stop.lng! })),
      pool?.mode ?? 'driving',
    );
    return {
      fallback: route.fallback,
      account,
      grid: request.grid,
      stops,
      items,
      route,
      carrier,
      vehicleCategoryId: request.vehicle_category_id,
      pool,
      persons: request.persons_needed,
      hours: request.handling_hours,
      date: request.date,
      fixedPrice: request.fixed_price,
      options: request.options,
    };
  }

  /** A prepared trip's figures on a day (a pool's code runs for each day: it may price by it). */
  private async figuresOn(
    prepared: PreparedTrip,
    date: string,
  ): Promise<{ figures: QuoteFigures; fallback: string | null; tariffVersion: number | null }> {
    const { fallback, account, ...rest } = prepared;
    const trip: TripToPrice = { ...rest, date };
    const pool = trip.pool;
    let poolAnswer = pool && poolComputesPrice(pool) ? await this.options.sandbox.run(pool, poolInputFor(trip), account) : null;
    // A line past the ceiling is no price the server believes from anyone: the grid's defect, a price to set.
    const ceiling = { euros: this.options.priceCeilingEuros, vat: trip.carrier.vat };
    if (pool && poolAnswer && 'output' in poolAnswer && poolFiguresFault(poolAnswer.output, ceiling))
      poolAnswer = { defect: poolDefectMessage(pool.name) };
    return { figures: quoteFigures(trip, poolAnswer), fallback, tariffVersion: trip.carrier.tariffVersion };
  }

  private sign(quote: Pick<StoredQuote, 'id' | 'owner' | 'fingerprint' | 'expires_at' | 'figures_json'>): string {
    return createHmac('sha256', this.options.signingKey)
      .update([quote.id, quote.owner, quote.fingerprint, quote.expires_at, quote.figures_json].join('\n'))
      .digest('base64url');
  }

  private verified(quote: StoredQuote): boolean {
    const expected = Buffer.from(this.sign(quote));
    const presented = Buffer.from(quote.signature);
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  }

  /**
   * A price the carrier set by hand on a booking its grid could not price ('prix à fixer'):
   * a quote of its own, signed and stored like any other (the booking's devis prints it), with
   * the first quote's trip and the carrier's transport and handling (cents TTC). Its choices'
   * fingerprint is its own: no booking's choices ever present it as theirs.
   */
  async carrierQuote(first: StoredQuote, transport: number, handling: number): Promise<StoredQuote> {
    const vat = first.figures.vat;
    const ht = (amount: number) => Math.round(amount / (1 + vat));
    // The options chosen stay as the quote priced them: the carrier sets transport and handling.
    const costs = first.figures.additional_costs + optionsTotal(first.figures.options ?? []);
    const figures: QuoteFigures = {
      ...first.figures,
      source: 'fixed',
      price_transportation: transport,
      price_handling: handling,
      price_transportation_ht: ht(transport),
      price_handling_ht: ht(handling),
      total: transport + handling + costs,
      total_ht: ht(transport + handling + costs),
      pool_error: null,
    };
    const now = this.now();
    const id = randomBytes(16).toString('base64url');
    const quote = {
      id,
      owner: first.owner,
      fingerprint: sha256(`transporteur\n${id}`),
      figures_json: JSON.stringify(figures),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.options.ttlMs).toISOString(),
      // The tariff version of the trip it prices by hand, for the record.
      tariff_version: first.tariff_version,
    };
    const signature = this.sign(quote);
    await insertQuote(this.options.sql, { ...quote, signature });
    return { ...quote, signature, figures };
  }

  /** A stored quote as the API answers it. */
  answer(quote: Pick<StoredQuote, 'id' | 'expires_at' | 'signature'>, figures: QuoteFigures, fallback: string | null): IssuedQuote {
    const left = Math.max(0, Math.floor((Date.parse(quote.expires_at) - this.now()) / 1000));
    return {
      id: quote.id,
      expires_at: quote.expires_at,
      signature: quote.signature,
      figures,
      valid_for_seconds: left,
      route_fallback: fallback,
      price_to_set: priceToSet(figures),
    };
  }

  /** A binding quote for these choices; the same choices priced the same while it is valid get the same quote back. */
  async issue(request: QuoteRequest, companyId: number | null, siteId: number | null = null): Promise<IssuedQuote> {
    return this.store(request, await this.price(request, companyId, siteId), companyId, siteId);
  }

  /** Priced choices as a quote: the live one for the same choices and figures, else a new one, signed and stored. */
  private async store(
    request: QuoteRequest,
    { figures, fallback, tariffVersion }: { figures: QuoteFigures; fallback: string | null; tariffVersion: number | null },
    companyId: number | null,
    siteId: number | null,
  ): Promise<IssuedQuote> {
    // Whatever computed them (a company's fees, a grid's code, the server's arithmetic), a quote
    // outside the bounds of a price is refused, never signed nor stored.
    const outOfBounds = quoteFigureProblems(figures, this.ceilingEuros);
    if (outOfBounds.length > 0) refuse(outOfBounds);
    const owner = ownerOf(companyId, siteId);
    const fingerprint = sha256(choicesFingerprint(request, owner, figures.persons_needed, figures.handling_hours));
    const figuresJson = JSON.stringify(figures);
    const now = this.now();
    const live = await findLiveQuote(this.options.sql, fingerprint, figuresJson, new Date(now).toISOString(), tariffVersion);
    if (live && live.owner === owner) return this.answer(live, figures, fallback);
    const quote = {
      id: randomBytes(16).toString('base64url'),
      owner,
      fingerprint,
      figures_json: figuresJson,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.options.ttlMs).toISOString(),
      tariff_version: tariffVersion,
    };
    const signature = this.sign(quote);
    await insertQuote(this.options.sql, { ...quote, signature });
    return this.answer({ ...quote, signature }, figures, fallback);
  }

  /**
   * The price a booking is stored with. Its quote when it presents one that is still valid,
   * signed, of the same carrier and for the same choices (handlers and hours as the booking
   * states them); else a fresh quote, taken only if it gives the price the booking was shown:
   * a price that changed is a 409 with the new figures, for the visitor to confirm.
   */
  async priceBooking(
    request: QuoteRequest,
    companyId: number | null,
    booking: { quoteId: string | null; persons: number; hours: number; sentTransportation: number; sentHandling: number },
    siteId: number | null = null,
  ): Promise<IssuedQuote> {
    const owner = ownerOf(companyId, siteId);
    if (booking.quoteId) {
      const stored = await findQuote(this.options.sql, booking.quoteId);
      const fingerprint = sha256(choicesFingerprint(request, owner, booking.persons, booking.hours));
      if (
        stored &&
        stored.owner === owner &&
        stored.fingerprint === fingerprint &&
        Date.parse(stored.expires_at) > this.now() &&
        this.verified(stored)
      ) {
        // The same choices as the quote's, which passed every check: the figures are the quote's.
        return this.answer(stored, stored.figures, null);
      }
    }
    const fresh = await this.issue(request, companyId, siteId);
    const close = (a: number, b: number) => Math.abs(a - b) <= 1;
    if (close(fresh.figures.price_transportation, booking.sentTransportation) && close(fresh.figures.price_handling, booking.sentHandling))
      return fresh;
    throw new PriceChanged(
      booking.quoteId
        ? 'Le prix a changé depuis votre devis : vérifiez le nouveau prix, puis enregistrez à nouveau.'
        : 'Le prix envoyé n’est pas celui du transporteur : vérifiez le prix, puis enregistrez à nouveau.',
      fresh,
    );
  }
}
