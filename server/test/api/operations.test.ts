// What an operator relies on: health and readiness for the load balancer, Prometheus metrics
// behind a token or on their own port, a SIGTERM that drains what is in flight, and the
// element scripts compressed and cached as a phone should get them.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bookingBody } from './booking-body.ts';
import { json, ROOT, startServer, untilNotReady } from './support.ts';

const METRICS_TOKEN = 'jeton-de-collecte-0123456789';

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A GET as a browser sends it, headers untouched (fetch() adds its own); its response, body dropped. */
function get(url, headers = {}): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) =>
    http
      .get(url, { headers }, (response) => {
        response.resume();
        resolve(response);
      })
      .on('error', reject),
  );
}

/** The first content-hashed chunk of the build, as the one-script loader would fetch it. */
function aChunk() {
  return readdirSync(path.join(ROOT, 'dist/esm/chunks')).find((file) => /^chunk-[A-Z0-9]{8}\.js$/.test(file));
}

describe('operations: health, metrics, compression and caching', () => {
  let server;
  let metricsPort;
  before(async () => {
    metricsPort = await freePort();
    server = await startServer(undefined, 0, { METRICS_TOKEN, METRICS_PORT: String(metricsPort) });
  });
  after(async () => {
    await server?.stop();
  });

  it('/healthz answers while the process runs, /readyz while its database answers', async () => {
    const health = await json(server.base, 'GET', '/healthz');
    assert.equal(health.status, 200);
    assert.deepEqual(health.data, { status: 'ok' });
    const ready = await json(server.base, 'GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.data.ready, true);
    assert.equal(ready.headers.get('cache-control'), 'no-store');
  });

  it('/metrics is served only to the scraper presenting METRICS_TOKEN, with routes as patterns (never ids or tokens)', async () => {
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(created.status, 201);
    await json(server.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
    assert.equal((await fetch(`${server.base}/metrics`)).status, 404, 'no token: nothing to see');
    assert.equal((await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer mauvais-jeton-0123456789' } })).status, 404);
    const scraped = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(scraped.status, 200);
    const text = await scraped.text();
    assert.match(text, /tqw_http_requests_total\{method="POST",route="\/api\/v1\/travels",status="201"\} 1/);
    assert.match(text, /tqw_http_requests_total\{method="GET",route="\/api\/v1\/travels\/:id",status="200"\} 1/);
    assert.match(text, /tqw_http_request_duration_seconds_bucket\{le="0\.05",method="POST",route="\/api\/v1\/travels"\}/);
    assert.match(text, /tqw_bookings_total\{action="created",owner="public"\} 1/);
    assert.match(text, /tqw_storage_quota_ratio\{owner="public"\} \d/);
    assert.ok(!text.includes(created.data.token), 'no token in the figures');
    assert.ok(!text.includes(`/api/v1/travels/${created.data.id}`), 'no id in the labels');
  });

  it('METRICS_PORT serves the same figures on a port of their own, without a token', async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    assert.match(text, /tqw_http_requests_total\{/);
    assert.match(text, /tqw_process_cpu_seconds_total/);
    assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/`)).status, 404);
  });

  it('element scripts come brotli- or gzip-compressed from the build, content-hashed chunks immutable for a year, the loaders for five minutes with an ETag', async () => {
    const chunk = aChunk();
    const hashed = await fetch(`${server.base}/dist/esm/chunks/${chunk}`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(hashed.status, 200);
    assert.equal(hashed.headers.get('content-encoding'), 'br');
    assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(hashed.headers.get('vary')!, /Accept-Encoding/i);
    assert.match(hashed.headers.get('content-type')!, /javascript/);
    // fetch decodes brotli itself: the body is the chunk's own code.
    assert.ok((await hashed.text()).length > 0);

    const loader = await fetch(`${server.base}/dist/transport-quote-wizard.js`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(loader.headers.get('content-encoding'), 'gzip');
    assert.equal(loader.headers.get('cache-control'), 'public, max-age=300');
    const etag = loader.headers.get('etag');
    assert.ok(etag, 'an ETag to revalidate with');
    // As a browser revalidates (fetch() would add Cache-Control: no-cache to a conditional request).
    const again = await get(`${server.base}/dist/transport-quote-wizard.js`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    assert.equal(again.statusCode, 304);

    const plain = await get(`${server.base}/dist/transport-quote-wizard.js`);
    assert.equal(plain.headers['content-encoding'], undefined, 'a client that accepts no encoding gets the plain file');
  });

  it('JSON answers and pages are compressed for clients that accept it, small answers are not', async () => {
    const search = await get(`${server.base}/api/v1/items/search?q=table`, { 'accept-encoding': 'br, gzip' });
    assert.equal(search.headers['content-encoding'], 'br');
    const page = await get(`${server.base}/lite.html`, { 'accept-encoding': 'gzip' });
    assert.equal(page.headers['content-encoding'], 'gzip');
    const small = await get(`${server.base}/healthz`, { 'accept-encoding': 'br, gzip' });
    assert.equal(small.headers['content-encoding'], undefined);
  });

  it('a favicon answers, so browsers stop asking for a missing one', async () => {
    for (const url of ['/favicon.ico', '/favicon.svg']) {
      const response = await fetch(server.base + url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('content-type'), 'image/svg+xml');
      assert.match(await response.text(), /^<svg /);
    }
  });
});

describe('SIGTERM: the server drains', () => {
  it('/readyz turns false at once, a request in flight is finished and answered, then the process exits 0', async () => {
    const server = await startServer(undefined, 0, { SHUTDOWN_DELAY_MS: '1500' });
    const { port } = new URL(server.base);
    const body = JSON.stringify(bookingBody());
    let sendTheRest;
    const restOfBody = new Promise((resolve) => (sendTheRest = resolve));
    // A booking whose body is still arriving when the signal comes.
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/travels',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 100));
      // The rest once the server is draining.
      void restOfBody.then(() => request.end(body.slice(100)));
    });
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    // Until the drain delay ends, new requests are still served, and readiness says "do not send more".
    const ready = await untilNotReady(server.base);
    assert.equal(ready.data.ready, false);
    assert.match(ready.data.reason, /Arrêt en cours/);
    sendTheRest();
    const answer = await inFlight;
    assert.equal(answer.status, 201, answer.text);
    assert.equal(await exited, 0);
    const { id } = JSON.parse(answer.text);
    const [{ n }] = await server.query('SELECT COUNT(*) AS n FROM travels WHERE id = ?', [id]);
    assert.equal(n, 1, 'the booking answered during the drain is stored');
    await server.stop();
  });
});

describe('SIGTERM under load: clients see answers, never a reset', () => {
  it('requests sent across the signal get 2xx, then the French 503 with Retry-After as the server closes; no connection is reset', async () => {
    const server = await startServer(undefined, 0, { SHUTDOWN_DELAY_MS: '400', LOG_LEVEL: 'warn' });
    const statuses = new Map();
    const refusals: { status: number; retryAfter: string | null; text: string }[] = [];
    const failures: string[] = [];
    let signalled = false;
    let stopped = false;
    /** One client as a proxy or a browser behaves: keep-alive connections (fetch's pool), one request after the other. */
    async function client(index) {
      for (let n = 0; !stopped; n++) {
        const booking = n % 4 === 0;
        try {
          const response = booking
            ? await fetch(`${server.base}/api/v1/travels`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(bookingBody()),
              })
            : await fetch(`${server.base}/api/v1/items/search?q=${['table', 'canape', 'armoire'][(index + n) % 3]}`);
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 300) {
            refusals.push({ status: response.status, retryAfter: response.headers.get('retry-after'), text });
            // Told to come back later: an honest client waits (longer than this test).
            if (response.headers.get('retry-after')) return;
          }
        } catch (error) {
          // The server no longer listens: a new connection is refused. That is the end, not a failure.
          if (signalled && error.cause?.code === 'ECONNREFUSED') return;
          failures.push(`${error.message}: ${error.cause?.code ?? ''} ${error.cause?.message ?? ''}`);
        }
      }
    }
    const clients = Array.from({ length: 8 }, (_, index) => client(index));
    const served = () => (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0);
    // Under way before the signal (as many answers as clients, however busy the machine), then
    // across the drain delay and the close.
    for (let turn = 0; served() < 8 && turn < 600; turn++) await new Promise((resolve) => setTimeout(resolve, 50));
    const servedBeforeSignal = served();
    assert.ok(servedBeforeSignal >= 8, `answers before the signal: ${JSON.stringify([...statuses])}`);
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    signalled = true;
    server.child.kill('SIGTERM');
    assert.equal(await exited, 0, server.logs);
    // Every client has met the closed port by now, or is told so at its next request.
    await Promise.race([Promise.all(clients), new Promise((resolve) => setTimeout(resolve, 3000))]);
    stopped = true;
    await Promise.all(clients);

    assert.deepEqual(failures, [], 'no request failed at the network level (reset, socket closed under it)');
    // The drain served what was sent across the signal: answers after it, before any refusal.
    assert.ok(served() > servedBeforeSignal, `answers: ${JSON.stringify([...statuses])}, ${servedBeforeSignal} before the signal`);
    assert.ok(refusals.length > 0, 'clients still sending when the server closes are told to come back later');
    for (const refusal of refusals) {
      assert.equal(refusal.status, 503, refusal.text);
      assert.equal(refusal.retryAfter, '5');
      assert.equal(
        JSON.parse(refusal.text).error,
        'Service momentanément indisponible\u00a0: le serveur redémarre. Réessayez dans quelques secondes.',
      );
    }
    assert.doesNotMatch(server.logs, /Service Unavailable/);
    await server.stop();
  });
});
