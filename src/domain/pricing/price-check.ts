import { makeItem } from '../entities/item.ts';
import { makeStop } from '../entities/stop.ts';
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
 * Recomputes a booking made without a company token with the same domain code as the
 * elements: the addresses and items of the booking itself (never the store's, which a forger
 * could empty), the route it states (already checked against the straight line), the
 * handlers and hours the visitor chose. A public visitor has only
 * the public grid, so a pool's or a fixed price does not match and is flagged for the carrier.
 * The lite element prices with the earlier variant's grid: either grid's figures match.
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
  const stops = payload.addresses.map((address, index) =>
    makeStop({
      type: address.type_name,
      lat: address.lat,
      lng: address.lng,
      floor: address.floor_nb,
      elevator: address.elevator_presence,
      geocodeResolved: true,
      index,
      step: index + 1,
    }),
  );
  const items = payload.items.map((item) => makeItem(item));
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
