import type { Item } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';
import type { Estimate } from '../pricing/estimate.ts';
import { withoutVat } from '../pricing/vat.ts';
import type { PoolPriceInput } from './pool-io.ts';

/**
 * What a pool's pricing code receives, from the estimate on the public grid (no pool, no
 * fixed price) with the handlers and hours the customer chose, if any: the same input in the
 * page and on the server, so the same code gives the same price on both sides.
 */
export function poolPriceInput(base: Estimate, stops: readonly Stop[], items: readonly Item[], vat: number, date: string): PoolPriceInput {
  return {
    distance_km: base.driver.distance / 1000,
    duration_h: base.driver.duration / 3600,
    customer_distance_km: base.customer.distance / 1000,
    customer_duration_h: base.customer.duration / 3600,
    volume_m3: base.volume,
    truck_capacity_m3: base.truckCapacity,
    handling_hours: base.handling.hours,
    persons: base.handling.persons,
    stops: stops.map((stop) => ({ type: stop.type, floor: stop.floor, elevator: stop.elevator, postal_code: stop.postalCode })),
    items: items.map((item) => ({ name: item.name, category: item.category, quantity: item.quantity, volume_m3: item.volume })),
    public_transportation: withoutVat(base.transportFee, vat),
    public_handling: withoutVat(base.handlingFee, vat),
    date,
  };
}
