import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertIncludes } from './assertions.ts';
import * as v from 'valibot';
import { buildTravelPayload } from '../../src/domain/payload/travel-payload.ts';
import { makeContact } from '../../src/domain/entities/contact.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { makeTravelState, type TravelState } from '../../src/domain/entities/travel.ts';
import { parseSerializedTravelState, serializeTravelState } from '../../src/domain/payload/serialized-travel.ts';
import { TravelPayloadSchema } from '../../src/domain/payload/travel-payload-schema.ts';

function bookedState(over: Partial<TravelState> = {}): TravelState {
  return {
    ...makeTravelState({
      driverPoolSelector: 4,
      vehicleCategoryId: -2,
      truckCapacity: 6,
      customer: {
        name: 'Marie Curie',
        phone: '0612345678',
        email: ' marie@exemple.fr ',
        date: '2026-11-23',
        time: '09:00',
        notes: 'Sonner deux fois',
      },
      stops: [
        makeStop({
          type: 'pickup',
          address: '10 rue de Rivoli 75004 Paris',
          lat: 48.8556,
          lng: 2.3601,
          locality: 'Paris',
          postalCode: '75004',
          country: 'France',
          floor: 3,
          elevator: true,
          notes: 'Digicode 42A',
          index: 0,
          step: 1,
          geocodeResolved: true,
          durationMin: 30,
          contacts: [makeContact({ name: 'Gardien', phone: '06 11 22 33 44', notify: true })],
        }),
        makeStop({
          type: 'dropoff',
          address: '3 place Bellecour 69002 Lyon',
          lat: 45.7578,
          lng: 4.832,
          locality: 'Lyon',
          postalCode: '69002',
          country: 'France',
          label: 'Appartement Lyon',
          notes: 'Parking interdit',
          index: 1,
          step: 2,
          seekDays: 1,
          geocodeResolved: true,
          order_item_ids: [11],
        }),
      ],
      items: [makeItem({ id: 11, name: 'Canapé 3 places', volume: 2, quantity: 1 })],
      contacts: [makeContact({ name: 'Jean Valjean', phone: '0700000000', email: 'jean@exemple.fr', step: 1 })],
      fees: {
        transportation: {
          customer: { distance: 465123.4, duration: 16500.6 },
          driver: { distance: 900000, duration: 32000 },
          truckCapacity: 6,
          fee: 345,
        },
        handling: { personsNeeded: 2, duration: 7200, fee: 144 },
        additionnalCosts: 0,
      },
      travelToken: 'secret-token-never-serialized',
    }),
    ...over,
  };
}

describe('POST/PATCH body (spec §7)', () => {
  it('S124 S125 addresses carry every field of the spec', () => {
    const payload = buildTravelPayload(bookedState());
    assert.deepEqual(payload.addresses[1], {
      type_name: 'dropoff',
      address_complete: '3 place Bellecour 69002 Lyon',
      postal_code: '69002',
      floor_nb: -1,
      elevator_presence: false,
      notes: 'Parking interdit',
      step: 2,
      locality: 'Lyon',
      label: 'Appartement Lyon',
      country: 'France',
      lat: 45.7578,
      lng: 4.832,
      timewindow_earliest: null,
      timewindow_latest: null,
      order_item_ids: [11],
      seek_days: 1,
      duration_min: 5,
    });
    assertIncludes(payload.addresses[0], { floor_nb: 3, elevator_presence: true, duration_min: 30, type_name: 'pickup' });
  });

  it('S126 the customer is phone_number, email and name', () => {
    assert.deepEqual(buildTravelPayload(bookedState()).customer, {
      phone_number: '0612345678',
      email: 'marie@exemple.fr',
      name: 'Marie Curie',
    });
  });

  it('S127 S128 S129 S130 S131 S132 the travel part: doubled distance, prices × 100 and their HT variants', () => {
    const { travel } = buildTravelPayload(bookedState());
    assertIncludes(travel, {
      travel_id: null,
      driver_pool_id: 4,
      vehicle_category_id: null,
      truck_capacity_needed: 6,
      distance_transportation: 930247,
      duration_transportation: 16501,
      price_transportation: 34500,
      price_handling: 14400,
      price_transportation_ht: 28750,
      price_handling_ht: 12000,
      handling_needed: true,
      duration_handling: 7200,
      persons_needed: 2,
      timewindow_enabled: false,
      additional_notes: 'Sonner deux fois\nétape 1 : Digicode 42A\nAppartement Lyon : Parking interdit',
    });
    assert.equal(travel.beginning_date, '2026-11-23T09:00:00+01:00');
    // 09:00 + 16500.6 s of driving + 7200 s of handling + 35 min on site = 7 h 10 min later.
    assert.equal(travel.ending_date, '2026-11-23T16:10:01+01:00');
  });

  it('S127 a company vehicle keeps its id; the public pool is sent as null', () => {
    const { travel } = buildTravelPayload(bookedState({ vehicleCategoryId: 9, driverPoolSelector: 'public' }));
    assert.equal(travel.vehicle_category_id, 9);
    assert.equal(travel.driver_pool_id, null);
  });

  it('S133 contacts of the stops and of the tab: step, name, phone_number, email, notify', () => {
    assert.deepEqual(buildTravelPayload(bookedState()).contacts, [
      { step: 0, name: 'Gardien', phone_number: '0611223344', email: '', notify: true },
      { step: 1, name: 'Jean Valjean', phone_number: '0700000000', email: 'jean@exemple.fr', notify: false },
    ]);
  });

  it('S122 S135 company_token only when present', () => {
    assert.ok(!('company_token' in buildTravelPayload(bookedState())));
    assert.equal(buildTravelPayload(bookedState(), 'cmp_demo').company_token, 'cmp_demo');
  });

  it('S134 S137 store_serialized restores the state, without the token', () => {
    const state = bookedState({ travelId: 42 });
    const payload = buildTravelPayload(state);
    assert.equal(payload.travel.travel_id, 42);
    assert.ok(!payload.store_serialized.includes('secret-token-never-serialized'));
    const restored = parseSerializedTravelState(payload.store_serialized);
    assert.deepEqual(restored, { ...state, travelToken: null });
  });

  it('S134 a corrupt or older store_serialized restores nothing', () => {
    assert.equal(parseSerializedTravelState('{not json'), null);
    assert.equal(parseSerializedTravelState(JSON.stringify({ version: 0, state: {} })), null);
    assert.equal(parseSerializedTravelState(JSON.stringify({ version: 1, state: { stops: 'x' } })), null);
    assert.deepEqual(parseSerializedTravelState(serializeTravelState(makeTravelState())), makeTravelState());
  });

  it('S124 the built body passes the request schema the server uses; a broken one does not', () => {
    const payload = buildTravelPayload(bookedState(), 'cmp_demo');
    assert.equal(v.safeParse(TravelPayloadSchema, payload).success, true);
    assert.equal(v.safeParse(TravelPayloadSchema, { ...payload, addresses: [] }).success, false);
    assert.equal(v.safeParse(TravelPayloadSchema, { ...payload, travel: { ...payload.travel, price_handling: '14400' } }).success, false);
  });
});
