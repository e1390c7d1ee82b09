import { toCents } from '../money/cents.ts';
import type { Id } from '../entities/common.ts';
import type { DriverPool } from '../entities/driver-pool.ts';
import type { Item } from '../entities/item.ts';
import type { RouteResult } from '../entities/route-result.ts';
import { elevatorForFloor, makeStop, type Stop } from '../entities/stop.ts';
import type { PoolPriceInput, PoolPriceOutput } from '../pools/pool-io.ts';
import { poolPriceInput } from '../pools/pool-input.ts';
import type { PriceGrid } from '../pricing/booked-fees.ts';
import { estimateTravel, type PriceSource } from '../pricing/estimate.ts';
import { priceTrip } from '../pricing/trip-price.ts';
import { withoutVat } from '../pricing/vat.ts';
import type { CarrierPricing } from './carrier-rules.ts';
import type { QuoteAddress } from './quote-request.ts';
import { optionsTotal, type OptionChoice, type OptionLine } from '../options/carrier-options.ts';

/**
 * The fields of a stop the pricing does not read, taken once from the stop schema's defaults;
 * frozen, since every priced stop shares them.
 */
let stopDefaults: Readonly<Stop> | null = null;
function defaultStop(): Readonly<Stop> {
  const stop = makeStop();
  Object.freeze(stop.contacts);
  Object.freeze(stop.order_item_ids);
  return Object.freeze(stop);
}

/** The stops of a quote or a booking, as the pricing reads them (the elevator rule included). */
export function stopsFromAddresses(addresses: readonly QuoteAddress[]): Stop[] {
  stopDefaults ??= defaultStop();
  return addresses.map((address, index) => ({
    ...stopDefaults!,
    type: address.type_name,
    lat: address.lat,
    lng: address.lng,
    postalCode: address.postal_code,
    floor: address.floor_nb,
    elevator: elevatorForFloor(address.floor_nb, address.elevator_presence),
    order_item_ids: address.order_item_ids,
    durationMin: address.duration_min,
    ...(address.carry_metres > 0 ? { carryMetres: address.carry_metres } : {}),
    geocodeResolved: true,
    index,
    step: index + 1,
  }));
}

/** Everything a trip is priced from once the server has resolved it: nothing of it comes from the request's figures. */
export interface TripToPrice {
  grid: PriceGrid;
  stops: readonly Stop[];
  /** The items with the catalogue's figures where they name a catalogue entry. */
  items: readonly Item[];
  /** The customer's route, computed by the server. */
  route: RouteResult;
  carrier: CarrierPricing;
  vehicleCategoryId: Id | null;
  pool: DriverPool | null;
  persons: number | null;
  hours: number | null;
  /** 'yyyy-MM-dd' or ''. */
  date: string;
  fixedPrice: { transportationPriceVatExcluded: number; handlingPriceVatExcluded: number } | null;
  /** The carrier's options chosen (checked against its offer before pricing). */
  options?: readonly OptionChoice[];
}

function commonInputs(trip: TripToPrice) {
  return {
    stops: trip.stops,
    items: trip.items,
    route: trip.route,
    vehicleCategories: trip.carrier.vehicleCategories,
    vehicleCategoryId: trip.vehicleCategoryId,
    vat: trip.carrier.vat,
    rates: trip.carrier.rates,
    tariff: trip.carrier.tariff,
    date: trip.date,
  };
}

/**
 * What the trip's pool code receives, from the estimate on the public grid (as the elements
 * give it), with the handlers and hours the customer chose: a grid prices the handling booked.
 */
export function poolInputFor(trip: TripToPrice): PoolPriceInput {
  const base = estimateTravel({ ...commonInputs(trip), overrides: { persons: trip.persons, hours: trip.hours } });
  return poolPriceInput(base, trip.stops, trip.items, trip.carrier.vat, trip.date);
}

/** The pool code's answer, or the spec's defect message in its place. */
export type PoolAnswer = { output: PoolPriceOutput } | { defect: string } | null;

/** A quote's figures: what the carrier commits to. Money in cents (as spec §7 sends it), metres and seconds. */
export interface QuoteFigures {
  grid: PriceGrid;
  source: PriceSource;
  vat: number;
  price_transportation: number;
  price_handling: number;
  price_transportation_ht: number;
  price_handling_ht: number;
  /** Expenses (company mode), VAT included, and the total the customer pays. */
  additional_costs: number;
  total: number;
  total_ht: number;
  /** Metres and seconds, not rounded. */
  distance: number;
  duration: number;
  driver_distance: number;
  driver_duration: number;
  /** The straight-line rule priced the route (no road service answered). */
  approximate: boolean;
  volume: number;
  /**
   * The same load to the tenth of a m³, as the screens and the devis show it (absent from
   * quotes made before it was given: `volume` stands in).
   */
  shown_volume?: number;
  truck_capacity: number;
  vehicle: { id: Id; name: string; capacity: number } | null;
  /** Vehicles (or trips) of that one the load takes, when more than one (issue 55, point 7). */
  vehicle_count?: number;
  persons_needed: number;
  handling_hours: number;
  driver_pool_id: Id | null;
  pool_error: string | null;
  pool_info: string | null;
  /** The carrier's options chosen, priced (cents HT and TTC), in the total; absent when none is chosen. */
  options?: OptionLine[];
}

/**
 * Whether a quote gives no price to book at, a price the carrier sets later ('prix à fixer'):
 * its grid's error or defect (spec §8 'Prix non disponible' with that error) unless a company
 * fixed the price, or a total of 0, such as a tariff at 0 € gives (spec §8 'Le prix sera fixé
 * ultérieurement !'). A booking on it is stored as a price to set, never at 0 €.
 */
export function priceToSet(figures: Pick<QuoteFigures, 'pool_error' | 'source' | 'total'>): boolean {
  return (figures.pool_error !== null && figures.source !== 'fixed') || figures.total <= 0;
}

const cents = toCents;

/**
 * The figures of a quote: the trip priced as the elements price it (priceTrip), on the
 * booking's grid, TTC and HT to the cent.
 */
export function quoteFigures(trip: TripToPrice, poolAnswer: PoolAnswer): QuoteFigures {
  const priced = priceTrip({
    ...commonInputs(trip),
    persons: trip.persons,
    hours: trip.hours,
    pool: poolAnswer,
    fixedPrice: trip.fixedPrice,
    grid: trip.grid,
    options: { offered: trip.carrier.options, chosen: trip.options ?? [] },
  });
  const { estimate, fees } = priced;
  const options = optionsTotal(priced.options);
  const vat = trip.carrier.vat;
  const transportation = cents(fees.transportation.fee);
  const handling = cents(fees.handling.fee);
  const costs = cents(estimate.costs);
  // HT as spec §7 sends it: each TTC amount divided by 1 + VAT, to the cent.
  const ht = (amountCents: number) => Math.round(withoutVat(amountCents, vat));
  return {
    grid: trip.grid,
    source: estimate.source,
    vat,
    price_transportation: transportation,
    price_handling: handling,
    price_transportation_ht: ht(transportation),
    price_handling_ht: ht(handling),
    additional_costs: costs,
    total: transportation + handling + costs + options,
    // The total's own HT, as every screen shows a company its total (spec §6): parts rounded
    // one by one could add up to a cent more or less than the price the company was shown.
    total_ht: ht(transportation + handling + costs + options),
    // Unrounded: a booking doubles the customer's distance before rounding it (spec §7).
    distance: estimate.customer.distance,
    duration: estimate.customer.duration,
    driver_distance: estimate.driver.distance,
    driver_duration: estimate.driver.duration,
    approximate: estimate.approximate,
    volume: estimate.volume,
    shown_volume: estimate.shownVolume,
    truck_capacity: estimate.truckCapacity,
    vehicle: estimate.vehicleCategory ? { ...estimate.vehicleCategory } : null,
    ...(estimate.vehicleCount > 1 ? { vehicle_count: estimate.vehicleCount } : {}),
    persons_needed: estimate.handling.persons,
    handling_hours: estimate.handling.hours,
    driver_pool_id: trip.pool?.id ?? null,
    pool_error: estimate.poolError,
    pool_info: estimate.poolInfo,
    ...(priced.options.length > 0 ? { options: priced.options } : {}),
  };
}
