import type { Id } from '../entities/common.ts';
import { isPublicPool } from '../entities/driver-pool.ts';
import type { Item } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';
import type { FixedPrice } from '../entities/travel.ts';
import { vehicleCategoryIdForApi } from '../pricing/truck.ts';
import type { TravelPayload } from '../payload/travel-payload-schema.ts';
import type { PriceGrid } from '../pricing/booked-fees.ts';
import type { QuoteAddress, QuoteRequest } from './quote-request.ts';
import { dayInFrance } from '../time/france-clock.ts';
import type { OptionChoice } from '../options/carrier-options.ts';

/** The travel's day in France, as a pool's code receives it ('yyyy-MM-dd', or '' without a date). */
function travelDay(beginning: string | null): string {
  if (!beginning) return '';
  return dayInFrance(beginning);
}

/**
 * The choices a booking makes, as a quote request: its stops, items, vehicle, grid, handlers
 * and hours (a booking always states them), and the price its company fixed, if any. Its
 * prices, distance and VAT are not part of it: the server has its own.
 */
export function quoteRequestOfBooking(payload: TravelPayload, grid: PriceGrid, fixedPrice: FixedPrice | null): QuoteRequest {
  const travel = payload.travel;
  return {
    grid,
    ...(payload.company_token === undefined ? {} : { company_token: payload.company_token }),
    addresses: payload.addresses.map((address) => ({
      type_name: address.type_name,
      lat: address.lat,
      lng: address.lng,
      floor_nb: address.floor_nb,
      elevator_presence: address.elevator_presence,
      postal_code: address.postal_code,
      order_item_ids: address.order_item_ids,
      duration_min: address.duration_min,
      carry_metres: address.carry_metres ?? 0,
    })),
    items: payload.items,
    vehicle_category_id: travel.vehicle_category_id,
    driver_pool_id: travel.driver_pool_id,
    persons_needed: travel.persons_needed,
    handling_hours: travel.duration_handling > 0 ? travel.duration_handling / 3600 : null,
    date: travelDay(travel.beginning_date),
    fixed_price: fixedPrice,
    options: payload.options ?? [],
  };
}

/**
 * The travel's day as a quote prices it (a pool's code and the tariff's day rules read it): the
 * first stop's window when it has one, as the booking dates itself, else the customer's day.
 */
export function tripDay(stops: readonly Pick<Stop, 'timewindowEarliest'>[], customerDate: string): string {
  const firstWindow = stops[0]?.timewindowEarliest ?? null;
  return firstWindow ? travelDay(firstWindow) : customerDate;
}

/** What a page knows of the trip when it asks for a quote. */
export interface TripChoices {
  grid: PriceGrid;
  stops: readonly Stop[];
  items: readonly Item[];
  vehicleCategoryId: Id | null;
  /** The pool selector's value ('public' for the public grid). */
  poolId: Id;
  /** Handlers and hours chosen by hand, null when left to the estimate. */
  persons: number | null;
  hours: number | null;
  /** The customer's day ('yyyy-MM-dd' or ''). */
  customerDate: string;
  fixedPrice: FixedPrice | null;
  companyToken: string | null;
  /** The carrier's options chosen. */
  options?: readonly OptionChoice[];
}

/**
 * The quote request of a trip as a page holds it, written to be the same choices as the
 * booking it will save (quoteRequestOfBooking of its payload): the same stop fields, the
 * default trucks and the public grid as null, the travel's day as the payload dates it.
 */
export function quoteRequestFor(trip: TripChoices): QuoteRequest {
  return {
    grid: trip.grid,
    ...(trip.companyToken ? { company_token: trip.companyToken } : {}),
    addresses: trip.stops.map((stop) => ({
      type_name: stop.type,
      lat: stop.lat ?? 0,
      lng: stop.lng ?? 0,
      floor_nb: stop.floor,
      elevator_presence: stop.elevator,
      postal_code: stop.postalCode,
      order_item_ids: [...stop.order_item_ids],
      duration_min: stop.durationMin,
      carry_metres: stop.carryMetres ?? 0,
    })),
    items: trip.items.map((item) => ({ ...item })),
    vehicle_category_id: vehicleCategoryIdForApi(trip.vehicleCategoryId),
    driver_pool_id: isPublicPool({ id: trip.poolId }) ? null : trip.poolId,
    persons_needed: trip.persons,
    handling_hours: trip.hours,
    date: tripDay(trip.stops, trip.customerDate),
    fixed_price: trip.fixedPrice,
    options: (trip.options ?? []).map((choice) => ({ ...choice })),
  };
}

const addressKey = (a: QuoteAddress) => [
  a.type_name,
  a.lat,
  a.lng,
  a.floor_nb,
  a.elevator_presence,
  a.postal_code,
  a.order_item_ids.map(String),
  a.duration_min,
  // Only when stated, so the trips quoted before carries existed keep their fingerprint.
  ...(a.carry_metres > 0 ? [a.carry_metres] : []),
];
const itemKey = (i: Item) => [
  i.id === null ? null : String(i.id),
  i.name,
  i.category,
  i.quantity,
  i.volume,
  i.weight,
  i.time_factor,
  i.persons_needed,
  i.elevator,
  i.minimal_truck_capacity,
  i.customPrice,
  i.predefinedTransportationFee === null ? null : String(i.predefinedTransportationFee),
  i.predefinedHandlingFee === null ? null : String(i.predefinedHandlingFee),
];

/**
 * What makes two requests the same trip for a quote: the same stops, items, vehicle, grid,
 * day, fixed price, and the same handlers and hours in effect (a quote left them to the
 * estimate, the booking states the result). Text whose equality binds a booking to its quote.
 */
export function choicesFingerprint(request: QuoteRequest, owner: string, persons: number, hours: number): string {
  return JSON.stringify([
    owner,
    request.grid,
    request.addresses.map(addressKey),
    request.items.map(itemKey),
    request.vehicle_category_id === null ? null : String(request.vehicle_category_id),
    request.driver_pool_id === null ? null : String(request.driver_pool_id),
    persons,
    hours,
    request.date,
    request.fixed_price,
    // Only when chosen, so the trips quoted before options existed keep their fingerprint.
    ...(request.options.length > 0 ? [request.options.map((o) => [o.id, o.quantity ?? null, o.declared_value ?? null])] : []),
  ]);
}
