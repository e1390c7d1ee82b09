import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertClose, assertIncludes } from './assertions.ts';
import { applyCustomItem, isCustomItemMode, makeDefaultCustomItem, removeItemAt } from '../../src/domain/items/custom-item.ts';
import { addOrIncrement, changeQuantity } from '../../src/domain/items/item-list.ts';
import { DEFAULT_VEHICLE_CATEGORIES } from '../../src/domain/entities/vehicle.ts';
import {
  displayedAmount,
  estimateTravel,
  feesFromEstimate,
  fixedPriceFromEdit,
  type EstimateInput,
} from '../../src/domain/pricing/estimate.ts';
import { formatPrice } from '../../src/domain/format.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { litePriceParts } from '../../src/domain/pricing/lite-price.ts';
import { makeStop, type StopInput } from '../../src/domain/entities/stop.ts';

/**
 * Three trips priced by hand from spec §9 and DESIGN §5; every figure below is written out, none
 * comes from the code under test. The stops lie on one meridian (lng 2.35), so the straight line
 * of the driver's way back is 6371 km × Δlat in radians, × 1.5 for the road (spec §9).
 *
 * A: 0.05° → 5.55975 km, 8.33962 km of road, under 10 km so 15 km/h: 0.555975 h.
 * B: 0.5° → 55.5975 km, 83.3962 km of road, from 10 to 100 km so 30 km/h: 2.779873 h.
 * C: 2° → 222.390 km, 333.5848 km of road, above 100 km so 80 km/h: 4.169810 h.
 */
const onMeridian = (lat: number, stop: Partial<StopInput> = {}) => makeStop({ lat, lng: 2.35, floor: 0, geocodeResolved: true, ...stop });
const routeOf = (distance: number, duration: number) => ({
  distance,
  duration,
  legDurations: [duration],
  legDistances: [distance],
  responses: [],
  approximate: false,
});

interface PricedTrip {
  name: string;
  input: EstimateInput;
  driverKm: number;
  driverHours: number;
  volume: number;
  vehicle: number;
  moving: boolean;
  hourlyRate: number;
  hours: number;
  persons: number;
  transportFee: number;
  handlingFee: number;
  total: number;
  totalDuration: number;
  /** The earlier variant's price for the same trip (spec §9): its transport and its tier fee. */
  lite: { transportation: number; handling: number };
}

const TRIPS: PricedTrip[] = [
  {
    // 8 km and 20 min on the road, one wardrobe (1.5 m³, 0.5 h, 1 handler), ground floors.
    name: 'A: a short trip, one wardrobe, ground floors',
    input: {
      stops: [onMeridian(48.85), onMeridian(48.9)],
      items: [makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.5, persons_needed: 1 })],
      route: routeOf(8000, 1200),
      vehicleCategories: DEFAULT_VEHICLE_CATEGORIES,
      vat: 0.2,
    },
    // 8 + 8.33962 km; 1/3 h + 0.555975 h.
    driverKm: 16.33962,
    driverHours: 0.889308,
    // 1.5 m³ rounded to the whole m³ (spec §9): 2.
    volume: 2,
    // The smallest default truck that holds 2 m³.
    vehicle: 3,
    // 1 handler on the largest item, 2 + 1 < 8 m³: 18 €/h.
    moving: false,
    hourlyRate: 18,
    // 1 × 0.5 h × 1 (ground floor at both ends) = 0.5 h.
    hours: 0.5,
    persons: 1,
    // 16.33962 × 0.7 + 0.889308 × 15 = 24.78 → 25, under the minimum: 38.
    transportFee: 38,
    // 0.5 h × 1 × 18 × 1.2 = 10.8 → 11.
    handlingFee: 11,
    total: 49,
    // 20 min driving + 0.5 h handling + 2 × 5 min on site.
    totalDuration: 1200 + 1800 + 600,
    // 24.78 + 20 (2 m³: under 5) = 44.78 → 45: 25 of transport and the tier's 20.
    lite: { transportation: 25, handling: 20 },
  },
  {
    // 90 km and 1 h 15 on the road; a sofa for two and 50 boxes; the pickup on the 3rd floor without lift.
    name: 'B: a sofa and 50 boxes from a 3rd floor without lift',
    input: {
      stops: [onMeridian(48, { floor: 3 }), onMeridian(48.5)],
      items: [
        makeItem({ name: 'Canapé 3 places', volume: 2, time_factor: 0.5, persons_needed: 2, elevator: false }),
        makeItem({ name: 'Carton', volume: 0.06, time_factor: 0.04, quantity: 50 }),
      ],
      route: routeOf(90000, 4500),
      vehicleCategories: DEFAULT_VEHICLE_CATEGORIES,
      vat: 0.2,
    },
    // 90 + 83.39620 km; 1.25 + 2.779873 h.
    driverKm: 173.3962,
    driverHours: 4.029873,
    // 2 + 50 × 0.06 = 5 m³.
    volume: 5,
    vehicle: 6,
    // The largest item (the sofa) needs 2 handlers: a moving, 30 €/h.
    moving: true,
    hourlyRate: 30,
    // Floors ×1.1 (3rd) and ×1 (ground), so ×1.05 on average: sofa 0.5 × 1.05 = 0.525 h,
    // boxes 50 × 0.04 × 1.05 = 2.1 h; 2.625 h billed as 3 h.
    hours: 3,
    persons: 2,
    // 173.3962 × 0.7 + 4.029873 × 15 = 181.83 → 182.
    transportFee: 182,
    // 3 h × 2 × 30 × 1.2 = 216.
    handlingFee: 216,
    total: 398,
    totalDuration: 4500 + 3 * 3600 + 600,
    // 181.83 + 30 (5 m³: the 5-to-10 tier) = 211.83 → 212.
    lite: { transportation: 182, handling: 30 },
  },
  {
    // 300 km and 4 h on the road; 100 boxes and a washing machine; the company's own rates.
    name: 'C: a long trip with the company’s rates, a lift at the pickup',
    input: {
      stops: [onMeridian(46, { floor: 5, elevator: true, durationMin: 30 }), onMeridian(48, { floor: 2 })],
      items: [
        makeItem({ name: 'Carton', volume: 0.1, time_factor: 0.05, quantity: 100 }),
        makeItem({ name: 'Lave-linge', volume: 0.5, time_factor: 0.3, persons_needed: 1 }),
      ],
      route: routeOf(300000, 4 * 3600),
      vehicleCategories: DEFAULT_VEHICLE_CATEGORIES,
      vat: 0.2,
      rates: { standard: 20, moving: 35 },
    },
    // 300 + 333.58478 km; 4 + 4.169810 h.
    driverKm: 633.58478,
    driverHours: 8.16981,
    // 100 × 0.1 + 0.5 = 10.5 m³, rounded to the whole m³: 11.
    volume: 11,
    vehicle: 12,
    // 11 + 1 ≥ 8 m³: a moving, at the company's 35 €/h.
    moving: true,
    hourlyRate: 35,
    // 5th floor with lift on both: 1.5 × 0.7 = 1.05; 2nd floor 1.08; 1.065 on average.
    // Boxes 100 × 0.05 × 1.065 = 5.325 h, machine 0.3 × 1.065 = 0.3195 h; 5.6445 h billed as 6 h.
    hours: 6,
    // 1 handler on any item, at least 2 for a moving.
    persons: 2,
    // 633.58478 × 0.7 + 8.16981 × 15 = 566.06 → 566.
    transportFee: 566,
    // 6 h × 2 × 35 × 1.2 = 504.
    handlingFee: 504,
    total: 1070,
    // 4 h driving + 6 h handling + 30 and 5 min on site.
    totalDuration: 14400 + 21600 + 2100,
    // 566.06 + 45 (11 m³: the 10-to-13 tier) = 611.06 → 611.
    lite: { transportation: 566, handling: 45 },
  },
];

describe('estimate pipeline on hand-priced trips (spec §4, §9)', () => {
  for (const trip of TRIPS) {
    it(`S050 S051 S158 S160 S161 S164 S165 S166 ${trip.name}`, () => {
      const estimate = estimateTravel(trip.input);
      assertClose(estimate.driver.distance / 1000, trip.driverKm, 1e-4);
      assertClose(estimate.driver.duration / 3600, trip.driverHours, 1e-5);
      assert.equal(estimate.volume, trip.volume);
      assert.equal(estimate.vehicleCategory?.capacity, trip.vehicle);
      assertIncludes(estimate.handling, { moving: trip.moving, hourlyRate: trip.hourlyRate, hours: trip.hours, persons: trip.persons });
      assertIncludes(estimate, {
        transportFee: trip.transportFee,
        handlingFee: trip.handlingFee,
        total: trip.total,
        totalDuration: trip.totalDuration,
        source: 'public',
      });
    });

    it(`S162 S163 the earlier variant prices ${trip.name.slice(0, 1)} with its tier fee`, () => {
      const estimate = estimateTravel(trip.input);
      const parts = litePriceParts({
        distance: estimate.driver.distance,
        duration: estimate.driver.duration,
        volume: estimate.volume,
        items: trip.input.items,
        vat: 0.2,
      });
      assert.deepEqual(parts, trip.lite);
    });
  }
});

/** Trip A: 38 € of transport and 11 € of handling on the public grid (above). */
const base = TRIPS[0]!.input;
const items = base.items;

describe('estimate pipeline: what replaces the public grid (spec §4, §6, §9)', () => {
  it('S074 a fixed price overrides computed and pool fees', () => {
    const estimate = estimateTravel({
      ...base,
      pool: { transportation: 500, handling: 100, error: null, info: null, persons: null, amplitude_hour: null },
      fixedPrice: { transportationPriceVatExcluded: 100, handlingPriceVatExcluded: 50 },
    });
    assertIncludes(estimate, { transportFee: 120, handlingFee: 60, total: 180, source: 'fixed' });
  });

  it('S075 a pool answer (VAT excluded) sets the fees, its persons and info', () => {
    const estimate = estimateTravel({
      ...base,
      pool: { transportation: 200, handling: 50, error: null, info: 'Tarif week-end', persons: 3, amplitude_hour: null },
    });
    assertIncludes(estimate, { transportFee: 240, handlingFee: 60, total: 300, source: 'pool', poolInfo: 'Tarif week-end' });
    assert.equal(estimate.handling.persons, 3);
  });

  it('S075 S147 a pool error stands in place of the price', () => {
    const estimate = estimateTravel({
      ...base,
      pool: { transportation: 0, handling: 0, error: 'Hors zone', info: null, persons: null, amplitude_hour: null },
    });
    assertIncludes(estimate, { total: 0, poolError: 'Hors zone' });
  });

  it('S118 S166 cost lines add to the total × 1.2', () => {
    const estimate = estimateTravel({ ...base, items: [...items, makeItem({ name: 'Parking', category: 'cost', customPrice: 10 })] });
    // 10 € HT × 1.2, on top of trip A's 38 + 11.
    assert.equal(estimate.costs, 12);
    assert.equal(estimate.total, 38 + 11 + 12);
    assert.equal(feesFromEstimate(estimate).additionnalCosts, 12);
  });

  it('S109 S120 S166 predefined fees typed on items (numbers only) × 1.2 replace the computed ones', () => {
    const estimate = estimateTravel({
      ...base,
      items: [
        makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.5, predefinedTransportationFee: '100', predefinedHandlingFee: '50' }),
      ],
    });
    assertIncludes(estimate, { transportFee: 120, handlingFee: 60, total: 180, source: 'predefined' });
    const ignored = estimateTravel({
      ...base,
      items: [makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.5, predefinedTransportationFee: 'cent' })],
    });
    assert.equal(ignored.source, 'public');
  });

  it('S163 S166 issue 52: a predefined fee of 10,30 € HT is 12,36 € TTC, to the cent, in the estimate and the lite price', () => {
    // Spec §9: × 1.2, and no rounding of a fee typed; §7 sends cents. 10,30 × 1,2 = 12,36.
    const typed = { name: 'Armoire', volume: 1.5, time_factor: 0.5, predefinedTransportationFee: '10,3', predefinedHandlingFee: '10.3' };
    const estimate = estimateTravel({ ...base, items: [makeItem(typed)] });
    assertIncludes(estimate, { transportFee: 12.36, handlingFee: 12.36, total: 24.72, source: 'predefined' });
    assert.equal(feesFromEstimate(estimate).transportation.fee * 100, 1236);
    const custom = makeItem({ name: 'Prestation Spécifique', category: 'custom-item', volume: 6, predefinedTransportationFee: '10,3' });
    assert.deepEqual(litePriceParts({ distance: 100_000, duration: 7200, volume: 6, items: [custom], vat: 0.2 }), {
      transportation: 12.36,
      handling: 0,
    });
  });

  it('S002 S115 company mode shows prices HT: divided by 1.2', () => {
    assert.equal(displayedAmount(120, true, 0.2), 100);
    assert.equal(displayedAmount(120, false, 0.2), 120);
  });

  it('S113 editing a price inline creates a fixed price (typed HT in company mode, TTC otherwise)', () => {
    const fees = feesFromEstimate(estimateTravel(base));
    assert.equal(fixedPriceFromEdit(fees, { transportation: 100 }, true, 0.2).transportationPriceVatExcluded, 100);
    assert.equal(fixedPriceFromEdit(fees, { transportation: 120 }, false, 0.2).transportationPriceVatExcluded, 100);
    // The price not typed keeps its computed figure, HT: trip A's 38 € TTC is 31.67 € HT.
    assert.deepEqual(fixedPriceFromEdit(fees, { handling: 60 }, false, 0.2), {
      transportationPriceVatExcluded: 31.67,
      handlingPriceVatExcluded: 50,
    });
  });

  it('S041 prices read the French way', () => {
    assert.equal(formatPrice(1234, 'E'), '1\u202f234\u00a0€');
    assert.equal(formatPrice(12.5, '€'), '12,50\u00a0€');
  });
});

describe('items and the specific service (spec §4, §9)', () => {
  it('S167 the default custom item is Prestation Spécifique, 6 m³, 45', () => {
    assertIncludes(makeDefaultCustomItem(), { name: 'Prestation Spécifique', category: 'custom-item', volume: 6, customPrice: 45 });
  });

  it('S076 S102 a single custom item replaces the list, with its sub-items parsed from its lines', () => {
    const list = applyCustomItem(makeDefaultCustomItem(), '3 cartons de livres\nok\nBureau d’angle');
    assert.deepEqual(
      list.map((item) => [item.category, item.quantity, item.name]),
      [
        ['custom-item', 1, 'Prestation Spécifique'],
        ['service', 3, 'cartons de livres'],
        ['service', 1, 'Bureau d’angle'],
      ],
    );
    assert.deepEqual(list[0]!.subItemNames, ['cartons de livres', 'Bureau d’angle']);
    assert.equal(isCustomItemMode(list), true);
  });

  it('S077 removing the custom item clears all items; removing another item removes only it', () => {
    const list = applyCustomItem(makeDefaultCustomItem(), '3 cartons\n2 lampes');
    assert.deepEqual(removeItemAt(list, 0), []);
    assert.equal(removeItemAt(list, 1).length, 2);
  });

  it('S020 S021 S022 adding an item twice adds to its quantity; minus never goes below 1', () => {
    const table = makeItem({ id: 5, name: 'Table', volume: 0.8 });
    let list = addOrIncrement([], table, 5);
    list = addOrIncrement(list, table, 1);
    assert.equal(list.length, 1);
    assert.equal(list[0]!.quantity, 6);
    assert.equal(changeQuantity(changeQuantity(list, 0, -5), 0, -1)[0]!.quantity, 1);
  });
});
