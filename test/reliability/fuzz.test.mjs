// fast-check fuzz of every request body and query: never a 5xx, never anything invalid stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { bookingBody } from '../server/booking-body.mjs';
import { DEMO_COMPANY_TOKEN, ROOT, json, startServer, STORE_NAME } from '../server/support.mjs';

const { TravelPayloadSchema, restoreStore } = await import(`${ROOT}/dist/domain/index.js`);
const valibot = await import('valibot');
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
        if (value === undefined) delete target[keys.at(-1)];
        else target[keys.at(-1)] = value;
      }
    }
    return body;
  });

describe(`fuzzing every body and query on ${STORE_NAME} (${RUNS} cases each)`, () => {
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('POST /api/v1/travels: 2xx or 4xx, and every stored booking is valid', async () => {
    await fc.assert(
      fc.asyncProperty(
        mutatedBody,
        fc.option(fc.string({ minLength: 8, maxLength: 40 }).filter((k) => /^[\x21-\x7e]+$/.test(k))),
        async (body, key) => {
          const [{ n: before }] = await server.query('SELECT COUNT(*) AS n FROM travels');
          const answer = await json(server.base, 'POST', '/api/v1/travels', { body, headers: key ? { 'idempotency-key': key } : {} });
          assert.ok(answer.status < 500, `${answer.status} ${answer.text}`);
          const [{ n: after }] = await server.query('SELECT COUNT(*) AS n FROM travels');
          if (answer.status === 201 && answer.headers.get('idempotent-replayed') !== 'true') assert.equal(after, before + 1);
          else assert.equal(after, before);
        },
      ),
      { numRuns: RUNS },
    );
    for (const row of await server.query('SELECT payload_json, store_serialized FROM travels')) {
      assert.ok(
        valibot.safeParse(TravelPayloadSchema, { ...JSON.parse(row.payload_json), store_serialized: row.store_serialized }).success,
      );
      assert.notEqual(restoreStore(row.store_serialized), null);
    }
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

  it('PATCH with any id, token and body never gives a 5xx', async () => {
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
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
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    const [row] = await server.query('SELECT payload_json, store_serialized FROM travels WHERE id = ?', [created.data.id]);
    assert.ok(valibot.safeParse(TravelPayloadSchema, { ...JSON.parse(row.payload_json), store_serialized: row.store_serialized }).success);
  });

  it('every query string (items, places, contacts, geocoder, travels, dashboard) answers without a 5xx', async () => {
    const paths = [
      (q) => `/api/v1/items/search?q=${q}&c=${q}&limit=${q}`,
      (q) => `/api/v1/companies/${DEMO_COMPANY_TOKEN}/places?q=${q}`,
      (q) => `/api/v1/companies/${DEMO_COMPANY_TOKEN}/contacts?q=${q}`,
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
