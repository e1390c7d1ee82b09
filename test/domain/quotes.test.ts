import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { makeItem } from '../../src/domain/entities/item.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { makeTravelState } from '../../src/domain/entities/travel.ts';
import { buildTravelPayload } from '../../src/domain/payload/travel-payload.ts';
import { TravelPayloadSchema } from '../../src/domain/payload/travel-payload-schema.ts';
import { choicesFingerprint, quoteRequestFor, quoteRequestOfBooking } from '../../src/domain/quotes/booking-choices.ts';
import { carrierProblems, carrierPricing } from '../../src/domain/quotes/carrier-rules.ts';
import { guaranteeText } from '../../src/domain/quotes/guarantee.ts';
import { choiceProblems, QuoteRequestSchema } from '../../src/domain/quotes/quote-request.ts';
import { CompanyDataSchema } from '../../src/domain/entities/company.ts';

const stops = [
  makeStop({
    type: 'pickup',
    address: '10 rue de Rivoli 75004 Paris',
    lat: 48.8601,
    lng: 2.3507,
    floor: 3,
    elevator: true,
    geocodeResolved: true,
  }),
  makeStop({
    type: 'dropoff',
    address: '3 place Bellecour 69002 Lyon',
    lat: 45.7542,
    lng: 4.8309,
    postalCode: '69002',
    geocodeResolved: true,
    index: 1,
    step: 2,
  }),
];
const items = [makeItem({ id: 12, name: 'Canapé 3 places', volume: 2, quantity: 1, persons_needed: 2 })];

describe('the quote a page asks and the booking it saves are the same choices', () => {
  it('with the handlers and hours in effect, a page’s request and its booking’s give the same fingerprint', () => {
    const state = makeTravelState({
      stops,
      items,
      vehicleCategoryId: -2,
      driverPoolSelector: 'public',
      customer: { name: 'Marie Curie', date: '2026-11-23', time: '09:00' },
      fees: { handling: { personsNeeded: 2, duration: 5400, fee: 108 } },
    });
    const fromPage = quoteRequestFor({
      grid: 'wizard',
      stops,
      items,
      vehicleCategoryId: -2,
      poolId: 'public',
      persons: null,
      hours: null,
      customerDate: '2026-11-23',
      fixedPrice: null,
      companyToken: null,
    });
    const payload = v.parse(TravelPayloadSchema, buildTravelPayload(state));
    const fromBooking = quoteRequestOfBooking(payload, 'wizard', null);
    // The default truck (-2) and the public grid go as null, as spec §7 sends them.
    assert.equal(fromPage.vehicle_category_id, null);
    assert.equal(fromPage.driver_pool_id, null);
    assert.equal(fromPage.date, '2026-11-23');
    // The quote left handlers and hours to the estimate, which gave 2 and 1.5 h; the booking states them.
    assert.equal(choicesFingerprint(fromPage, 'public', 2, 1.5), choicesFingerprint(fromBooking, 'public', 2, 1.5));
    assert.notEqual(choicesFingerprint(fromPage, 'public', 3, 1.5), choicesFingerprint(fromBooking, 'public', 2, 1.5));
  });
});

describe('choices out of spec §9’s ranges, and a carrier’s rules', () => {
  const request = (over: Record<string, unknown>) =>
    v.parse(QuoteRequestSchema, {
      addresses: [{ type_name: 'pickup', lat: 48.86, lng: 2.35, floor_nb: 0, elevator_presence: false }],
      items: [],
      ...over,
    });

  it('refuses by name 51 stops, a floor of 13, 5 handlers and 9 hours', () => {
    const address = { type_name: 'dropoff', lat: 48.86, lng: 2.35, floor_nb: 13, elevator_presence: false };
    const paths = choiceProblems(
      request({ addresses: Array.from({ length: 51 }, () => address), persons_needed: 5, handling_hours: 9 }),
    ).map((problem) => problem.path);
    assert.ok(paths.includes('addresses'));
    assert.ok(paths.includes('addresses.0.floor_nb'));
    assert.ok(paths.includes('persons_needed'));
    assert.ok(paths.includes('handling_hours'));
    assert.deepEqual(choiceProblems(request({ persons_needed: 4, handling_hours: 8 })), []);
  });

  it('a public page may not fix a price nor carry predefined fees; a company with can_edit_price may', () => {
    const forged = request({
      fixed_price: { transportationPriceVatExcluded: 1, handlingPriceVatExcluded: 0 },
      items: [{ name: 'Canapé', predefinedTransportationFee: '1' }],
    });
    const publicCarrier = carrierPricing(v.parse(CompanyDataSchema, {}), false);
    assert.deepEqual(
      carrierProblems(forged, publicCarrier).map((p) => p.path),
      ['fixed_price', 'items.0.predefinedTransportationFee'],
    );
    const company = carrierPricing(v.parse(CompanyDataSchema, { company_mode: true, can_edit_price: true }), true);
    assert.deepEqual(carrierProblems(forged, company), []);
  });

  it('S113 S118 S120 a company the carrier does not allow to set prices carries no fee, hand-set handling nor expense line', () => {
    const handSet = request({
      items: [
        { name: 'Canapé', predefinedTransportationFee: '0.01' },
        { name: 'Armoire', customPrice: 1 },
        { name: 'Remise', category: 'custom-cost', customPrice: -2000 },
        // The Prestation Spécifique comes with the spec's price (spec §9): anyone's.
        { name: 'Prestation Spécifique', category: 'custom-item', customPrice: 45 },
      ],
    });
    const withoutRight = carrierPricing(v.parse(CompanyDataSchema, { company_mode: true }), true);
    assert.deepEqual(
      carrierProblems(handSet, withoutRight).map((p) => p.path),
      ['items.0.predefinedTransportationFee', 'items.1.customPrice', 'items.2.category'],
    );
    const allowed = carrierPricing(v.parse(CompanyDataSchema, { company_mode: true, can_edit_price: true }), true);
    assert.deepEqual(carrierProblems(handSet, allowed), []);
  });
});

describe('until when a quote holds, as the screens say it', () => {
  it('the same day in France: the time alone; another day: the date too; passed: nothing', () => {
    const now = new Date('2026-11-24T14:10:00Z'); // 15 h 10 in Paris
    assert.equal(guaranteeText(Date.parse('2026-11-24T14:40:00Z'), now), 'Prix garanti jusqu’à 15\u00a0h\u00a040');
    assert.equal(guaranteeText(Date.parse('2026-11-24T23:10:00Z'), now), 'Prix garanti jusqu’au 25 novembre à 0\u00a0h\u00a010');
    assert.equal(guaranteeText(Date.parse('2026-11-30T23:05:00Z'), now), 'Prix garanti jusqu’au 1er décembre à 0\u00a0h\u00a005');
    assert.equal(guaranteeText(Date.parse('2026-11-24T14:00:00Z'), now), null);
  });
});
