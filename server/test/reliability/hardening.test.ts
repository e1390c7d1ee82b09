// The reference server facing the internet: floods, trickles, forged figures, bad files and
// paths, headers, logs. Each test starts a server with the limits it needs to show.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { bookingBody, type ForgedBody } from '../api/booking-body.ts';
import { largestBooking } from '../api/largest-booking.ts';
import { DEMO_COMPANY_TOKEN, SERVER_MAIN, json, type JsonAnswer, startServer, withServerPrice } from '../api/support.ts';
import { launchBrowser, openPage } from '../../../test/e2e/support.ts';

const post = (base, body, headers = {}) => json(base, 'POST', '/api/v1/travels', { body, headers });

describe('a flood: rate limits and storage quotas', () => {
  let server;
  before(async () => {
    server = await startServer(undefined, 0, {
      RATE_WRITES_PER_MINUTE_PER_IP: '20',
      RATE_READS_PER_MINUTE_PER_IP: '40',
      QUOTA_PUBLIC_BYTES: String(40 * 1024),
      QUOTA_COMPANY_BYTES: String(30 * 1024),
    });
  });
  after(async () => {
    await server?.stop();
  });

  it('writes past the per-address limit get 429 with Retry-After and a French message; searches have their own limit', async () => {
    const answers: JsonAnswer[] = [];
    for (let i = 0; i < 30; i += 1) answers.push(await post(server.base, bookingBody()));
    const refused = answers.filter((answer) => answer.status === 429);
    assert.ok(refused.length >= 10, `${refused.length} refusals`);
    assert.ok(Number(refused[0].headers.get('retry-after')) > 0, 'Retry-After');
    assert.match(refused[0].data.error, /^Trop de requêtes\u00a0: réessayez dans \d+\u00a0s\.$/);
    // Searches still answer (their own budget), until they pass it too.
    const searches: number[] = [];
    for (let i = 0; i < 50; i += 1) searches.push((await json(server.base, 'GET', '/api/v1/items/search?q=table')).status);
    assert.equal(searches[0], 200);
    assert.ok(searches.includes(429));
  });

  it('the disk use stays under the quota: past it a booking gets 507 and nothing more is stored', async () => {
    // A second server: a fresh minute, the same small quota.
    const fresh = await startServer(undefined, 0, { QUOTA_PUBLIC_BYTES: String(600 * 1024) });
    try {
      const bulky = await withServerPrice(fresh.base, largestBooking());
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await post(fresh.base, bulky)).status);
      assert.ok(statuses.includes(201) && statuses.includes(507), statuses.join(' '));
      assert.equal(statuses.indexOf(507) > 0 && statuses.slice(statuses.indexOf(507)).every((s) => s === 507), true, statuses.join(' '));
      const db = new Database(fresh.databasePath!, { readonly: true });
      const { bytes } = db
        .prepare(
          'SELECT SUM(LENGTH(CAST(payload_json AS BLOB)) + LENGTH(CAST(store_serialized AS BLOB))) AS bytes FROM travels WHERE company_id IS NULL',
        )
        .get() as { bytes: number };
      db.close();
      assert.ok(bytes <= 600 * 1024, `${bytes} bytes stored`);
      const refused = await post(fresh.base, bulky);
      assert.match(refused.data.error, /stockage/);
    } finally {
      await fresh.stop();
    }
  });
});

describe('bodies, timeouts, tokens, figures', () => {
  let server;
  before(async () => {
    server = await startServer(undefined, 0, { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000' });
  });
  after(async () => {
    await server?.stop();
  });

  it('the largest real booking (50 stops, 200 items) is taken; a body past the limit is 413', async () => {
    const largest = await withServerPrice(server.base, largestBooking());
    const size = Buffer.byteLength(JSON.stringify(largest));
    assert.equal((await post(server.base, largest)).status, 201, `${size} bytes`);
    const tooLarge = { ...largest, customer: { ...largest.customer, name: 'x'.repeat(400 * 1024) } };
    assert.equal((await post(server.base, tooLarge)).status, 413);
  });

  it('a client trickling its body is cut off within the request timeout', async () => {
    const { port } = new URL(server.base);
    const started = Date.now();
    const closed = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/v1/travels HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
        const drip = setInterval(() => socket.write(' '), 200);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(Date.now() - started);
        });
        // Bounded: the test ends even if the server never cut.
        setTimeout(() => {
          clearInterval(drip);
          socket.destroy();
          resolve(Infinity);
        }, 15000);
      });
      socket.on('error', () => undefined);
    });
    assert.ok(closed < 6000, `cut after ${closed} ms`);
  });

  it('a wrong token is refused before the booking is read: a booking whose stored body is unreadable still answers 404', async () => {
    const created = (await post(server.base, bookingBody())).data;
    const db = new Database(server.databasePath);
    db.prepare("UPDATE travels SET payload_json = '{pas du json' WHERE id = ?").run(created.id);
    db.close();
    const wrong = await json(server.base, 'GET', `/api/v1/travels/${created.id}`, { headers: { authorization: 'Bearer faux-jeton' } });
    assert.equal(wrong.status, 404);
    assert.equal(
      (await json(server.base, 'GET', '/api/v1/travels/999999', { headers: { authorization: 'Bearer faux-jeton' } })).status,
      404,
    );
  });

  it('figures that cannot be true and choices out of the spec’s ranges get 422 naming the field, in French', async () => {
    const cases: [(b: ForgedBody) => ForgedBody, string, RegExp][] = [
      [(b) => ({ travel: { ...b.travel, price_transportation: -100 } }), 'travel.price_transportation', /négatif/],
      [(b) => ({ travel: { ...b.travel, price_transportation: 1e15 } }), 'travel.price_transportation', /plafond/],
      // Spec §9: floors -1 to 12, 0 to 4 handlers, 0.5 to 8 hours of handling, 50 addresses at most.
      [
        (b) => ({ addresses: [{ ...b.addresses[0], floor_nb: 13 }, b.addresses[1]] }),
        'addresses.0.floor_nb',
        /Étage entre -1 \(rue\) et 12/,
      ],
      [(b) => ({ travel: { ...b.travel, persons_needed: 5 } }), 'persons_needed', /Entre 0 et 4 manutentionnaires/],
      [(b) => ({ travel: { ...b.travel, duration_handling: 9 * 3600 } }), 'handling_hours', /entre 0,5 et 8 heures/],
      [
        (b) => ({ addresses: Array.from({ length: 51 }, (_, i) => ({ ...b.addresses[i % 2], step: i + 1 })) }),
        'addresses',
        /Au plus 50 adresses/,
      ],
    ];
    for (const [change, field, message] of cases) {
      const body = bookingBody();
      const answer = await post(server.base, { ...body, ...change(body) });
      assert.equal(answer.status, 422, `${field}: ${answer.text}`);
      const named = answer.data.fields.find((f) => f.path === field);
      assert.ok(named, `${field} not named: ${JSON.stringify(answer.data)}`);
      assert.match(named.message, message);
    }
  });

  it('a string with a lone surrogate is refused with 400; a well-formed emoji is kept', async () => {
    const raw = JSON.stringify(bookingBody({ customer: { phone_number: '0612345678', email: 'a@b.fr', name: 'Marie XX' } })).replace(
      'Marie XX',
      'Marie \\ud800',
    );
    assert.equal((await json(server.base, 'POST', '/api/v1/travels', { raw })).status, 400);
    const ok = JSON.stringify(bookingBody({ customer: { phone_number: '0612345678', email: 'a@b.fr', name: 'Marie \ud83d\ude9a' } }));
    assert.equal((await json(server.base, 'POST', '/api/v1/travels', { raw: ok })).status, 201);
  });

  it('path traversal is 404, and only what a page needs is served from dist (never the server)', async () => {
    for (const url of [
      '/dist/..%2f..%2fpackage.json',
      '/dist/%2e%2e/%2e%2e/package.json',
      '/..%2f..%2fetc%2fpasswd',
      '/dist/server/main.mjs',
      '/dist/server/main.mjs.map',
      '/dist/sizes.json',
      '/dist/types/elements/transport-quote-wizard.d.ts',
    ]) {
      const response = await fetch(server.base + url);
      assert.equal(response.status, 404, url);
    }
    assert.equal((await fetch(`${server.base}/dist/transport-quote-wizard.js`)).status, 200);
    assert.equal((await fetch(`${server.base}/dist/pricing-worker.js`)).status, 200);
  });

  it('pages carry security headers: a nonce CSP with frame-ancestors, nosniff, Referrer-Policy', async () => {
    for (const page of ['/', '/company.html', '/lite.html', '/iframe-child.html', '/csp.html']) {
      const response = await fetch(server.base + page);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      assert.ok(nonce, `${page}: ${csp}`);
      assert.ok((await response.text()).includes(`<script nonce="${nonce}" src="/dist/`), page);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', page);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer', page);
    }
    assert.match((await fetch(`${server.base}/iframe-child.html`)).headers.get('content-security-policy')!, /frame-ancestors 'self'/);
    // The element scripts stay loadable by carriers' pages on other origins.
    assert.equal(
      (await fetch(`${server.base}/dist/transport-quote-wizard.js`)).headers.get('cross-origin-resource-policy'),
      'cross-origin',
    );
  });
});

describe('logs', () => {
  it('one short line per request at info, none at warn; a token is hidden in every spelling', async () => {
    const verbose = await startServer(undefined, 0, { LOG_LEVEL: 'info' });
    const quiet = await startServer(undefined, 0, { LOG_LEVEL: 'warn' });
    try {
      for (const server of [verbose, quiet]) {
        for (const url of [
          '/api/v1/travels/1?token=secret-a',
          '/api/v1/travels/1?%74oken=secret-b',
          '/api/v1/travels/1?TOKEN=secret-c',
          `/api/v1/companies/${DEMO_COMPANY_TOKEN}/places?q=a`,
        ]) {
          await fetch(server.base + url, { headers: { authorization: 'Bearer secret-d' } });
        }
      }
      // The request lines (issue 58: their facts as fields), the banner's address of the API aside.
      const lines = (logs) => logs.split('\n').filter((line) => line.includes('"status":') && line.includes('"url":"/api/v1/'));
      // The server writes its log lines after answering: wait for the fourth (or for long enough to know it will not come).
      for (let waited = 0; lines(verbose.logs).length < 4 && waited < 5000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(lines(verbose.logs).length, 4, verbose.logs);
      assert.ok(
        lines(verbose.logs).every((line) => line.length < 400),
        'short lines',
      );
      assert.equal(lines(quiet.logs).length, 0, quiet.logs);
      for (const secret of ['secret-a', 'secret-b', 'secret-c', 'secret-d', DEMO_COMPANY_TOKEN])
        assert.ok(!verbose.logs.includes(secret), secret);
    } finally {
      await verbose.stop();
      await quiet.stop();
    }
  });
});

describe('start-up', () => {
  it('a read-only database stops the server at start with a French message and a non-zero exit code', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tqw-ro-'));
    let file = path.join(dir, 'ro.sqlite');
    new Database(file).close();
    // Root ignores file modes: the file and its folder are made immutable instead. Where the
    // file system cannot (tmpfs), a path inside a regular file, which no one can create, stands in.
    const asRoot = process.getuid?.() === 0;
    const lock = (on) =>
      asRoot
        ? execFileSync('chattr', [on ? '+i' : '-i', file, dir], { stdio: 'ignore' })
        : (chmodSync(file, on ? 0o444 : 0o644), chmodSync(dir, on ? 0o555 : 0o755));
    let locked = true;
    try {
      lock(true);
    } catch {
      locked = false;
      file = path.join(file, 'base.sqlite');
    }
    try {
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, [SERVER_MAIN], {
          env: { ...process.env, PORT: '0', DATABASE_PATH: file },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve({ code: exitCode, output });
        });
      });
      assert.notEqual(code, 0, output);
      assert.match(output, /Démarrage impossible\s: la base .* ne peut pas être ouverte en écriture/);
      assert.ok(!output.includes('READY'));
    } finally {
      if (locked) lock(false);
    }
  });
});

describe('the element framed with parent-origin="*"', () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses it with a French console error and posts nothing to the parent, not even its height', async () => {
    const page = await openPage(browser);
    // A host and its framed child, both on the demo server's origin, the child with parent-origin="*".
    await page.route(`${server.base}/star-host.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><script>window.received = []; addEventListener("message", (e) => window.received.push(e.data));</script><iframe src="/star-child.html" title="devis"></iframe>',
      }),
    );
    await page.route(`${server.base}/star-child.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><transport-quote-wizard parent-origin="*" maps-provider="local"></transport-quote-wizard><script src="/dist/transport-quote-wizard.js"></script>',
      }),
    );
    const refusal = page.waitForEvent('console', {
      predicate: (message) => message.type() === 'error' && message.text().includes('parent-origin « * » refusé'),
      timeout: 15000,
    });
    await page.goto(`${server.base}/star-host.html`);
    await refusal;
    await page.frameLocator('iframe').getByRole('heading', { name: 'Vos adresses' }).waitFor();
    assert.deepEqual(await page.evaluate(() => window.received), []);
    await page.close();
  });
});
