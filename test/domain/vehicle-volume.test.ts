import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { CompanyDataSchema } from '../../src/domain/entities/company.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { makeStop, type Stop } from '../../src/domain/entities/stop.ts';
import { categoryThatFits, loadPercentage } from '../../src/domain/pricing/load-bar.ts';
import { resolveVehicleCategory } from '../../src/domain/pricing/truck.ts';
import { priceTrip } from '../../src/domain/pricing/trip-price.ts';
import { vehicleVolume } from '../../src/domain/pricing/volume.ts';
import { quoteRequestFor } from '../../src/domain/quotes/booking-choices.ts';
import { carrierPricing, chosenPool } from '../../src/domain/quotes/carrier-rules.ts';
import { quoteFigures, stopsFromAddresses } from '../../src/domain/quotes/price-quote.ts';

/**
 * One volume decides the vehicle and the load bar (issue 44, audit point 1). Spec §9 rounds the
 * volume ("the rounded sum of volume times quantity"): read here as the priced volume (whole m³:
 * handling tiers, the moving rule). The vehicle is chosen on the load itself, as the load bar
 * measures it, so a 3.4 m³ load never goes on the 3 m³ truck that the bar beside it says it
 * overflows. Spec §3's default trucks hold 3, 6, 12 and 20 m³.
 */
const TRUCKS = [3, 6, 12, 20];
const ROWS = [
  // 34 boxes of 0.1 m³: 3.4 m³, priced as 3 m³ (Math.round), carried in the 6 m³ truck.
  { name: '3.4 m³', unit: 0.1, quantity: 34, priced: 3, truck: 6 },
  // Exactly full: 30 × 0.1 = 3 m³ (floating point 3.0000000000000004) is the 3 m³ truck at 100 %.
  { name: '3 m³', unit: 0.1, quantity: 30, priced: 3, truck: 3 },
  // 2.96 m³ fits the 3 m³ truck; 3.04 m³ does not, though both read 3 m³ once rounded.
  { name: '2.96 m³', unit: 0.74, quantity: 4, priced: 3, truck: 3 },
  { name: '3.04 m³', unit: 0.76, quantity: 4, priced: 3, truck: 6 },
  // 6.5 m³: priced 7 m³ (rounded half up), carried in the 12 m³ truck.
  { name: '6.5 m³', unit: 0.5, quantity: 13, priced: 7, truck: 12 },
];
const STOPS: Stop[] = [
  makeStop({ lat: 48, lng: 2.35, floor: 2, elevator: false, geocodeResolved: true, type: 'pickup', index: 0, step: 1 }),
  makeStop({ lat: 48.5, lng: 2.35, floor: 1, geocodeResolved: true, type: 'dropoff', index: 1, step: 2 }),
];
const ROUTE = { distance: 90000, duration: 4500, legDurations: [4500], legDistances: [90000], responses: [], approximate: false };

describe('S161 S168 one volume decides both the vehicle and the load bar, in the element and the server’s quote', () => {
  for (const row of ROWS) {
    it(`${row.name}: the ${row.truck} m³ truck, the bar within it, the quote on it`, () => {
      const items = [makeItem({ id: 40, name: 'Carton', volume: row.unit, quantity: row.quantity })];
      const company = v.parse(CompanyDataSchema, {});
      const load = Math.round(row.unit * row.quantity * 1e6) / 1e6;
      // The bar: the truck the load picks, and its percentage of that truck, never over 100.
      const shownTruck = resolveVehicleCategory(vehicleVolume(items), company.vehicle_categories, null);
      assert.equal(shownTruck?.capacity, row.truck);
      assert.equal(
        TRUCKS.find((capacity) => capacity >= load),
        row.truck,
      );
      assert.ok(loadPercentage(vehicleVolume(items), row.truck) <= 100);
      assert.equal(categoryThatFits(vehicleVolume(items), row.truck, company.vehicle_categories), null);
      // The element's estimate: the same truck, the spec's rounded volume.
      const element = priceTrip({
        stops: STOPS,
        items,
        route: ROUTE,
        vehicleCategories: company.vehicle_categories,
        vehicleCategoryId: null,
        vat: company.vat,
        rates: company.handling_rates,
        persons: null,
        hours: null,
        pool: null,
        fixedPrice: null,
        grid: 'wizard',
      });
      assert.equal(element.estimate.vehicleCategory?.capacity, row.truck);
      assert.equal(element.estimate.truckCapacity, row.truck);
      assert.equal(element.estimate.volume, row.priced);
      // The server's quote of the request the element sends: the same truck and volume.
      const request = quoteRequestFor({
        grid: 'wizard',
        stops: STOPS,
        items,
        vehicleCategoryId: null,
        poolId: 'public',
        persons: null,
        hours: null,
        customerDate: '',
        fixedPrice: null,
        companyToken: null,
      });
      const carrier = carrierPricing(company, false);
      const figures = quoteFigures(
        {
          grid: request.grid,
          stops: stopsFromAddresses(request.addresses),
          items: request.items,
          route: ROUTE,
          carrier,
          vehicleCategoryId: request.vehicle_category_id,
          pool: chosenPool(request, carrier) ?? null,
          persons: request.persons_needed,
          hours: request.handling_hours,
          date: request.date,
          fixedPrice: request.fixed_price,
        },
        null,
      );
      assert.equal(figures.vehicle?.capacity, row.truck);
      assert.equal(figures.truck_capacity, row.truck);
      assert.equal(figures.volume, row.priced);
      assert.equal(figures.total, Math.round(element.fees.transportation.fee * 100) + Math.round(element.fees.handling.fee * 100));
    });
  }
});
