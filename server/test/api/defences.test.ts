// The holes a probe found in the server's defences (issue 28), each shown where it bites:
// budgets of 2, a quota share of two bookings, tokens spelled as the router reads them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { bookingBody } from './booking-body.ts';
import { CLOCK_ENV, DEMO_COMPANY_TOKEN, json, type JsonAnswer, ROOT, startServer, DATABASE_NAME } from './support.ts';

const post = (base, body, headers = {}) => json(base, 'POST', '/api/v1/travels', { body, headers });
const companyBooking = () => bookingBody({ company_token: DEMO_COMPANY_TOKEN });

/** Sends raw request bytes (what a browser's fetch would clean up first) and returns the status line. */
function rawRequest(base, text): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    // Written without ending our side: the server closes the connection once it answered (Connection: close).
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer.split('\r\n')[0]));
    socket.on('error', reject);
  });
}

describe(`rate limits: both budgets apply (${DATABASE_NAME})`, () => {
  it('the per-company budget of 2 writes a minute refuses the third company booking, while public bookings go on', async () => {
    const server = await startServer(undefined, 0, { RATE_WRITES_PER_MINUTE_PER_COMPANY: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await post(server.base, companyBooking())).status);
      assert.deepEqual(statuses, [201, 201, 429]);
      const refused = await post(server.base, companyBooking());
      assert.match(refused.data.error, /^Trop de requêtes\u00a0: réessayez dans \d+\u00a0s\.$/);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      assert.equal((await post(server.base, bookingBody())).status, 201, 'a public booking is not the company’s budget');
    } finally {
      await server.stop();
    }
  });

  it('the per-address budget of 2 applies to company bookings too', async () => {
    const server = await startServer(undefined, 0, { RATE_WRITES_PER_MINUTE_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await post(server.base, companyBooking())).status);
      assert.deepEqual(statuses, [201, 201, 429]);
      // Reads have their own budget.
      assert.equal((await json(server.base, 'GET', '/api/v1/items/search?q=table')).status, 200);
    } finally {
      await server.stop();
    }
  });

  it('quotes have a budget of their own, per company and per address: a flood of quotes neither runs nor stores without end', async () => {
    // Each quote is computed (the route, a grid's code) and stored until a day after it expires:
    // counted with the searches, one address could have 600 a minute of them.
    const server = await startServer(undefined, 0, { RATE_QUOTES_PER_MINUTE_PER_IP: '4', RATE_QUOTES_PER_MINUTE_PER_COMPANY: '2' });
    try {
      const { addresses, items } = bookingBody();
      // A new floor each time: a new quote, not the one already issued.
      const quote = (floor, company = {}) =>
        json(server.base, 'POST', '/api/v1/quotes', {
          body: { ...company, items, addresses: addresses.map((address) => ({ ...address, floor_nb: floor })) },
        });
      const statuses: number[] = [];
      for (let floor = 0; floor < 3; floor += 1) statuses.push((await quote(floor, { company_token: DEMO_COMPANY_TOKEN })).status);
      assert.deepEqual(statuses, [201, 201, 429], 'the company’s budget of 2');
      statuses.length = 0;
      for (let floor = 3; floor < 5; floor += 1) statuses.push((await quote(floor)).status);
      assert.deepEqual(statuses, [201, 429], 'the address’s budget of 4');
      const [{ n }] = await server.query('SELECT COUNT(*) AS n FROM quotes');
      assert.equal(Number(n), 3, 'a refused quote is not stored');
      // Searches keep their own budget.
      assert.equal((await json(server.base, 'GET', '/api/v1/items/search?q=table')).status, 200);
    } finally {
      await server.stop();
    }
  });

  it('an IPv6 /64 is one address for the budget: a client cannot take a new budget from each of its addresses', async () => {
    const server = await startServer(undefined, 0, { TRUST_PROXY: 'true', RATE_WRITES_PER_MINUTE_PER_IP: '2' });
    try {
      const from = (address) => ({ 'x-forwarded-for': address });
      const statuses: number[] = [];
      for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'])
        statuses.push((await post(server.base, bookingBody(), from(address))).status);
      assert.deepEqual(statuses, [201, 201, 429]);
      // An IPv4 address written as IPv6 is the same address.
      const v4: number[] = [];
      for (const address of ['198.51.100.9', '::ffff:198.51.100.9', '::ffff:c633:6409'])
        v4.push((await post(server.base, bookingBody(), from(address))).status);
      assert.deepEqual(v4, [201, 201, 429]);
      assert.equal((await post(server.base, bookingBody(), from('2001:db8:5:7::1'))).status, 201, 'another /64 has its own budget');
    } finally {
      await server.stop();
    }
  });
});

describe(`the public quota cannot be filled for good (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    // One booking as the server stores it, measured on a first server: each address may keep
    // two and a half of them (a third does not fit); the public quota is far larger.
    const probe = await startServer();
    await post(probe.base, bookingBody());
    const [{ bytes }] = await probe.query('SELECT payload_bytes AS bytes FROM travels');
    await probe.stop();
    server = await startServer(undefined, 0, {
      TRUST_PROXY: 'true',
      QUOTA_PUBLIC_BYTES_PER_ADDRESS: String(Math.floor(Number(bytes) * 2.5)),
      QUOTA_PUBLIC_BYTES: String(Number(bytes) * 100),
      PUBLIC_RETENTION_DAYS: '30',
    });
  });
  after(async () => {
    await server?.stop();
  });
  const from = (address) => ({ 'x-forwarded-for': address });

  it('an address past its share gets 507 with a French message, another address still books, 80 % is logged once', async () => {
    const first: JsonAnswer[] = [];
    for (let i = 0; i < 3; i += 1) first.push(await post(server.base, bookingBody(), from('203.0.113.7')));
    assert.deepEqual(
      first.map((answer) => answer.status),
      [201, 201, 507],
    );
    assert.equal(first[2].data.error, 'Trop de réservations enregistrées depuis cette adresse\u00a0: contactez le transporteur.');
    assert.equal((await post(server.base, bookingBody(), from('198.51.100.20'))).status, 201);
    // Two addresses of one IPv6 /64 share one share; another /64 has its own.
    assert.equal((await post(server.base, bookingBody(), from('2001:db8:1:2::a'))).status, 201);
    assert.equal((await post(server.base, bookingBody(), from('2001:db8:1:2:ffff::b'))).status, 201);
    assert.equal((await post(server.base, bookingBody(), from('2001:db8:1:2::c'))).status, 507);
    assert.equal((await post(server.base, bookingBody(), from('2001:db8:1:3::a'))).status, 201);
    const quotaAlerts = () => server.logs.split('\n').filter((line) => line.includes('Quota de stockage utilisé à'));
    // The log comes through the server's output, which can arrive after the last answer.
    const deadline = Date.now() + 5000;
    while (quotaAlerts().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const alerts = quotaAlerts();
    assert.equal(alerts.length, 2, `once per address that crossed 80 %:\n${alerts.join('\n')}`);
    assert.ok(!server.logs.includes('203.0.113.7'), 'the address itself is never logged with the quota');
  });

  it('public bookings nobody accepted are purged after the retention, and their bytes given back', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3_600_000).toISOString();
    await server.query("UPDATE travels SET updated_at = ? WHERE company_id IS NULL AND state <> 'accepted'", [old]);
    // An accepted one is kept whatever its age.
    const accepted = await post(server.base, bookingBody(), from('192.0.2.50'));
    await server.query("UPDATE travels SET updated_at = ?, state = 'accepted' WHERE id = ?", [old, accepted.data.id]);
    const environment = server.databasePath ? { DATABASE_PATH: server.databasePath } : { DATABASE_URL: server.database };
    const output = execFileSync(process.execPath, [`${ROOT}/server/dist/carrier.mjs`, 'purge-public'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, PUBLIC_RETENTION_DAYS: '30', ...CLOCK_ENV, ...environment },
    });
    assert.match(output, /^6 réservation\(s\) publique\(s\) non acceptée\(s\) de plus de 30 jours supprimée\(s\)\.$/m);
    const [{ n }] = await server.query('SELECT COUNT(*) AS n FROM travels WHERE company_id IS NULL');
    assert.equal(n, 1, 'only the accepted booking is left');
    assert.equal((await post(server.base, bookingBody(), from('203.0.113.7'))).status, 201, 'the address has its share again');
  });
});

describe(`tokens, bodies and pages the probe found (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('a token after # or in a path spelled with escapes never reaches the log', async () => {
    const created = await post(server.base, bookingBody());
    const secret = 'jeton-apres-le-diese-0123456789';
    assert.match(
      await rawRequest(
        server.base,
        `GET /api/v1/travels/${created.data.id}#token=${secret} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      ),
      /^HTTP\/1\.1 404/,
    );
    assert.match(
      await rawRequest(server.base, `GET /api/v1/companie%73/${DEMO_COMPANY_TOKEN} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
      /^HTTP\/1\.1 200/,
      'the router decodes %73: this is the company route',
    );
    assert.match(
      await rawRequest(
        server.base,
        `GET /api/v1/travels/${created.data.id}?%74oken=${created.data.token} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      ),
      /^HTTP\/1\.1 200/,
    );
    while (!server.logs.includes('GET /api/v1/companies/[caché] 200')) await new Promise((resolve) => setImmediate(resolve));
    for (const token of [secret, DEMO_COMPANY_TOKEN, created.data.token]) assert.ok(!server.logs.includes(token), token);
  });

  it('a body nested 10 000 levels deep is a 400 with a French message, not a 500', async () => {
    const deep = `{"y":${'['.repeat(10_000)}${']'.repeat(10_000)},"x":"\\ud800"}`;
    const answer = await json(server.base, 'POST', '/api/v1/travels', { raw: deep });
    assert.equal(answer.status, 400, answer.text);
    assert.equal(answer.data.error, 'Corps JSON trop imbriqué\u00a0: 400 niveaux au plus');
    const lone = await json(server.base, 'POST', '/api/v1/travels', { raw: `{"a":[[["\\ud800"]]]}` });
    assert.equal(lone.status, 400);
    assert.match(lone.data.error, /caractère Unicode isolé/);
  });

  it('an unknown path answers 404 without reading its body as JSON', async () => {
    const answer = await json(server.base, 'POST', '/api/v1/nulle-part', { raw: '{ceci n’est pas du JSON' });
    assert.equal(answer.status, 404);
    assert.equal(answer.data.error, 'Introuvable');
  });

  it('the dashboard page has a Content-Security-Policy like every other page', async () => {
    const created = await post(server.base, bookingBody());
    const page = await fetch(
      `${server.base}/dashboard/companies/company/travels/${created.data.id}?token=${created.data.token}&light_layout=yes`,
    );
    assert.equal(page.status, 200);
    const policy = page.headers.get('content-security-policy');
    assert.match(policy!, /default-src 'none'/);
    assert.match(policy!, /style-src 'self'/);
    assert.doesNotMatch(policy!, /script-src/);
    const missing = await fetch(`${server.base}/dashboard/companies/company/travels/999999?token=faux`);
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-security-policy')!, /default-src 'none'/);
  });
});
