import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertClose, assertIncludes } from './assertions.ts';
import * as v from 'valibot';
import { CompanyDataSchema, publicCompanyData } from '../../src/domain/entities/company.ts';
import { DEFAULT_VEHICLE_CATEGORIES } from '../../src/domain/entities/vehicle.ts';
import { DriverPoolSchema } from '../../src/domain/entities/driver-pool.ts';
import { makeContact } from '../../src/domain/entities/contact.ts';
import { makeCustomer } from '../../src/domain/entities/customer.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { makeStop, renumberStops, StopSchema, withAddressText, withFloor } from '../../src/domain/entities/stop.ts';
import { makeTravelState } from '../../src/domain/entities/travel.ts';

describe('entities (spec §3)', () => {
  it('S044 a stop defaults to the street floor, no elevator, 5 minutes on site, J+0', () => {
    const stop = makeStop();
    assertIncludes(stop, { floor: -1, elevator: false, durationMin: 5, seekDays: 0, geocodeResolved: false, type: 'dropoff' });
    assert.deepEqual(stop.contacts, []);
  });

  const elevatorCases: [number, boolean, boolean][] = [
    [-1, true, false],
    [0, true, false],
    [1, true, true],
    [12, true, true],
    [3, false, false],
  ];
  for (const [floor, asked, expected] of elevatorCases) {
    it(`S044 S085 floor ${floor} with elevator ${asked} keeps elevator ${expected}`, () => {
      assert.equal(makeStop({ floor, elevator: asked }).elevator, expected);
      assert.equal(withFloor(makeStop({ floor: 5, elevator: true }), floor).elevator, floor <= 0 ? false : true);
    });
  }

  it('S044 floors outside -1..12 and seek days outside 0..6 are refused', () => {
    assert.equal(v.safeParse(StopSchema, { floor: -2 }).success, false);
    assert.equal(v.safeParse(StopSchema, { floor: 13 }).success, false);
    assert.equal(v.safeParse(StopSchema, { seekDays: 7 }).success, false);
    assert.equal(v.safeParse(StopSchema, { seekDays: 6 }).success, true);
  });

  it('S044 stops are numbered: index, step = index + 1, pickup first then drop-offs', () => {
    const stops = renumberStops(
      [makeStop({ type: 'dropoff' }), makeStop({ type: 'service' }), makeStop({ type: 'pickup', seekDays: 2 })],
      false,
    );
    assert.deepEqual(
      stops.map((s) => [s.index, s.step, s.type]),
      [
        [0, 1, 'pickup'],
        [1, 2, 'dropoff'],
        [2, 3, 'dropoff'],
      ],
    );
    assert.equal(stops[2]!.seekDays, 2);
  });

  it('S016 company mode with task types editable keeps the chosen types', () => {
    const stops = renumberStops([makeStop({ type: 'pickup' }), makeStop({ type: 'service' }), makeStop({ type: 'pickup' })], true);
    assert.deepEqual(
      stops.map((s) => s.type),
      ['pickup', 'service', 'pickup'],
    );
  });

  it('S064 editing the address text clears its validation', () => {
    const resolved = makeStop({ address: '10 rue de Rivoli', lat: 48.85, lng: 2.36, geocodeResolved: true });
    const edited = withAddressText(resolved, '12 rue de Rivoli');
    assertIncludes(edited, { address: '12 rue de Rivoli', geocodeResolved: false, lat: null, lng: null });
  });

  it('S045 contact phone numbers lose their spaces', () => {
    assert.equal(makeContact({ name: 'Jeanne', phone: '06 12 34 56 78' }).phone, '0612345678');
    assertIncludes(makeContact(), { notify: false, step: 0, valid: false, relatedToPlace: false });
  });

  const volumeCases: [Record<string, number>, number][] = [
    [{ length: 100, width: 50, height: 40, volume: 9 }, 0.2],
    [{ length: 200, width: 100, height: 100 }, 2],
    [{ length: 0, width: 50, height: 40, volume: 0.5 }, 0.5],
    [{ length: 100, width: 50, height: 0, volume: 0.7 }, 0.7],
  ];
  for (const [dims, expected] of volumeCases) {
    it(`S046 item volume from dimensions ${JSON.stringify(dims)} is ${expected} m³`, () => {
      assertClose(makeItem({ name: 'Table', ...dims }).volume, expected, 1e-9);
    });
  }

  it('S046 items default to one unit of category item that fits in a lift', () => {
    assertIncludes(makeItem({ name: 'Chaise' }), { quantity: 1, category: 'item', elevator: true, customPrice: null });
    assert.equal(v.safeParse(StopSchema, { order_item_ids: [1, '2'] }).success, true);
  });

  it('S047 the customer has name, reference, email, phone, date, time and notes, and the postal address a devis carries (issue 54)', () => {
    assert.deepEqual(Object.keys(makeCustomer()).sort(), ['address', 'date', 'email', 'name', 'notes', 'phone', 'reference', 'time']);
  });

  it('S048 S049 S050 S051 S052 S053 S054 travel state defaults', () => {
    const state = makeTravelState();
    assertIncludes(state, {
      travelId: null,
      travelState: 'new',
      driverPoolSelector: 'public',
      timewindowEnabled: false,
      vat: 0.2,
      currency_symbol: 'E',
      companyMode: false,
      canEditPrice: false,
      isMigratedToTimewindow: false,
      fixedPrice: null,
    });
    assert.deepEqual(state.fees, {
      transportation: { customer: { distance: 0, duration: 0 }, driver: { distance: 0, duration: 0 }, truckCapacity: 0, fee: 0 },
      handling: { personsNeeded: 0, duration: 0, fee: 0 },
      additionnalCosts: 0,
    });
    assert.equal(state.hideFlags.hideVlSelector, true);
    assert.deepEqual(state.lite, {
      stepCursor: 0,
      validSteps: [false, false, true, true],
      loading: false,
      totalPrice: 0,
      errorMessage: null,
      infoMessage: null,
      isNewTravel: true,
      allStepsValid: false,
    });
  });

  it('S055 default vehicle categories are trucks of 3, 6, 12 and 20 m³ with ids -1..-4', () => {
    assert.deepEqual(
      DEFAULT_VEHICLE_CATEGORIES.map((c) => [c.id, c.capacity]),
      [
        [-1, 3],
        [-2, 6],
        [-3, 12],
        [-4, 20],
      ],
    );
  });

  it('S056 a driver pool defaults to driving', () => {
    const pool = v.parse(DriverPoolSchema, { id: 3, name: 'Grille Pro' });
    assertIncludes(pool, { mode: 'driving', default: false, apply_to: null, compute_price_func_body: null });
  });

  it('S057 S121 S158 company data defaults: VAT 0.2, currency E, vehicle selector hidden', () => {
    const company = publicCompanyData();
    assertIncludes(company, {
      vat: 0.2,
      currency_symbol: 'E',
      hide_vl_selector: true,
      hide_address_floor: false,
      company_mode: false,
      can_edit_price: false,
    });
    assert.deepEqual(
      company.vehicle_categories.map((c) => c.capacity),
      [3, 6, 12, 20],
    );
    assert.equal(v.parse(CompanyDataSchema, { hide_vl_selector: false }).hide_vl_selector, false);
  });

  it('S058 a saved place needs an address and coordinates', () => {
    const good = { id: 1, label: 'Dépôt', address_complete: '3 place Bellecour 69002 Lyon', lat: 45.757, lng: 4.832 };
    assert.equal(v.safeParse(CompanyDataSchema, { places: [good] }).success, true);
    assert.equal(v.safeParse(CompanyDataSchema, { places: [{ ...good, lat: 'x' }] }).success, false);
  });
});
