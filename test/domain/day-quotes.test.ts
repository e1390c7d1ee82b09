import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { cheapestDay, DayQuotesRequestSchema } from '../../src/domain/payload/day-quotes.ts';
import type { Quote } from '../../src/domain/quotes/quote-answer.ts';
import { dayAvailability } from '../../src/domain/tariff/day-rules.ts';
import { priceWithTariff } from '../../src/domain/tariff/price-tariff.ts';
import { TariffSchema, type Tariff } from '../../src/domain/tariff/tariff.ts';

/**
 * The day chosen by its price (issue 45): each day's price with the tariff's coefficients, and
 * whether it can be booked. Every expected figure is worked out by hand from the settings below.
 */
const SETTINGS: Tariff = v.parse(TariffSchema, {
  vat: 0.2,
  handling: { rate_standard: 18, rate_moving: 30 },
  // VAT included, 1 € a km, nothing by the hour, no minimum: 100 km cost 100 € before the day's coefficient.
  transport: { prices_include_vat: true, minimum: 0, per_km: 1, per_hour: 0 },
  vehicles: [{ id: 1, name: 'Fourgon 12 m³', capacity: 12 }],
  days: {
    // Monday … Sunday: Friday 1.1, Saturday 1.25; Sunday closed.
    weekdays: [1, 1, 1, 1, 1.1, 1.25, 1],
    seasons: [{ label: 'Fêtes', from: '12-20', to: '12-31', coefficient: 1.4 }],
    month_end: { days: 2, coefficient: 1.05 },
    closed_weekdays: [7],
    closed_dates: ['12-25', '2026-12-08'],
  },
  daily_capacity: 2,
});

const trip = (date: string) => ({
  stops: [makeStop({ type: 'pickup', floor: 0, geocodeResolved: true }), makeStop({ type: 'dropoff', floor: 0, geocodeResolved: true })],
  items: [],
  driver: { distance: 100_000, duration: 3600 },
  volume: 0,
  vehicleId: 1,
  date,
});

describe('a day’s price and whether it can be booked, from the carrier’s settings', () => {
  // From Monday 30 November 2026, 14 days: what each costs and why, by hand.
  const TABLE: [date: string, total: number | 'closed', why: string][] = [
    ['2026-11-30', 105, 'Monday, last day of November (month end 1.05): 100 × 1.05'],
    ['2026-12-01', 100, 'Tuesday: 100'],
    ['2026-12-02', 100, 'Wednesday'],
    ['2026-12-03', 100, 'Thursday'],
    ['2026-12-04', 110, 'Friday 1.1'],
    ['2026-12-05', 125, 'Saturday 1.25'],
    ['2026-12-06', 'closed', 'Sunday, closed every week'],
    ['2026-12-07', 100, 'Monday'],
    ['2026-12-08', 'closed', '8 December 2026, closed that day only'],
    ['2026-12-09', 100, 'Wednesday'],
    ['2026-12-10', 100, 'Thursday'],
    ['2026-12-11', 110, 'Friday'],
    ['2026-12-12', 125, 'Saturday'],
    ['2026-12-13', 'closed', 'Sunday'],
  ];
  for (const [date, total, why] of TABLE) {
    it(`${date}: ${total} (${why})`, () => {
      if (total === 'closed') assert.equal(dayAvailability(SETTINGS, date, 0), 'closed');
      else {
        assert.equal(dayAvailability(SETTINGS, date, 0), 'open');
        const price = priceWithTariff(SETTINGS, trip(date));
        assert.equal(price.transportFee + price.handlingFee, total);
      }
    });
  }

  it('seasons and month ends multiply with the weekday: Saturday 26 December 2026 is 1.25 × 1.4 = 175; Thursday 31 December 1.4 × 1.05 = 147', () => {
    assert.equal(priceWithTariff(SETTINGS, trip('2026-12-26')).transportFee, 175);
    assert.equal(priceWithTariff(SETTINGS, trip('2026-12-31')).transportFee, 147);
  });

  it('every 25 December is closed, whatever its weekday', () => {
    assert.equal(dayAvailability(SETTINGS, '2026-12-25', 0), 'closed');
    assert.equal(dayAvailability(SETTINGS, '2027-12-25', 0), 'closed');
    assert.equal(dayAvailability(SETTINGS, '2027-12-08', 0), 'open', 'the 8th closed in 2026 only');
  });

  it('full: 2 bookings a day, so a day with 2 accepted is full, with 1 it is open; without a capacity a day is never full', () => {
    assert.equal(dayAvailability(SETTINGS, '2026-12-01', 1), 'open');
    assert.equal(dayAvailability(SETTINGS, '2026-12-01', 2), 'full');
    assert.equal(dayAvailability(SETTINGS, '2026-12-01', 3), 'full');
    assert.equal(dayAvailability({ ...SETTINGS, daily_capacity: null }, '2026-12-01', 50), 'open');
    // Closed says more than full: the carrier does not work that day at all.
    assert.equal(dayAvailability(SETTINGS, '2026-12-06', 2), 'closed');
    assert.equal(dayAvailability(SETTINGS, '', 5), 'open', 'no day chosen yet');
  });
});

describe('the cheapest day and the request of a range of days', () => {
  const quoted = (total: number, poolError: string | null = null) => ({ figures: { total, pool_error: poolError } }) as unknown as Quote;

  it('the open day with the lowest total, the first on a tie; closed, full and unpriced days are not offered', () => {
    const days = [
      { date: '2026-12-01', status: 'open' as const, quote: quoted(12_000) },
      { date: '2026-12-02', status: 'closed' as const, quote: null },
      { date: '2026-12-03', status: 'open' as const, quote: quoted(10_000) },
      { date: '2026-12-04', status: 'open' as const, quote: quoted(10_000) },
      { date: '2026-12-05', status: 'full' as const, quote: null },
      { date: '2026-12-06', status: 'open' as const, quote: quoted(0, 'Prix non disponible') },
    ];
    assert.equal(cheapestDay(days), '2026-12-03');
    assert.equal(cheapestDay(days.filter((day) => day.status !== 'open')), null);
  });

  it('a request names its first day and 1 to 31 days, and never a date of its own', () => {
    const choices = { addresses: [{ type_name: 'pickup', lat: 48.85, lng: 2.35, floor_nb: 0, elevator_presence: false }], items: [] };
    assert.equal(v.safeParse(DayQuotesRequestSchema, { ...choices, from: '2026-12-01', days: 14 }).success, true);
    for (const days of [0, 32, 1.5])
      assert.equal(v.safeParse(DayQuotesRequestSchema, { ...choices, from: '2026-12-01', days }).success, false);
    assert.equal(v.safeParse(DayQuotesRequestSchema, { ...choices, from: '01/12/2026', days: 14 }).success, false);
    const parsed = v.parse(DayQuotesRequestSchema, { ...choices, from: '2026-12-01', days: 14, date: '2026-12-24' });
    assert.equal('date' in parsed, false, 'a date sent is dropped: each day is priced on its own');
  });
});
