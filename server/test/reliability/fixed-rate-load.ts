// The fixed-rate load of search and booking, shared by the reliability suite (which asserts on
// it) and the benchmark (which records it): the same scenario, so both speak of the same thing.
import autocannon from 'autocannon';
import { bookingBody } from '../api/booking-body.ts';
import type { TestServer } from '../api/support.ts';

export const SEARCH_RATE = 200;
export const BOOKING_RATE = 50;
/** Each side's connections: a request in flight when the load stops may be stored unanswered, one per connection. */
export const CONNECTIONS = 4;

/** Autocannon's counts of a run (errors, timeouts, non2xx, 2xx…). */
function cannon(options): Promise<Record<string, number>> {
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

/**
 * Searches at 200 requests/s and bookings at 50/s together for `seconds` on a started server
 * (server/test/api/support.ts), then counts the stored bookings. What each side answered, and how
 * many bookings the database holds against how many were acknowledged.
 */
export async function fixedRateLoad(server: TestServer, seconds: number) {
  const [search, booking] = await Promise.all([
    cannon({ url: `${server.base}/api/v1/items/search?q=table`, connections: CONNECTIONS, overallRate: SEARCH_RATE, duration: seconds }),
    cannon({
      url: `${server.base}/api/v1/travels`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bookingBody()),
      connections: CONNECTIONS,
      overallRate: BOOKING_RATE,
      duration: seconds,
    }),
  ]);
  const [{ n: stored }] = await server.query('SELECT COUNT(*) AS n FROM travels');
  return { seconds, search, booking, stored: Number(stored) };
}
