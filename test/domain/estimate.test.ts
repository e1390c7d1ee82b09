import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertClose, assertIncludes } from './assertions.ts';
import {
  applyCustomItem,
  addOrIncrement,
  changeQuantity,
  DEFAULT_VEHICLE_CATEGORIES,
  displayedAmount,
  estimateTravel,
  feesFromEstimate,
  fixedPriceFromEdit,
  formatPrice,
  isCustomItemMode,
  makeDefaultCustomItem,
  makeItem,
  makeStop,
  removeItemAt,
  type EstimateInput,
} from '../../src/domain/index.ts';

const stops = [
  makeStop({ type: 'pickup', lat: 48.85, lng: 2.35, floor: 0, geocodeResolved: true }),
  makeStop({ type: 'dropoff', lat: 48.9, lng: 2.35, floor: 0, geocodeResolved: true }),
];
const items = [makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.5, persons_needed: 1 })];
const route = { distance: 8000, duration: 1200, legDurations: [1200], legDistances: [8000], responses: [], approximate: false };
const base: EstimateInput = { stops, items, route, vehicleCategories: DEFAULT_VEHICLE_CATEGORIES, vat: 0.2 };

describe('estimate pipeline (spec §4, §9)', () => {
  it('S026 S050 S051 the public grid prices transport on the driver route and handling by the hour', () => {
    const estimate = estimateTravel(base);
    // The way back, by hand (spec §9): 0.05° of latitude on a 6371 km earth, × 1.5 for the road, at 15 km/h (under 10 km).
    const backKm = ((6371 * 0.05 * Math.PI) / 180) * 1.5;
    assert.ok(backKm < 10);
    const backSeconds = (backKm / 15) * 3600;
    assertClose(estimate.driver.distance, 8000 + backKm * 1000, 1e-6);
    // km × 0.7 + hours × 15, rounded, at least 38.
    const transport = Math.max(38, Math.round((8 + backKm) * 0.7 + ((1200 + backSeconds) / 3600) * 15));
    assert.equal(estimate.transportFee, transport);
    assertIncludes(estimate.handling, { hours: 0.5, persons: 1, hourlyRate: 18 });
    assert.equal(estimate.handlingFee, 11); // 0.5 h × 1 × 18 × 1.2 = 10.8
    assert.equal(estimate.total, estimate.transportFee + 11);
    assert.equal(estimate.vehicleCategory?.capacity, 3);
    assert.equal(estimate.source, 'public');
    assert.equal(estimate.totalDuration, 1200 + 1800 + 10 * 60);
  });

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
    assert.equal(estimate.costs, 12);
    assert.equal(estimate.total, estimate.transportFee + estimate.handlingFee + 12);
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

  it('S002 S115 company mode shows prices HT: divided by 1.2', () => {
    assert.equal(displayedAmount(120, true, 0.2), 100);
    assert.equal(displayedAmount(120, false, 0.2), 120);
  });

  it('S113 editing a price inline creates a fixed price (typed HT in company mode, TTC otherwise)', () => {
    const fees = feesFromEstimate(estimateTravel(base));
    assert.equal(fixedPriceFromEdit(fees, { transportation: 100 }, true, 0.2).transportationPriceVatExcluded, 100);
    assert.equal(fixedPriceFromEdit(fees, { transportation: 120 }, false, 0.2).transportationPriceVatExcluded, 100);
    assert.deepEqual(fixedPriceFromEdit(fees, { handling: 60 }, false, 0.2), {
      transportationPriceVatExcluded: Math.round((fees.transportation.fee / 1.2) * 100) / 100,
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
