// A fixed-rate load on search and booking: zero errors, and every acknowledged booking stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import autocannon from 'autocannon';
import { bookingBody } from '../server/booking-body.mjs';
import { startServer, STORE_NAME } from '../server/support.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
let server;

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
      outputStream: { write() {} },
    });
  });
}

describe(`${SECONDS}-second load at a fixed rate on ${STORE_NAME}`, () => {
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('search at 200 requests/s and booking at 50 requests/s: no error, nothing lost', async () => {
    const [search, booking] = await Promise.all([
      run({ url: `${server.base}/api/v1/items/search?q=table`, connections: 4, overallRate: 200, duration: SECONDS }),
      run({
        url: `${server.base}/api/v1/travels`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bookingBody()),
        connections: 4,
        overallRate: 50,
        duration: SECONDS,
      }),
    ]);
    for (const result of [search, booking]) {
      assert.equal(result.errors, 0, 'connection errors');
      assert.equal(result.timeouts, 0, 'timeouts');
      assert.equal(result.non2xx, 0, 'non-2xx answers');
    }
    assert.ok(search['2xx'] >= SECONDS * 200 * 0.9, `${search['2xx']} searches`);
    const [{ n: rows }] = await server.query('SELECT COUNT(*) AS n FROM travels');
    // Nothing acknowledged is lost; a request still in flight when the load stops may be stored
    // without its answer being counted, at most one per connection.
    assert.ok(rows >= booking['2xx'], `${rows} rows for ${booking['2xx']} acknowledged bookings`);
    assert.ok(rows - booking['2xx'] <= 4, `${rows - booking['2xx']} bookings stored beyond the acknowledged ones`);
  });
});
