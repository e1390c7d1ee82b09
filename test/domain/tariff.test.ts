import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { makeItem, type ItemInput } from '../../src/domain/entities/item.ts';
import { makeStop, type StopInput } from '../../src/domain/entities/stop.ts';
import { estimateTravel } from '../../src/domain/pricing/estimate.ts';
import { priceTrip } from '../../src/domain/pricing/trip-price.ts';
import { dayAvailability, dayRules } from '../../src/domain/tariff/day-rules.ts';
import { dayRefusal, firstChoosableDay } from '../../src/domain/tariff/bookable-days.ts';
import { defaultTariff } from '../../src/domain/tariff/default-tariff.ts';
import { floorRuleOf, kmPrice, priceWithTariff, type TariffTrip } from '../../src/domain/tariff/price-tariff.ts';
import { TariffSchema, type Tariff } from '../../src/domain/tariff/tariff.ts';

/**
 * A tariff with every part set, and trips chosen to hit each part. Every expected figure is
 * worked out by hand in the comment beside it; none comes from the code under test.
 * Both sections are VAT excluded here (× 1.2), unlike the default tariff's transport.
 */
const FULL: Tariff = {
  vat: 0.2,
  handling: { prices_include_vat: false, rate_standard: 20, rate_moving: 35 },
  transport: {
    prices_include_vat: false,
    minimum: 150,
    per_km: 1,
    km_bands: [
      { from_km: 100, per_km: 0.8 },
      { from_km: 400, per_km: 0.6 },
    ],
    per_hour: 25,
    per_extra_stop: 30,
  },
  vehicles: [
    { id: 1, name: 'Fourgon 12 m³', capacity: 12, price_per_km: null, price_per_hour: null },
    { id: 2, name: 'Porteur 20 m³', capacity: 20, price_per_km: 1.5, price_per_hour: 40 },
  ],
  over_capacity: 'several_vehicles',
  floors: { free: 2, mode: 'per_floor', per_floor: 10, lift_factor: 0.5 },
  carry: { free_metres: 20, step_metres: 10, per_step: 15 },
  lite_tiers: [
    { from_m3: 0, under_m3: 5, fee: 20 },
    { from_m3: 5, under_m3: 10, fee: 30 },
  ],
  days: {
    // Monday … Sunday: Saturday 1.2, Sunday 1.5.
    weekdays: [1, 1, 1, 1, 1, 1.2, 1.5],
    seasons: [{ label: 'Été', from: '07-01', to: '08-31', coefficient: 1.1 }],
    month_end: { days: 3, coefficient: 1.05 },
    closed_weekdays: [],
    closed_dates: ['12-25', '2026-05-14'],
    lead_days: 0,
  },
  daily_capacity: 4,
};

/** A wardrobe: 2 m³, half an hour, two handlers (so a moving, at the moving rate), carried by the stairs. */
const wardrobe = (more: ItemInput = {}) =>
  makeItem({ name: 'Armoire', volume: 2, time_factor: 0.5, persons_needed: 2, elevator: false, ...more });
const stop = (input: StopInput = {}) => makeStop({ floor: 0, lat: 48.85, lng: 2.35, geocodeResolved: true, ...input });
const twoStops = (first: StopInput = {}, last: StopInput = {}) => [stop({ type: 'pickup', ...first }), stop({ type: 'dropoff', ...last })];

function trip(more: Partial<TariffTrip> = {}): TariffTrip {
  return {
    stops: twoStops(),
    items: [wardrobe()],
    // 500 km in 6 h unless said otherwise.
    driver: { distance: 500_000, duration: 6 * 3600 },
    volume: 2,
    vehicleId: 1,
    date: '',
    ...more,
  };
}

describe('a tariff with every part set, trip by trip', () => {
  it('parses as a tariff (the schema the forms and the server check)', () => {
    assert.equal(v.safeParse(TariffSchema, FULL).success, true);
  });

  it('the minimum: 10 km in 15 min is 10 × 1 + 0.25 × 25 = 16.25 €, so the minimum 150 € HT, 180 € TTC', () => {
    const price = priceWithTariff(FULL, trip({ driver: { distance: 10_000, duration: 900 } }));
    assert.equal(price.transportFee, 180);
    assert.equal(price.detail.minimumApplied, true);
  });

  it('km bands: 500 km is 100 × 1 + 300 × 0.8 + 100 × 0.6 = 400 €, plus 6 h × 25 = 150 €: 550 € HT, 660 € TTC', () => {
    const price = priceWithTariff(FULL, trip());
    assert.equal(price.detail.kmPart, 400);
    assert.equal(price.transportFee, 660);
    // Inside the second band only: 250 km is 100 × 1 + 150 × 0.8 = 220 €.
    assert.equal(kmPrice(250, 1, FULL.transport.km_bands), 220);
    // Before the first band, the grid's rate: 80 km is 80 €.
    assert.equal(kmPrice(80, 1, FULL.transport.km_bands), 80);
  });

  it('a vehicle with its own rates: 500 km × 1.5 + 6 h × 40 = 990 € HT, 1 188 € TTC (no band)', () => {
    assert.equal(priceWithTariff(FULL, trip({ vehicleId: 2 })).transportFee, 1188);
  });

  it('extra stops: 4 addresses are 2 beyond the first and the last, 2 × 30 €: 610 € HT, 732 € TTC', () => {
    const stops = [stop({ type: 'pickup' }), stop(), stop(), stop()];
    assert.equal(priceWithTariff(FULL, trip({ stops })).transportFee, 732);
  });

  it('handling by the hour: ½ h × 2 handlers × 35 € (a moving) = 35 € HT, 42 € TTC', () => {
    const price = priceWithTariff(FULL, trip());
    assert.deepEqual([price.handling.hours, price.handling.persons, price.handling.hourlyRate], [0.5, 2, 35]);
    assert.equal(price.handlingFee, 42);
  });

  it('floors: 2 free, then 10 € a floor, half with a lift: 4th without (2 × 10) and 5th with (3 × 10 × 0.5) = 35 €; handling (35 + 35) × 1.2 = 84 €', () => {
    const price = priceWithTariff(FULL, trip({ stops: twoStops({ floor: 4 }, { floor: 5, elevator: true }) }));
    assert.equal(price.detail.floorsPart, 35);
    assert.equal(price.handlingFee, 84);
    // Priced per floor, the stairs do not lengthen the handling: still ½ h.
    assert.equal(price.handling.hours, 0.5);
    // The free floors and the street cost nothing.
    assert.equal(priceWithTariff(FULL, trip({ stops: twoStops({ floor: 2 }, { floor: -1 }) })).detail.floorsPart, 0);
  });

  it('a long carry: 45 m with 20 m free is 3 started steps of 10 m × 15 € = 45 €; handling (35 + 45) × 1.2 = 96 €', () => {
    const price = priceWithTariff(FULL, trip({ stops: twoStops({ carryMetres: 45 }, { carryMetres: 20 }) }));
    assert.equal(price.detail.carryPart, 45);
    assert.equal(price.handlingFee, 96);
  });

  it('day coefficients: a Saturday of August in the month’s last 3 days is 1.2 × 1.1 × 1.05 = 1.386', () => {
    // 29 August 2026 is a Saturday; August has 31 days, so its last 3 are the 29th to the 31st.
    const price = priceWithTariff(FULL, trip({ date: '2026-08-29' }));
    assert.ok(Math.abs(price.day.coefficient - 1.386) < 1e-9);
    // Transport 550 × 1.386 × 1.2 = 914.76 → 915 €; handling 35 × 1.386 × 1.2 = 58.21 → 58 €.
    assert.equal(price.transportFee, 915);
    assert.equal(price.handlingFee, 58);
    // 4 July 2026, a Saturday of summer: 1.2 × 1.1 = 1.32, 550 × 1.32 × 1.2 = 871.2 → 871 €.
    assert.equal(priceWithTariff(FULL, trip({ date: '2026-07-04' })).transportFee, 871);
    // 15 March 2026, a Sunday: 1.5, 550 × 1.5 × 1.2 = 990 €.
    assert.equal(priceWithTariff(FULL, trip({ date: '2026-03-15' })).transportFee, 990);
    // 10 June 2026, a Wednesday out of season: 660 €, as with no date at all.
    assert.equal(priceWithTariff(FULL, trip({ date: '2026-06-10' })).transportFee, 660);
  });

  it('the minimum takes the day’s coefficient too: 150 × 1.2 (Saturday 13 June 2026) × 1.2 = 216 €', () => {
    assert.equal(priceWithTariff(FULL, trip({ driver: { distance: 10_000, duration: 900 }, date: '2026-06-13' })).transportFee, 216);
  });

  it('a price set by hand takes VAT but no coefficient: (35 × 1.2 + 50) × 1.2 = 110.4 → 110 € on a Saturday', () => {
    const items = [wardrobe(), makeItem({ name: 'Piano droit', volume: 1, time_factor: 1, persons_needed: 2, customPrice: 50 })];
    assert.equal(priceWithTariff(FULL, trip({ items, volume: 3, date: '2026-06-13' })).handlingFee, 110);
  });

  it('sections priced VAT included take no VAT: 150 € and 35 + 50 × 1.2 = 95 €', () => {
    const included: Tariff = {
      ...FULL,
      transport: { ...FULL.transport, prices_include_vat: true },
      handling: { ...FULL.handling, prices_include_vat: true },
    };
    const items = [wardrobe(), makeItem({ name: 'Piano droit', volume: 1, time_factor: 1, persons_needed: 2, customPrice: 50 })];
    const price = priceWithTariff(included, trip({ items, volume: 3, driver: { distance: 10_000, duration: 900 } }));
    assert.deepEqual([price.transportFee, price.handlingFee], [150, 95]);
  });

  it('the earlier variant on this tariff: (550 + the 0-to-5 m³ tier 20) × 1.2 = 684 €, 24 € of it handling', () => {
    assert.deepEqual(priceWithTariff(FULL, trip()).lite, { transportation: 660, handling: 24 });
    // On a Saturday: 570 × 1.44 = 820.8 → 821 €, the tier 20 × 1.44 = 28.8 → 29 €.
    assert.deepEqual(priceWithTariff(FULL, trip({ date: '2026-06-13' })).lite, { transportation: 792, handling: 29 });
    // With the floors of the 4th and 5th (35 € HT, 42 € TTC) on the handling side: 726 €, 66 € of it handling.
    assert.deepEqual(priceWithTariff(FULL, trip({ stops: twoStops({ floor: 4 }, { floor: 5, elevator: true }) })).lite, {
      transportation: 660,
      handling: 66,
    });
    // 12 m³ is in no tier of this tariff: no price.
    assert.deepEqual(priceWithTariff(FULL, trip({ volume: 12 })).lite, { transportation: 0, handling: 0 });
  });

  it('multipliers with free floors: the 2nd counts as the ground floor, the 3rd as spec §9 says (1.1), a lift halves the 12th (1.8) and never goes below 1', () => {
    const rule = floorRuleOf({ free: 2, mode: 'multipliers', per_floor: 0, lift_factor: 0.5 });
    const item = { elevator: true, category: 'item' as const };
    assert.equal(rule({ floor: 2, elevator: false }, item), 1);
    assert.equal(rule({ floor: 3, elevator: false }, item), 1.1);
    assert.equal(rule({ floor: 12, elevator: true }, item), 3.6 * 0.5);
    assert.equal(rule({ floor: 4, elevator: true }, item), 1);
    assert.equal(rule({ floor: -1, elevator: false }, item), 0);
    assert.equal(rule({ floor: 7, elevator: false }, { elevator: false, category: 'custom-item' }), 1);
  });
});

describe('the one composition of a price (priceTrip, the estimate’s and the quote’s) prices on the tariff and the day', () => {
  it('its fees are the tariff’s for the driver’s route it computed, on the day given; without a tariff, the default one’s', () => {
    const route = {
      distance: 480_000,
      duration: 5.5 * 3600,
      legDurations: [5.5 * 3600],
      legDistances: [480_000],
      responses: [],
      approximate: false,
    };
    const stops = [stop({ type: 'pickup', lat: 48.85, lng: 2.35 }), stop({ type: 'dropoff', lat: 45.76, lng: 4.83, floor: 4 })];
    const common = { stops, items: [wardrobe()], route, vehicleCategories: [], vehicleCategoryId: 1, vat: 0.2, rates: null };
    const choices = { persons: null, hours: null, pool: null, fixedPrice: null, grid: 'wizard' as const };
    const onTariff = priceTrip({ ...common, ...choices, tariff: FULL, date: '2026-08-29' });
    const byHand = priceWithTariff(FULL, {
      stops,
      items: [wardrobe()],
      driver: onTariff.estimate.driver,
      volume: 2,
      vehicleId: 1,
      date: '2026-08-29',
    });
    assert.equal(onTariff.fees.transportation.fee, byHand.transportFee);
    assert.equal(onTariff.fees.handling.fee, byHand.handlingFee);
    const plain = priceTrip({ ...common, vehicleCategoryId: null, ...choices });
    assert.equal(
      plain.fees.transportation.fee,
      priceWithTariff(defaultTariff(), { ...trip(), stops, driver: plain.estimate.driver, vehicleId: null }).transportFee,
    );
    assert.notEqual(plain.fees.transportation.fee, onTariff.fees.transportation.fee);
  });
});

describe('a load no vehicle holds alone (issue 55, point 7)', () => {
  // 100 km in 1 h, both addresses at one point: the driver's way back adds nothing.
  const route = { distance: 100_000, duration: 3600, legDurations: [3600], legDistances: [100_000], responses: [], approximate: false };
  const load = (wardrobes: number) => [wardrobe({ quantity: wardrobes })];
  const price = (tariff: Tariff, wardrobes: number, vehicleCategoryId: number | null = null) =>
    priceTrip({
      stops: twoStops(),
      items: load(wardrobes),
      route,
      vehicleCategories: [],
      vehicleCategoryId,
      vat: 0.2,
      tariff,
      date: '',
      persons: null,
      hours: null,
      pool: null,
      fixedPrice: null,
      grid: 'wizard',
    });
  // The 20 m³ truck's own rates: 100 km × 1.5 + 1 h × 40 = 190 € HT, over the 150 € minimum.
  const oneTruck = 190 * 1.2;

  it('13 wardrobes (26 m³) over a 20 m³ largest truck: two trucks, each driving the route, 2 × 190 € HT, TTC', () => {
    const twoTrucks = price(FULL, 13);
    assert.equal(twoTrucks.estimate.vehicleCategory?.name, 'Porteur 20 m³');
    assert.equal(twoTrucks.estimate.vehicleCount, 2);
    assert.equal(twoTrucks.fees.transportation.fee, Math.round(2 * oneTruck));
    assert.equal(twoTrucks.estimate.poolError, null);
    // 10 wardrobes fill the truck exactly: one truck, one price.
    const full = price(FULL, 10);
    assert.equal(full.estimate.vehicleCount, 1);
    assert.equal(full.fees.transportation.fee, Math.round(oneTruck));
  });

  it('a carrier who calls back gives no price over its largest truck: the booking is a price to set', () => {
    const estimate = price({ ...FULL, over_capacity: 'call_back' }, 13).estimate;
    assert.equal(estimate.total, 0);
    assert.equal(
      estimate.poolError,
      'Ce chargement dépasse le plus grand véhicule du transporteur\u00a0: enregistrez votre demande, il vous rappelle pour fixer le prix.',
    );
    // A load the largest truck holds is priced as ever, whatever the rule.
    assert.equal(price({ ...FULL, over_capacity: 'call_back' }, 10).estimate.poolError, null);
  });

  it('a smaller vehicle chosen by hand for 14 m³ is two of it (12 m³ each), even at a carrier who calls back', () => {
    const twoVans = price({ ...FULL, over_capacity: 'call_back' }, 7, 1).estimate;
    assert.equal(twoVans.vehicleCount, 2);
    assert.equal(twoVans.poolError, null);
    // The 12 m³ van has no rates of its own: 100 × 1 + 1 × 25 = 125 € HT, so the 150 € minimum, per van.
    assert.equal(twoVans.transportFee, Math.round(2 * 150 * 1.2));
  });

  it('the schema keeps the rule, and a tariff written before it prices several vehicles', () => {
    const { over_capacity: _rule, ...older } = FULL;
    assert.equal(v.parse(TariffSchema, older).over_capacity, 'several_vehicles');
    assert.equal(v.safeParse(TariffSchema, { ...FULL, over_capacity: 'refuse' }).success, false);
  });
});

describe('day rules: seasons, month ends, closed days', () => {
  it('a season may cross the new year, both its days included', () => {
    const tariff = { days: { ...FULL.days, seasons: [{ label: 'Fêtes', from: '12-15', to: '01-05', coefficient: 1.3 }] } };
    for (const [date, coefficient] of [
      ['2026-12-15', 1.3],
      // A Thursday.
      ['2026-12-31', 1.3 * 1.05],
      // A Saturday: 1.2 × 1.3.
      ['2027-01-02', 1.2 * 1.3],
      ['2027-01-05', 1.3],
      ['2027-01-06', 1],
      ['2026-12-14', 1],
    ] as const)
      assert.ok(Math.abs(dayRules(tariff, date).coefficient - coefficient) < 1e-9, date);
  });

  it('the month’s end follows the month’s length: 26 February 2026 is in the last 3 days, 26 March is not', () => {
    assert.equal(dayRules(FULL, '2026-02-26').monthEnd, 1.05);
    assert.equal(dayRules(FULL, '2026-03-26').monthEnd, 1);
  });

  it('closed days: every 25 December, 14 May 2026 only, and the weekdays closed; a closed day has no price', () => {
    assert.equal(dayRules(FULL, '2026-12-25').closed, true);
    assert.equal(dayRules(FULL, '2031-12-25').closed, true);
    assert.equal(dayRules(FULL, '2026-05-14').closed, true);
    assert.equal(dayRules(FULL, '2027-05-14').closed, false);
    const sundays = { days: { ...FULL.days, closed_weekdays: [7] } };
    assert.equal(dayRules(sundays, '2026-03-15').closed, true);
    assert.equal(dayRules(sundays, '2026-03-16').closed, false);

    const estimate = estimateTravel({
      stops: twoStops(),
      items: [wardrobe()],
      route: { distance: 100_000, duration: 3600, legDurations: [3600], legDistances: [100_000], responses: [], approximate: false },
      vehicleCategories: [],
      vat: 0.2,
      tariff: FULL,
      date: '2026-12-25',
    });
    assert.equal(estimate.total, 0);
    assert.equal(estimate.poolError, 'Le transporteur ne travaille pas ce jour-là\u00a0: choisissez une autre date.');
  });
});

describe('the days a customer may choose: the carrier’s notice and closed days (issue 55, point 1)', () => {
  // Monday 7 December 2026; two days of notice, Sundays closed.
  const today = '2026-12-07';
  const tariff = { days: { ...FULL.days, closed_weekdays: [7], lead_days: 2 }, daily_capacity: null };

  it('a day before the notice is too soon, a Sunday closed, the rest open', () => {
    assert.equal(dayRefusal(tariff, '2026-12-07', today), 'too_soon');
    assert.equal(dayRefusal(tariff, '2026-12-08', today), 'too_soon');
    assert.equal(dayRefusal(tariff, '2026-12-09', today), null);
    assert.equal(dayRefusal(tariff, '2026-12-13', today), 'closed');
    assert.equal(dayAvailability(tariff, '2026-12-08', 0, today), 'too_soon');
    // Without today (a booking kept on its day), the notice says nothing.
    assert.equal(dayAvailability(tariff, '2026-12-08', 0), 'open');
  });

  it('the first day to offer skips both: from Monday 7, two days of notice give Wednesday 9; from the closed Sunday 13, Monday 14', () => {
    assert.equal(firstChoosableDay(tariff, today, today), '2026-12-09');
    assert.equal(firstChoosableDay(tariff, '2026-12-13', today), '2026-12-14');
    // No notice and nothing closed: today, as spec §9 defaults it.
    assert.equal(firstChoosableDay({ days: { ...FULL.days, closed_dates: [] } }, today, today), today);
  });
});

describe('the default tariff is spec §9’s public grid', () => {
  const spec = {
    transport: (km: number, hours: number) => Math.max(38, Math.round(km * 0.7 + hours * 15)),
    tier: (volume: number) => [20, 30, 45, 65, 95, 120][[5, 10, 13, 18, 23, 1000].findIndex((under) => volume < under)] ?? null,
  };

  it('S163 transport: km × 0.7 + hours × 15, VAT included, rounded, at least 38 €', () => {
    const tariff = defaultTariff();
    for (const [km, hours] of [
      [0, 0],
      [20, 0.25],
      [100, 1.5],
      [465, 4.65],
      [1000, 12],
    ] as const) {
      const price = priceWithTariff(tariff, trip({ driver: { distance: km * 1000, duration: hours * 3600 } }));
      assert.equal(price.transportFee, spec.transport(km, hours), `${km} km`);
    }
  });

  it('S163 transport, over any route: the same figure as the spec’s formula', () => {
    const tariff = defaultTariff();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 100_000 }), (metres, seconds) => {
        const price = priceWithTariff(tariff, trip({ driver: { distance: metres, duration: seconds } }));
        return price.transportFee === spec.transport(metres / 1000, seconds / 3600);
      }),
    );
  });

  it('S162 S163 the earlier variant: transport plus the volume’s tier, at least 38 €, the tier being the handling', () => {
    const tariff = defaultTariff();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 1100 }),
        (metres, seconds, volume) => {
          const { lite } = priceWithTariff(tariff, trip({ driver: { distance: metres, duration: seconds }, volume, items: [] }));
          const tier = spec.tier(volume);
          if (tier === null) return lite.transportation === 0 && lite.handling === 0;
          const total = Math.max(38, Math.round((metres / 1000) * 0.7 + (seconds / 3600) * 15 + tier));
          return lite.handling === tier && lite.transportation + lite.handling === total;
        },
      ),
    );
  });

  it('S164 S166 handling: 18 € an hour per handler, 30 for a moving, × 1.2, rounded', () => {
    const tariff = defaultTariff();
    // The wardrobe: a moving (2 handlers on it), ½ h: 0.5 × 2 × 30 × 1.2 = 36 €.
    assert.equal(priceWithTariff(tariff, trip()).handlingFee, 36);
    // 10 boxes of 0.1 m³ and 0.05 h, one handler: 0.5 h × 1 × 18 × 1.2 = 10.8 → 11 €.
    const boxes = makeItem({ name: 'Carton', volume: 0.1, time_factor: 0.05, persons_needed: 1, quantity: 10 });
    assert.equal(priceWithTariff(tariff, trip({ items: [boxes], volume: 1 })).handlingFee, 11);
  });

  it('S165 floor multipliers, with the lift at 0.7 (never below 1), as spec §9 lists them', () => {
    const rule = floorRuleOf(defaultTariff().floors);
    const table = [0, 1, 1.05, 1.08, 1.1, 1.3, 1.5, 1.7, 2.1, 2.3, 2.6, 3.1, 3.3, 3.6];
    const item = { elevator: true, category: 'item' as const };
    table.forEach((multiplier, index) => {
      const floor = index - 1;
      assert.equal(rule({ floor, elevator: false }, item), multiplier, `étage ${floor}`);
      const withLift = multiplier * 0.7;
      assert.equal(rule({ floor, elevator: true }, item), withLift > 0 && withLift < 1 ? 1 : withLift, `étage ${floor}, ascenseur`);
    });
  });

  it('a company’s own VAT, rates and vehicles are kept in its default tariff', () => {
    const tariff = defaultTariff({
      vat: 0.1,
      handling_rates: { standard: 22, moving: 40 },
      vehicle_categories: [{ id: 7, name: 'Camion 30 m³', capacity: 30 }],
    });
    assert.equal(tariff.vat, 0.1);
    assert.deepEqual([tariff.handling.rate_standard, tariff.handling.rate_moving], [22, 40]);
    assert.deepEqual(tariff.vehicles, [{ id: 7, name: 'Camion 30 m³', capacity: 30, price_per_km: null, price_per_hour: null }]);
    // The wardrobe at 40 € an hour and 10 % VAT: 0.5 × 2 × 40 × 1.1 = 44 €.
    assert.equal(priceWithTariff(tariff, trip({ vehicleId: 7 })).handlingFee, 44);
  });
});

describe('what the tariff’s schema refuses, in French, naming the field', () => {
  const refused = (change: (tariff: Tariff) => Tariff) => {
    const result = v.safeParse(TariffSchema, change(structuredClone(FULL)));
    assert.equal(result.success, false);
    return result.issues!.map((issue) => issue.message).join(' | ');
  };

  it('a negative rate', () => {
    assert.match(
      refused((t) => ({ ...t, handling: { ...t.handling, rate_standard: -18 } })),
      /Taux horaire de manutention\u00a0: un montant négatif est refusé/,
    );
  });

  it('a coefficient of 0 or 1 000', () => {
    for (const coefficient of [0, 1000])
      assert.match(
        refused((t) => ({ ...t, days: { ...t.days, weekdays: [1, 1, 1, 1, 1, coefficient, 1] } })),
        /Coefficient\u00a0: entre 0,1 et 10/,
      );
  });

  it('bands out of order, two vehicles with one id, a closed day that is no date', () => {
    assert.match(
      refused((t) => ({
        ...t,
        transport: {
          ...t.transport,
          km_bands: [
            { from_km: 300, per_km: 0.5 },
            { from_km: 100, per_km: 0.6 },
          ],
        },
      })),
      /chacune doit commencer plus loin/,
    );
    assert.match(
      refused((t) => ({ ...t, vehicles: [t.vehicles[0]!, { ...t.vehicles[1]!, id: 1 }] })),
      /même identifiant/,
    );
    assert.match(
      refused((t) => ({ ...t, days: { ...t.days, closed_dates: ['31-12'] } })),
      /Jour fermé invalide/,
    );
  });

  it('a partial tariff (as an operator’s file may hold) gets every default', () => {
    const parsed = v.parse(TariffSchema, {
      vat: 0.2,
      handling: { rate_standard: 18, rate_moving: 30 },
      transport: { minimum: 38, per_km: 0.7, per_hour: 15 },
      vehicles: [{ id: -1, name: 'Véhicule 3 m³', capacity: 3 }],
    });
    assert.deepEqual(parsed, {
      ...defaultTariff(),
      vehicles: [{ id: -1, name: 'Véhicule 3 m³', capacity: 3, price_per_km: null, price_per_hour: null }],
    });
  });
});
