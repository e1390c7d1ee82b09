import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from '../constants.ts';
import type { Item } from '../entities/item.ts';
import type { FixedPrice } from '../entities/travel.ts';
import type { TravelPayload } from '../payload/travel-payload-schema.ts';
import type { PriceGrid } from '../pricing/booked-fees.ts';
import type { QuoteAddress, QuoteRequest } from './quote-request.ts';

/** The travel's day in France, as a pool's code receives it ('yyyy-MM-dd', or '' without a date). */
function travelDay(beginning: string | null): string {
  if (!beginning) return '';
  return DateTime.fromISO(beginning, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toISODate() ?? '';
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
    })),
    items: payload.items,
    vehicle_category_id: travel.vehicle_category_id,
    driver_pool_id: travel.driver_pool_id,
    persons_needed: travel.persons_needed,
    handling_hours: travel.duration_handling > 0 ? travel.duration_handling / 3600 : null,
    date: travelDay(travel.beginning_date),
    fixed_price: fixedPrice,
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
  ]);
}
