// fast-check fuzz of every request body and query: never a 5xx, and what is stored is exactly
// what was sent and acknowledged (compared with the bodies themselves, not with the server's
// own schema, which would agree with the server whatever it stored).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { bookingBody } from '../api/booking-body.ts';
import { DEMO_COMPANY_TOKEN, json, startServer, DATABASE_NAME, SERVER_SET_TRAVEL_FIELDS } from '../api/support.ts';
import { SPEC_FIELDS as FIELDS } from '../../../test/support/spec-fields.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

let server;

/** A valid body with random parts replaced, removed or set to anything. */
const mutatedBody = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom(
          'addresses',
          'customer',
          'travel',
          'items',
          'contacts',
          'store_serialized',
          'company_token',
          'travel.price_handling',
          'travel.beginning_date',
          'addresses.0.lat',
          'addresses.0.floor_nb',
          'addresses.0.address_complete',
          'customer.name',
          'contacts.0.step',
          'items.0.quantity',
          'items.0.volume',
        ),
        fc.oneof(fc.anything(), fc.constant(undefined), fc.string({ maxLength: 3000 }), fc.double(), fc.integer()),
      ),
    ),
    fc.boolean(),
  )
  .map(([changes, keepValid]) => {
    const body = bookingBody();
    if (keepValid) return body;
    for (const [path, value] of changes) {
      const keys = path.split('.');
      let target = body;
      for (const key of keys.slice(0, -1)) target = target?.[key];
      if (target && typeof target === 'object') {
        if (value === undefined) delete target[keys.at(-1)!];
        else target[keys.at(-1)!] = value;
      }
    }
    return body;
  });

/**
 * One part of a stored booking against what was sent for it: every field of the spec that was
 * sent is stored with its value (a field left out may be stored with its default), and nothing
 * the spec does not name is stored. An item's volume is its dimensions' product when all
 * three are above 0 (spec §3).
 */
function assertPartStored(stored, sent, fields, path) {
  assert.ok(stored !== null && typeof stored === 'object' && !Array.isArray(stored), `${path}: stored as ${JSON.stringify(stored)}`);
  for (const key of Object.keys(stored)) assert.ok(fields.includes(key), `${path}.${key}: stored, yet the spec names no such field`);
  const expected = { ...sent };
  if (fields === FIELDS.item && [sent.length, sent.width, sent.height].every((cm) => typeof cm === 'number' && cm > 0))
    expected.volume = (sent.length * sent.width * sent.height) / 1_000_000;
  for (const key of fields) if (key in expected) assert.deepEqual(stored[key], expected[key], `${path}.${key}`);
}

function assertListStored(stored, sent, fields, path) {
  assert.ok(Array.isArray(stored), `${path}: stored as ${JSON.stringify(stored)}`);
  assert.equal(stored.length, sent.length, `${path}: ${stored.length} stored for ${sent.length} sent`);
  sent.forEach((part, index) => assertPartStored(stored[index], part, fields, `${path}[${index}]`));
}

/** Every value sent is stored as sent, at any depth; what was left out may be stored with its default. */
function assertSubset(stored, sent, path) {
  if (sent === null || typeof sent !== 'object') return assert.deepEqual(stored, sent, path);
  if (Array.isArray(sent)) {
    assert.ok(Array.isArray(stored) && stored.length === sent.length, `${path}: ${JSON.stringify(stored)?.slice(0, 80)}`);
    return sent.forEach((value, index) => assertSubset(stored[index], value, `${path}[${index}]`));
  }
  for (const [key, value] of Object.entries(sent)) assertSubset(stored?.[key], value, `${path}.${key}`);
}

/** What the server decides in a travel state (the carrier's VAT, its figures), not the client. */
const SERVER_SET_STATE = ['vat', 'fees', 'fixedPrice', 'truckCapacity', 'travelToken'];

/**
 * A stored booking row against the body (as it went over the wire) that made it: each part
 * as sent, never the company token; the figures the server sets itself (its quote's price,
 * route and handling, and the carrier's VAT in the state) are its own, the price within a
 * cent of the one sent, as a booking is taken only at the carrier's price. A PATCH stores the
 * booking's own id as travel_id.
 */
function assertRowIsBody(row, body, patchedId: number | null = null) {
  const stored = JSON.parse(row.payload_json);
  const where = `booking ${row.id}`;
  assert.deepEqual(
    Object.keys(stored).sort(),
    ['addresses', 'contacts', 'customer', 'items', 'price_grid', 'quote_id', 'travel'],
    `${where}: the parts stored`,
  );
  assertListStored(stored.addresses, body.addresses, FIELDS.address, `${where}.addresses`);
  assertPartStored(stored.customer, body.customer, FIELDS.customer, `${where}.customer`);
  const clientTravel = Object.fromEntries(Object.entries(body.travel).filter(([field]) => !SERVER_SET_TRAVEL_FIELDS.includes(field)));
  const travel = patchedId === null ? clientTravel : { ...clientTravel, travel_id: patchedId };
  assertPartStored(
    Object.fromEntries(Object.entries(stored.travel).filter(([field]) => !SERVER_SET_TRAVEL_FIELDS.includes(field))),
    travel,
    FIELDS.travel,
    `${where}.travel`,
  );
  for (const price of ['price_transportation', 'price_handling'])
    assert.ok(
      Math.abs(stored.travel[price] - body.travel[price]) <= 1,
      `${where}.travel.${price}: ${stored.travel[price]} for ${body.travel[price]}`,
    );
  assertListStored(stored.items, body.items, FIELDS.item, `${where}.items`);
  assertListStored(stored.contacts, body.contacts, FIELDS.contact, `${where}.contacts`);
  const restored = JSON.parse(row.store_serialized).state;
  // Left out (or ''), the state is built by the server from the body itself: its stops are the body's.
  if ((body.store_serialized ?? '') === '') return assert.equal(restored.stops.length, body.addresses.length, `${where}: stops built`);
  const sentState = Object.fromEntries(
    Object.entries(JSON.parse(body.store_serialized).state).filter(([key]) => !SERVER_SET_STATE.includes(key)),
  );
  assertSubset(restored, sentState, `${where}: store_serialized`);
}

describe(`fuzzing every body and query on ${DATABASE_NAME} (${RUNS} cases each)`, () => {
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('POST /api/v1/travels: 2xx or 4xx, and each acknowledged booking stored once, as it was sent', async () => {
    const acknowledged = new Map();
    await fc.assert(
      fc.asyncProperty(
        mutatedBody,
        fc.option(fc.string({ minLength: 8, maxLength: 40 }).filter((k) => /^[\x21-\x7e]+$/.test(k))),
        async (body, key) => {
          const [{ n: before }] = await server.query('SELECT COUNT(*) AS n FROM travels');
          const answer = await json(server.base, 'POST', '/api/v1/travels', { body, headers: key ? { 'idempotency-key': key } : {} });
          assert.ok(answer.status < 500, `${answer.status} ${answer.text}`);
          const [{ n: after }] = await server.query('SELECT COUNT(*) AS n FROM travels');
          const created = answer.status === 201 && answer.headers.get('idempotent-replayed') !== 'true';
          if (created) acknowledged.set(Number(answer.data.id), JSON.parse(JSON.stringify(body)));
          assert.equal(after, created ? before + 1 : before);
        },
      ),
      { numRuns: RUNS },
    );
    const rows = await server.query('SELECT id, payload_json, store_serialized FROM travels');
    assert.deepEqual(
      rows.map((row) => Number(row.id)).sort((a, b) => a - b),
      [...acknowledged.keys()].sort((a, b) => a - b),
    );
    for (const row of rows) assertRowIsBody(row, acknowledged.get(Number(row.id)));
  });

  it('raw bodies (malformed JSON, wrong types) never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 500 }), fc.json({ maxDepth: 4 })), async (raw) => {
        const answer = await json(server.base, 'POST', '/api/v1/travels', { raw });
        assert.ok(answer.status >= 400 && answer.status < 500, `${answer.status} for ${raw.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('PATCH with any id, token and body never gives a 5xx; the booking holds the last body accepted', async () => {
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    let last = bookingBody();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(String(created.data.id)), fc.string({ maxLength: 30 })),
        fc.oneof(fc.constant(created.data.token), fc.string({ maxLength: 60 })),
        mutatedBody,
        async (id, token, body) => {
          const answer = await json(server.base, 'PATCH', `/api/v1/travels/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, {
            body,
          });
          assert.ok(answer.status < 500, `${answer.status} ${answer.text}`);
          if (answer.status === 200) {
            assert.equal(String(id), String(created.data.id), 'only the booking’s own id and token open it');
            last = JSON.parse(JSON.stringify(body));
          }
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    const [row] = await server.query('SELECT id, payload_json, store_serialized FROM travels WHERE id = ?', [created.data.id]);
    assertRowIsBody(row, last, Number(created.data.id));
  });

  it('every query string (items, places, contacts, customers, geocoder, travels, dashboard) answers without a 5xx', async () => {
    const paths = [
      (q) => `/api/v1/items/search?q=${q}&c=${q}&limit=${q}`,
      (q) => `/api/v1/companies/${DEMO_COMPANY_TOKEN}/places?q=${q}`,
      (q) => `/api/v1/companies/${DEMO_COMPANY_TOKEN}/contacts?q=${q}`,
      (q) => `/api/v1/companies/${DEMO_COMPANY_TOKEN}/customers?q=${q}`,
      (q) => `/api/v1/companies/${q || 'x'}`,
      (q) => `/api/v1/geo/search?q=${q}&limit=${q}&autocomplete=${q}`,
      (q) => `/api/v1/travels/${q || '1'}?token=${q}`,
      (q) => `/dashboard/companies/company/travels/${q || '1'}?token=${q}&light_layout=${q}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: paths.length - 1 }), fc.string({ maxLength: 300, unit: 'grapheme' }), async (which, text) => {
        const answer = await json(server.base, 'GET', paths[which](encodeURIComponent(text)));
        assert.ok(answer.status < 500, `${answer.status} for ${paths[which](text)}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
