// Two server processes behind one load balancer on one PostgreSQL share one rate-limit budget:
// a client alternating between them gets its budget once, not once per process (run only in
// the PostgreSQL stage; SQLite runs one process and keeps its counts in memory).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingBody } from '../api/booking-body.ts';
import { DEMO_COMPANY_TOKEN, json, startServer, tempPostgresDatabase, type TestServer } from '../api/support.ts';

describe('two processes on one PostgreSQL share the rate limits', () => {
  let first;
  let second;
  before(async () => {
    const database = await tempPostgresDatabase();
    const limits = { RATE_WRITES_PER_MINUTE_PER_IP: '3', RATE_WRITES_PER_MINUTE_PER_COMPANY: '2', RATE_READS_PER_MINUTE_PER_IP: '4' };
    first = await startServer(database, 0, limits);
    second = await startServer(database, 0, limits);
  });
  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('three writes a minute per address across both processes: the fourth is refused wherever it lands', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const server = i % 2 === 0 ? first : second;
      statuses.push((await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).status);
    }
    assert.deepEqual(statuses, [201, 201, 201, 429]);
    const again = await json(first.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(again.status, 429);
    assert.match(again.data.error, /^Trop de requêtes\u00a0: réessayez dans \d+\u00a0s\.$/);
    // Reads are another budget, shared the same way.
    const reads: number[] = [];
    for (let i = 0; i < 5; i += 1)
      reads.push((await json((i % 2 === 0 ? second : first).base, 'GET', '/api/v1/items/search?q=table')).status);
    assert.deepEqual(reads, [200, 200, 200, 200, 429]);
  });
});

describe('two processes on one PostgreSQL share a company’s budget', () => {
  it('two company writes a minute across both processes, beside the per-address budget', async () => {
    const database = await tempPostgresDatabase();
    const limits = { RATE_WRITES_PER_MINUTE_PER_COMPANY: '2' };
    const started: TestServer[] = [];
    try {
      // Each server is stopped even when the other fails to start, or the suite would hang.
      for (let i = 0; i < 2; i += 1) started.push(await startServer(database, 0, limits));
      const [one, two] = started;
      const body = bookingBody({ company_token: DEMO_COMPANY_TOKEN });
      const statuses: number[] = [];
      for (const server of [one, two, one]) statuses.push((await json(server.base, 'POST', '/api/v1/travels', { body })).status);
      assert.deepEqual(statuses, [201, 201, 429]);
    } finally {
      await Promise.all(started.map((server) => server.stop()));
    }
  });
});
