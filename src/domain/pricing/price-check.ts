import { elevatorForFloor, makeStop, type Stop } from '../entities/stop.ts';
import { DEFAULT_VEHICLE_CATEGORIES } from '../entities/vehicle.ts';
import type { TravelState } from '../entities/travel.ts';
import type { TravelPayload } from '../payload/travel-payload-schema.ts';
import { estimateTravel } from './estimate.ts';
import { litePriceParts } from './lite-price.ts';

/** A public visitor's price as the server computes it, beside the one the browser sent. */
export interface PriceCheck {
  /** Cents, VAT included, as spec §7 sends them. */
  price_transportation: number;
  price_handling: number;
  /** True when the sent prices are one of the grids' to the cent. */
  matches: boolean;
  /** The grid whose figures these are: the wizard's, or the earlier variant's (lite element). */
  grid: 'wizard' | 'lite';
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * What the stop schema gives the fields a priced stop does not set, taken once from the schema
 * itself. Every priced stop shares its arrays, which the pricing only reads: frozen, so a write
 * would throw rather than reach the next booking.
 */
let stopDefaults: Readonly<Stop> | null = null;
function defaultStop(): Readonly<Stop> {
  const stop = makeStop();
  Object.freeze(stop.contacts);
  Object.freeze(stop.order_item_ids);
  return Object.freeze(stop);
}

/**
 * A booking's address as a stop to price. The address was parsed by the payload schema, whose
 * type, coordinates and floor accept what the stop schema accepts: building the stop from the
 * schema's defaults gives the stop that parsing it again would give (the elevator rule
 * included), without running the stop schema once per address, which was most of the check.
 */
function pricedStop(address: TravelPayload['addresses'][number], index: number): Stop {
  stopDefaults ??= defaultStop();
  return {
    ...stopDefaults,
    type: address.type_name,
    lat: address.lat,
    lng: address.lng,
    floor: address.floor_nb,
    elevator: elevatorForFloor(address.floor_nb, address.elevator_presence),
    geocodeResolved: true,
    index,
    step: index + 1,
  };
}

/**
 * Recomputes a booking made without a company token with the same domain code as the
 * elements: the addresses and items of the booking itself (never the store's, which a forger
 * could empty), the route it states (already checked against the straight line), the
 * handlers and hours the visitor chose. A public visitor has only
 * the public grid, so a pool's or a fixed price does not match and is flagged for the carrier.
 * The lite element prices with the earlier variant's grid: either grid's figures match.
 * The payload is TravelPayloadSchema's output (its addresses and items already parsed).
 */
export function checkPublicPrice(payload: TravelPayload, state: TravelState): PriceCheck {
  const travel = payload.travel;
  const route = {
    distance: travel.distance_transportation / 2,
    duration: travel.duration_transportation,
    legDurations: [],
    legDistances: [],
    responses: [],
    approximate: false,
  };
  const stops = payload.addresses.map(pricedStop);
  // The payload schema parses each item with the item schema: they are items already.
  const items = payload.items;
  const estimate = estimateTravel({
    stops,
    items,
    route,
    vehicleCategories: DEFAULT_VEHICLE_CATEGORIES,
    vehicleCategoryId: state.vehicleCategoryId,
    vat: state.vat,
    overrides: { persons: travel.persons_needed, hours: travel.duration_handling > 0 ? travel.duration_handling / 3600 : null },
  });
  const lite = litePriceParts({
    distance: estimate.driver.distance,
    duration: estimate.driver.duration,
    volume: estimate.volume,
    items,
    vat: state.vat,
  });
  const grids = [
    { grid: 'wizard' as const, price_transportation: cents(estimate.transportFee), price_handling: cents(estimate.handlingFee) },
    { grid: 'lite' as const, price_transportation: cents(lite.transportation), price_handling: cents(lite.handling) },
  ];
  const close = (a: number, b: number) => Math.abs(a - b) <= 1;
  const matching = grids.find(
    (g) => close(g.price_transportation, travel.price_transportation) && close(g.price_handling, travel.price_handling),
  );
  return { ...(matching ?? grids[0]!), matches: matching !== undefined };
}
