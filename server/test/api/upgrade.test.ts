// A carrier's database made at schema version 1, holding bookings, upgraded by today's server:
// two processes start on it together, the schema reaches the newest version once, every
// booking opens with its id and token and reads as it was written, the quota counts what the
// bookings hold to the byte, and new bookings and edits work. The data (server/test/fixtures/schema-v1)
// was written over HTTP by the server of the first migration; the schema it lands in is the
// first migration of server/db/migrations.ts, loaded from the source.
import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, FIXTURE_DAY } from './booking-body.ts';
import { importServerSource } from './source-module.ts';
import {
  DEMO_COMPANY_TOKEN,
  ROOT,
  DATABASE_KIND,
  DATABASE_NAME,
  json,
  logMessages,
  queryDatabase,
  startServer,
  tempDatabase,
} from './support.ts';

const FIXTURE = path.join(ROOT, 'server/test/fixtures/schema-v1');
const FIXTURE_SQL = readFileSync(path.join(FIXTURE, 'data.sql'), 'utf8');
/** The bookings of the fixture with the travel tokens their clients were given. */
const FIXTURE_BOOKINGS = JSON.parse(readFileSync(path.join(FIXTURE, 'bookings.json'), 'utf8'));

/** A database as the first migration left it, holding the fixture's rows. */
async function schemaOneDatabase(firstMigration) {
  const database = await tempDatabase();
  if (DATABASE_KIND === 'sqlite') {
    const db = new Database(database);
    db.exec(firstMigration.sqlite);
    db.pragma('user_version = 1');
    db.exec(FIXTURE_SQL);
    db.close();
    return database;
  }
  const statements = [
    'CREATE TABLE schema_version (version INTEGER NOT NULL)',
    firstMigration.postgres,
    'INSERT INTO schema_version (version) VALUES (1)',
    FIXTURE_SQL,
    // The rows came with their ids: the identities continue after them, as they did on the server that wrote them.
    ...['places', 'contacts', 'customers', 'items', 'travels'].map(
      (table) => `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`,
    ),
  ];
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
  return database;
}

async function schemaVersion(server) {
  if (DATABASE_KIND === 'sqlite') return (await server.query('PRAGMA user_version'))[0].user_version;
  return (await server.query('SELECT MAX(version) AS version FROM schema_version'))[0].version;
}

/** What a booking takes for the quota: its stored body and its store, in bytes, per owner ('public' or the company id). */
async function bytesByOwner(server) {
  const rows = await server.query('SELECT company_id, payload_json, store_serialized FROM travels');
  const bytes = new Map();
  for (const row of rows) {
    const owner = row.company_id === null ? 'public' : String(row.company_id);
    bytes.set(owner, (bytes.get(owner) ?? 0) + Buffer.byteLength(row.payload_json) + Buffer.byteLength(row.store_serialized));
  }
  return bytes;
}

describe(`a ${DATABASE_NAME} database of schema version 1, holding bookings, upgraded by today's server`, () => {
  let migrations;
  let database;
  /** The fixture's rows as schema 1 held them, read before any upgrade. */
  let before1;
  let first;
  let second;

  before(async () => {
    ({ MIGRATIONS: migrations } = await importServerSource({ MIGRATIONS: 'server/db/migrations.ts' }));
    database = await schemaOneDatabase(migrations[0]);
    before1 = {
      travels: await queryDatabase(database, 'SELECT * FROM travels ORDER BY id'),
      keys: await queryDatabase(database, 'SELECT key, response_json FROM idempotency_keys'),
    };
    // Two processes started together, as behind a load balancer: the upgrade runs once.
    // Both kept even when one fails to start, so after() stops the other (else its pipes hang the suite).
    const started = await Promise.allSettled([startServer(database), startServer(database)]);
    [first, second] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  });
  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('holds the bookings the fixture says, at schema 1, before the upgrade', () => {
    assert.equal(before1.travels.length, FIXTURE_BOOKINGS.length);
    assert.ok(before1.travels.some((row) => row.company_id === null) && before1.travels.some((row) => row.company_id !== null));
    assert.equal(before1.keys.length, 2, 'two bookings were sent with an Idempotency-Key');
  });

  it('reaches the newest schema version, each step applied once and said in one line of the logs', async () => {
    assert.ok(migrations.length > 1);
    assert.equal(await schemaVersion(first), migrations.length);
    // By the process that applied it (the other waited on the lock and found nothing to do).
    const said = [first, second].flatMap((server) => [
      ...logMessages(server.logs).flatMap((message) => [
        ...message.matchAll(/^Base de données\u00a0: schéma mis à jour en version (\d+)\/(\d+) \((.+)\)$/g),
      ]),
    ]);
    assert.deepEqual(
      said.map((line) => Number(line[1])).sort((a, b) => a - b),
      migrations.map((_, index) => index + 1).slice(1),
    );
    for (const [, version, latest, summary] of said) {
      assert.equal(Number(latest), migrations.length);
      assert.equal(summary, migrations[Number(version) - 1].summary);
    }
    if (DATABASE_KIND === 'postgres') {
      const steps = await first.query('SELECT version FROM schema_version ORDER BY version');
      assert.deepEqual(
        steps.map((row) => row.version),
        migrations.map((_, index) => index + 1),
      );
    }
  });

  it('S122 S135 opens every booking with its id and token, on both processes, as it was written and without the company token', async () => {
    // The keyless pages belong to the demo's first company (PUBLIC_COMPANY_ID): their bookings reopen on its pages.
    const [{ public_key: keylessKey }] = await first.query('SELECT public_key FROM companies WHERE id = 1');
    for (const booking of FIXTURE_BOOKINGS) {
      const row = before1.travels.find((travel) => travel.id === booking.id);
      // Schema 1 kept the whole body as received, the company token included: that token opens a
      // whole company and is never given back to whoever holds a travel's token.
      const { company_token: companyToken, ...written } = JSON.parse(row.payload_json);
      assert.equal(companyToken !== undefined, row.company_id !== null, `booking ${booking.id} (${booking.label}) as schema 1 stored it`);
      const expected = {
        id: booking.id,
        created_at: row.created_at,
        updated_at: row.updated_at,
        ...written,
        travel: { ...written.travel, travel_id: booking.id },
        made_by_company: row.company_id !== null,
        // What later schemas say of a booking made before them: nobody answered it yet, and its price is the browser's.
        state: 'new',
        price_source: 'client',
        // No devis was signed before acceptances were kept.
        devis_signed: false,
        ...(row.company_id === null ? { carrier_key: keylessKey } : {}),
        // Edits close at midnight in France, 2 days (the default) before its day (issue 46).
        ...(written.travel.beginning_date
          ? {
              edits_close_at: new Date(
                Date.parse(`${written.travel.beginning_date.slice(0, 10)}T00:00:00${written.travel.beginning_date.slice(19)}`) -
                  2 * 86_400_000,
              ).toISOString(),
            }
          : {}),
      };
      for (const server of [first, second]) {
        const read = await json(server.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`);
        assert.equal(read.status, 200, `booking ${booking.id} (${booking.label}): ${read.text}`);
        assert.deepEqual(read.data, expected, `booking ${booking.id} (${booking.label})`);
      }
      const wrongToken = await json(
        first.base,
        'GET',
        `/api/v1/travels/${booking.id}?token=${FIXTURE_BOOKINGS.find((other) => other.id !== booking.id).token}`,
      );
      assert.equal(wrongToken.status, 404);
    }
    const [{ n: tokensAtRest }] = await first.query("SELECT COUNT(*) AS n FROM travels WHERE payload_json LIKE '%company_token%'");
    assert.equal(tokensAtRest, 0, 'no company token left in clear in the stored bookings');
  });

  it('keeps no Idempotency-Key nor travel token in clear from schema 1', async () => {
    const rows = await first.query('SELECT key, response_json FROM idempotency_keys');
    for (const old of before1.keys) {
      assert.ok(!rows.some((row) => row.key === old.key), `key ${old.key} still stored in clear`);
      const { token } = JSON.parse(old.response_json);
      assert.ok(!rows.some((row) => (row.response_json ?? '').includes(token)), 'a travel token still stored in clear');
    }
  });

  it('keeps the companies: their data opens with their token', async () => {
    const company = await json(first.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}`);
    assert.equal(company.status, 200, company.text);
    assert.equal(company.data.transportation_company.name, 'Transports Martin & Fils');
    const places = await json(second.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}/places?q=`);
    assert.equal(places.status, 200, places.text);
    assert.ok(places.data.length > 0);
  });

  it('shows the old bookings in the back office: each company its own and company 1 the public ones, found by name', async () => {
    const martin = await new BackOffice(first.base).signInAs(1);
    // Every one of them (the tab Toutes: some were answered), whatever their order by the job's day.
    const listed = BackOffice.listedIds((await martin.get('/espace-transporteur/reservations?vue=toutes')).text);
    const expected = FIXTURE_BOOKINGS.filter((booking) => booking.label !== 'company 2').map((booking) => booking.id);
    assert.deepEqual(
      [...listed].sort((a, b) => a - b),
      [...expected].sort((a, b) => a - b),
    );
    assert.deepEqual(BackOffice.listedIds((await martin.get('/espace-transporteur/reservations?q=hermite')).text), [2]);
    assert.deepEqual(BackOffice.listedIds((await martin.get('/espace-transporteur/reservations?q=ormesson')).text), [3]);
    const dupont = await new BackOffice(second.base).signInAs(2);
    assert.deepEqual(BackOffice.listedIds((await dupont.get('/espace-transporteur/reservations')).text), [6]);
    const [{ n: unfilled }] = await first.query('SELECT COUNT(*) AS n FROM travels WHERE summary_json IS NULL OR search_text IS NULL');
    assert.equal(Number(unfilled), 0);
  });

  it('S136 takes new bookings and edits of the old ones after the upgrade', async () => {
    const created = await json(second.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ customer: { name: 'Après la mise à jour', phone_number: '0612345678', email: 'apres@exemple.fr' } }),
    });
    assert.equal(created.status, 201, created.text);
    assert.ok(created.data.id > Math.max(...FIXTURE_BOOKINGS.map((booking) => booking.id)));
    const read = await json(first.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
    assert.equal(read.data.customer.name, 'Après la mise à jour');

    const old = FIXTURE_BOOKINGS.find((booking) => booking.label === 'company 1');
    // The fixture's booking was for a day now past, when edits are closed (issue 46): moved to the body's day ahead.
    const past = (await first.query('SELECT beginning_date FROM travels WHERE id = ?', [old.id]))[0].beginning_date.slice(0, 10);
    await first.query(
      'UPDATE travels SET beginning_date = REPLACE(beginning_date, ?, ?), payload_json = REPLACE(payload_json, ?, ?) WHERE id = ?',
      [past, FIXTURE_DAY, past, FIXTURE_DAY, old.id],
    );
    const edited = await json(first.base, 'PATCH', `/api/v1/travels/${old.id}?token=${old.token}`, {
      body: bookingBody({ customer: { name: 'Client modifié', phone_number: '0612345678', email: 'modifie@exemple.fr' } }),
    });
    assert.equal(edited.status, 200, edited.text);
    const reread = await json(second.base, 'GET', `/api/v1/travels/${old.id}?token=${old.token}`);
    assert.equal(reread.data.customer.name, 'Client modifié');
    assert.equal(reread.data.made_by_company, true);
  });

  it('counts for the quota exactly the bytes the bookings hold, per company and for the public ones', async () => {
    await Promise.all([first.stop(), second.stop()]);
    const held = await bytesByOwner({ query: (text, params) => queryDatabase(database, text, params) });
    const companyBody = bookingBody({
      customer: { name: 'Quota entreprise', phone_number: '0612345678', email: 'quota@exemple.fr' },
      company_token: DEMO_COMPANY_TOKEN,
    });
    const publicBody = bookingBody({ customer: { name: 'Quota public', phone_number: '0612345678', email: 'quota@exemple.fr' } });
    // What each body takes once stored (the server's figures and state in it), measured on a
    // fresh database: the same body always takes the same bytes.
    const probe = await startServer();
    const stored = new Map();
    for (const body of [companyBody, publicBody]) {
      const { data } = await json(probe.base, 'POST', '/api/v1/travels', { body });
      const [{ bytes }] = await probe.query('SELECT payload_bytes AS bytes FROM travels WHERE id = ?', [data.id]);
      stored.set(body, Number(bytes));
    }
    await probe.stop();
    // A booking passes when what its owner holds plus what it will take fits the quota: with the
    // quota set to what the database holds plus that, the booking passes and one byte more does
    // not, which is true only when the counter equals what the database holds.
    first = await startServer(database, 0, {
      QUOTA_COMPANY_BYTES: String(held.get('1') + stored.get(companyBody)),
      QUOTA_PUBLIC_BYTES: String(held.get('public') + stored.get(publicBody)),
    });
    const oneByteMore = (body) => ({ ...body, customer: { ...body.customer, name: `${body.customer.name}!` } });
    for (const [label, body] of [
      ['company 1', companyBody],
      ['public', publicBody],
    ]) {
      const over = await json(first.base, 'POST', '/api/v1/travels', { body: oneByteMore(body) });
      assert.equal(over.status, 507, `${label}: one byte over the quota (${over.text})`);
      const fits = await json(first.base, 'POST', '/api/v1/travels', { body });
      assert.equal(fits.status, 201, `${label}: exactly the quota (${fits.text})`);
    }
  });
});
