import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertClose, assertIncludes } from './assertions.ts';
import { additionalCosts } from '../../src/domain/pricing/costs.ts';
import { baseFloorMultiplier, floorMultiplier } from '../../src/domain/pricing/floors.ts';
import {
  billableHandlingHours,
  estimateHandling,
  handlersNeeded,
  handlingDurationSeconds,
  handlingHourlyRate,
  isMoving,
  rawHandlingHours,
} from '../../src/domain/pricing/handling.ts';
import { categoryThatFits, loadLevel, loadPercentage, shownLoadPercentage } from '../../src/domain/pricing/load-bar.ts';
import { DEFAULT_VEHICLE_CATEGORIES } from '../../src/domain/entities/vehicle.ts';
import { handlingTierFee, litePrice } from '../../src/domain/pricing/lite-price.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { pickVehicleCategory, vehicleCategoryIdForApi } from '../../src/domain/pricing/truck.ts';
import { predefinedHandlingFee } from '../../src/domain/pricing/transport.ts';
import { shownVolume, totalVolume } from '../../src/domain/pricing/volume.ts';
import { withVat, withoutVat } from '../../src/domain/pricing/vat.ts';

describe('pricing rules (spec §9)', () => {
  it('S158 VAT is 20 %: × 1.2 to include it, ÷ 1.2 for the HT price', () => {
    assertClose(withVat(100, 0.2), 120, 1e-9);
    assertClose(withoutVat(120, 0.2), 100, 1e-9);
  });

  it('S161 volume is the rounded sum of volume × quantity, to the whole m³; screens keep the hundredth', () => {
    const items = [makeItem({ name: 'Carton', volume: 0.06, quantity: 20 }), makeItem({ name: 'Canapé 3 places', volume: 2 })];
    // 20 × 0.06 + 2 = 3.2 m³, priced as 3 m³, shown as 3,2 m³.
    assert.equal(totalVolume(items), Math.round(20 * 0.06 + 2));
    assert.equal(shownVolume(items), 3.2);
    // 2 × 0.04 = 0.08 m³: priced as 0 m³, shown as 0,08 m³ so the load is not read as nothing.
    assert.equal(totalVolume([makeItem({ name: 'Lampe', volume: 0.04, quantity: 2 })]), 0);
    assert.equal(shownVolume([makeItem({ name: 'Lampe', volume: 0.04, quantity: 2 })]), 0.08);
  });

  it('S161 S162 S163 one 4.6 m³ item is priced as 5 m³: the 5-to-10 tier, 48 € rather than 38 €', () => {
    const items = [makeItem({ name: 'Buffet', volume: 4.6 })];
    const volume = totalVolume(items);
    assert.equal(volume, 5);
    // 20 km in 15 min: 20 × 0.7 + 0.25 × 15 = 17.75; with the 5-to-10 tier's 30: 47.75 → 48.
    const trip = { distance: 20_000, duration: 900, items, vat: 0.2 };
    assert.equal(litePrice({ ...trip, volume }), Math.max(38, Math.round(20 * 0.7 + 0.25 * 15 + 30)));
    // Priced at 4.6 m³ it would fall in the 0-to-5 tier: 37.75 → 38, the minimum.
    assert.equal(litePrice({ ...trip, volume: 4.6 }), Math.max(38, Math.round(20 * 0.7 + 0.25 * 15 + 20)));
  });

  it('S161 S164 a 6.6 m³ load is a moving: 7 + 1 ≥ 8 m³, billed 30 €/h', () => {
    const items = [makeItem({ name: 'Carton', volume: 0.1, quantity: 66, persons_needed: 1 })];
    const volume = totalVolume(items);
    assert.equal(volume, 7);
    assert.equal(isMoving(items, volume), true);
    assert.equal(handlingHourlyRate(isMoving(items, volume)), 30);
  });

  it('S161 volume is at least the largest minimal truck capacity; cost lines carry no volume', () => {
    const items = [
      makeItem({ name: 'Carton', volume: 0.06, quantity: 10 }),
      makeItem({ name: 'Piano droit', volume: 1.5, minimal_truck_capacity: 12 }),
      makeItem({ name: 'Péage', category: 'cost', volume: 30, customPrice: 12 }),
    ];
    assert.equal(totalVolume(items), 12);
    assert.equal(totalVolume([makeItem({ name: 'Armoire', volume: 13, minimal_truck_capacity: 12 })]), 13);
  });

  const tierCases: [number, number | null][] = [
    [0, 20],
    [4.9, 20],
    [5, 30],
    [9.9, 30],
    [10, 45],
    [12.9, 45],
    [13, 65],
    [17.9, 65],
    [18, 95],
    [22.9, 95],
    [23, 120],
    [999.9, 120],
    [1000, null],
  ];
  for (const [volume, fee] of tierCases) {
    it(`S162 handling tier for ${volume} m³ is ${fee}`, () => assert.equal(handlingTierFee(volume), fee));
  }

  const liteCases: [string, number, number, number, number][] = [
    // label, km, hours, volume, expected total
    ['minimum applies', 10, 0.5, 4, 38], // 7 + 7.5 + 20 = 34.5 → 35 → 38
    ['a tier 30 move', 20, 1, 6, 59], // 14 + 15 + 30 = 59
    ['rounding down', 20.5, 1, 6, 59], // 14.35 + 15 + 30 = 59.35 → 59
    ['rounding up', 21.5, 1, 6, 60], // 15.05 + 15 + 30 = 60.05 → 60
    ['a tier 120 move', 100, 2, 25, 220], // 70 + 30 + 120 = 220
  ];
  for (const [label, km, hours, volume, expected] of liteCases) {
    it(`S163 lite price, ${label}: ${km} km, ${hours} h, ${volume} m³ → ${expected}`, () => {
      assert.equal(litePrice({ distance: km * 1000, duration: hours * 3600, volume, items: [], vat: 0.2 }), expected);
    });
  }

  it('S163 lite price minimum 38 on each side: 37.6 → 38, 38.4 → 38, 39.4 → 39', () => {
    const price = (km: number) => litePrice({ distance: km * 1000, duration: 0, volume: 1, items: [], vat: 0.2 });
    assert.equal(price(25.14), 38); // 17.6 + 20 = 37.6 → 38
    assert.equal(price(26.29), 38); // 18.4 + 20 = 38.4 → 38
    assert.equal(price(27.72), 39); // 19.4 + 20 = 39.4 → 39
  });

  it('S163 S109 a custom item predefined transport fee × 1.2 overrides the lite price, only when numeric', () => {
    const custom = (fee: string) => [
      makeItem({ name: 'Prestation Spécifique', category: 'custom-item', predefinedTransportationFee: fee }),
    ];
    assert.equal(litePrice({ distance: 100000, duration: 7200, volume: 6, items: custom('100'), vat: 0.2 }), 120);
    assert.equal(litePrice({ distance: 20000, duration: 3600, volume: 6, items: custom('cent'), vat: 0.2 }), 59);
    assert.equal(litePrice({ distance: 20000, duration: 3600, volume: 6, items: custom('82,5'), vat: 0.2 }), 99);
  });

  it('S164 handling rate is 18 standard, 30 for a moving, or the company rates', () => {
    assert.equal(handlingHourlyRate(false), 18);
    assert.equal(handlingHourlyRate(true), 30);
    assert.equal(handlingHourlyRate(true, { standard: 20, moving: 35 }), 35);
    assert.equal(handlingHourlyRate(false, { standard: 20, moving: 35 }), 20);
  });

  it('S164 a moving is 2+ persons on the largest item, or volume + 1 >= 8', () => {
    const sofa = makeItem({ name: 'Canapé', volume: 2, persons_needed: 2 });
    const chair = makeItem({ name: 'Chaise', volume: 0.2, persons_needed: 1 });
    const bigBox = makeItem({ name: 'Caisse', volume: 3, persons_needed: 1 });
    assert.equal(isMoving([sofa, chair], 2.2), true);
    assert.equal(isMoving([chair, bigBox], 3.2), false);
    // The largest item decides, not any item.
    assert.equal(isMoving([makeItem({ name: 'Miroir', volume: 0.1, persons_needed: 2 }), bigBox], 3.1), false);
    assert.equal(isMoving([chair], 6.9), false);
    assert.equal(isMoving([chair], 7), true);
  });

  const floorCases: [number, number][] = [
    [-1, 0],
    [0, 1],
    [1, 1.05],
    [2, 1.08],
    [3, 1.1],
    [4, 1.3],
    [5, 1.5],
    [6, 1.7],
    [7, 2.1],
    [8, 2.3],
    [9, 2.6],
    [10, 3.1],
    [11, 3.3],
    [12, 3.6],
  ];
  for (const [floor, multiplier] of floorCases) {
    it(`S165 floor ${floor} multiplier is ${multiplier}`, () => assert.equal(baseFloorMultiplier(floor), multiplier));
  }

  const elevatorCases: [number, boolean, boolean, number][] = [
    [1, true, true, 1], // 0.735 → 1
    [4, true, true, 1], // 0.91 → 1
    [5, true, true, 1.05],
    [12, true, true, 2.52],
    [5, true, false, 1.5], // the item does not fit in the lift
    [5, false, true, 1.5], // no lift in the building
  ];
  for (const [floor, addressLift, itemLift, expected] of elevatorCases) {
    it(`S165 floor ${floor}, lift at address ${addressLift}, item fits ${itemLift} → ${expected}`, () => {
      const multiplier = floorMultiplier(makeStop({ floor, elevator: addressLift }), makeItem({ name: 'Commode', elevator: itemLift }));
      assertClose(multiplier, expected, 1e-9);
    });
  }

  it('S165 a custom item counts 1 at any floor', () => {
    assert.equal(floorMultiplier(makeStop({ floor: 12 }), makeItem({ name: 'Prestation', category: 'custom-item' })), 1);
    assert.equal(floorMultiplier(makeStop({ floor: -1 }), makeItem({ name: 'Prestation', category: 'custom-item' })), 1);
  });

  const billableCases: [number, number][] = [
    [0, 0],
    [0.1, 0.5],
    [0.5, 0.5],
    [0.51, 1],
    [1.575, 2],
    [7.9, 8],
    [12, 8],
  ];
  for (const [raw, billed] of billableCases) {
    it(`S171 ${raw} h of handling is billed as ${billed} h (half hours, 0.5 to 8)`, () => assert.equal(billableHandlingHours(raw), billed));
  }

  it('S166 handling duration in seconds is hours × 3600', () => {
    assert.equal(handlingDurationSeconds(2.5), 9000);
  });

  it('S164 S165 S166 the worked example: sofa and 20 boxes, 3rd floor to ground floor', () => {
    const stops = [makeStop({ type: 'pickup', floor: 3 }), makeStop({ type: 'dropoff', floor: 0 })];
    const items = [
      makeItem({ name: 'Canapé 3 places', volume: 2, time_factor: 0.5, persons_needed: 2, elevator: false }),
      makeItem({ name: 'Carton', volume: 0.06, quantity: 20, time_factor: 0.05, elevator: false }),
    ];
    assertClose(rawHandlingHours(items, stops), 1.575, 1e-9);
    const handling = estimateHandling(items, stops, totalVolume(items), 0.2);
    assert.deepEqual(handling, { hours: 2, durationSeconds: 7200, persons: 2, moving: true, hourlyRate: 30, fee: 144 });
  });

  it('S165 nothing is carried from the street to the street', () => {
    const stops = [makeStop({ floor: -1 }), makeStop({ floor: -1 })];
    const items = [makeItem({ name: 'Palette', volume: 1, time_factor: 0.3 })];
    assertIncludes(estimateHandling(items, stops, 1, 0.2), { hours: 0, persons: 0, fee: 0 });
  });

  it('S164 a custom price per item replaces its hourly price', () => {
    const stops = [makeStop({ floor: 0 }), makeStop({ floor: 0 })];
    const items = [makeItem({ name: 'Piano droit', volume: 1.5, time_factor: 1, persons_needed: 3, customPrice: 50, quantity: 2 })];
    const handling = estimateHandling(items, stops, 3, 0.2);
    assert.equal(handling.fee, 120); // (2 × 50) × 1.2
    assert.equal(handling.hours, 2);
    assert.equal(handling.persons, 3);
  });

  it('S171 the chosen handlers (0-4) and hours (0.5-8) replace the computed ones', () => {
    const stops = [makeStop({ floor: 0 }), makeStop({ floor: 0 })];
    const items = [makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.75 })];
    assertIncludes(estimateHandling(items, stops, 1.5, 0.2, null, { persons: 3, hours: 4 }), {
      persons: 3,
      hours: 4,
      fee: Math.round(4 * 3 * 18 * 1.2),
    });
    assertIncludes(estimateHandling(items, stops, 1.5, 0.2, null, { persons: 9, hours: 20 }), { persons: 4, hours: 8 });
    assertIncludes(estimateHandling(items, stops, 1.5, 0.2, null, { hours: 0.1 }), { hours: 0.5 });
  });

  it('S171 handlers needed: the most demanding item, at least 2 for a moving, at most 4', () => {
    assert.equal(handlersNeeded([makeItem({ name: 'Piano à queue', volume: 3, persons_needed: 4 })], 3, 2), 4);
    assert.equal(handlersNeeded([makeItem({ name: 'Chaise', volume: 0.2 })], 8, 1), 2);
    assert.equal(handlersNeeded([makeItem({ name: 'Chaise', volume: 0.2 })], 0.2, 0.5), 1);
    assert.equal(handlersNeeded([makeItem({ name: 'Chaise', volume: 0.2 })], 0.2, 0), 0);
  });

  it('S166 predefined handling fee and cost lines are × 1.2', () => {
    assert.equal(predefinedHandlingFee([makeItem({ name: 'Prestation', predefinedHandlingFee: '50' })], 0.2), 60);
    assert.equal(predefinedHandlingFee([makeItem({ name: 'Prestation', predefinedHandlingFee: 'n/a' })], 0.2), null);
    const costs = [
      makeItem({ name: 'Parking', category: 'cost', customPrice: 10, quantity: 2 }),
      makeItem({ name: 'Remise fidélité', category: 'custom-cost', customPrice: -5 }),
    ];
    assert.equal(additionalCosts(costs, 0.2), 18);
  });

  const loadCases: [number, string][] = [
    [0, 'success'],
    [60, 'success'],
    [61, 'warning'],
    [90, 'warning'],
    [91, 'danger'],
    [150, 'danger'],
  ];
  for (const [percent, level] of loadCases) {
    it(`S168 load bar at ${percent} % is ${level}`, () => assert.equal(loadLevel(percent), level));
  }

  it('S168 the load bar compares the exact ratio: 1.81 m³ in a 3 m³ truck (60.33 %) is a warning, written 61 %', () => {
    const percent = loadPercentage(1.81, 3);
    assertClose(percent, (1.81 / 3) * 100, 1e-9);
    assert.equal(loadLevel(percent), 'warning');
    assert.equal(shownLoadPercentage(percent), 61);
    // 2.71 m³ of 3 is 90.33 %: over 90, danger.
    assert.equal(loadLevel(loadPercentage(2.71, 3)), 'danger');
    assert.equal(loadLevel(loadPercentage(1.8, 3)), 'success');
    assert.equal(shownLoadPercentage(loadPercentage(1.8, 3)), 60);
  });

  it('S023 S168 load percentage against the vehicle and the category that would fit', () => {
    assert.equal(loadPercentage(3, 6), 50);
    assert.equal(loadPercentage(3, 0), 0);
    assert.equal(categoryThatFits(7, 6, DEFAULT_VEHICLE_CATEGORIES)?.capacity, 12);
    assert.equal(categoryThatFits(5, 6, DEFAULT_VEHICLE_CATEGORIES), null);
  });

  it('S055 S127 the truck is the smallest that fits; default trucks are sent as null', () => {
    assert.equal(pickVehicleCategory(3, DEFAULT_VEHICLE_CATEGORIES)?.id, -1);
    assert.equal(pickVehicleCategory(3.1, DEFAULT_VEHICLE_CATEGORIES)?.id, -2);
    assert.equal(pickVehicleCategory(25, DEFAULT_VEHICLE_CATEGORIES)?.id, -4);
    assert.equal(vehicleCategoryIdForApi(-2), null);
    assert.equal(vehicleCategoryIdForApi(7), 7);
    assert.equal(vehicleCategoryIdForApi(null), null);
  });
});
