// The server killed (SIGKILL) in the middle of a burst of writes: every acknowledged booking
// is there after a restart, and no row is half-written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookingBody } from '../api/booking-body.ts';
import { ROOT, json, startServer, DATABASE_NAME } from '../api/support.ts';

const { TravelPayloadSchema } = await import(`${ROOT}/dist/domain/index.js`);
const valibot = await import('valibot');

describe(`crash during a burst of writes on ${DATABASE_NAME}`, () => {
  it('keeps every acknowledged booking, whole', async () => {
    const server = await startServer();
    const acknowledged: { id: number; token: string; name: string }[] = [];
    let stop = false;
    const writer = async (n) => {
      for (let i = 0; !stop; i += 1) {
        const body = bookingBody({ customer: { phone_number: '0612345678', email: 'a@b.fr', name: `Client ${n}-${i}` } });
        try {
          const answer = await json(server.base, 'POST', '/api/v1/travels', { body });
          if (answer.status === 201) acknowledged.push({ ...answer.data, name: body.customer.name });
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, n) => writer(n));
    // Killed in the middle of the burst: once enough bookings are acknowledged, while more are in flight.
    while (acknowledged.length <= 60) await new Promise((resolve) => setImmediate(resolve));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(writers);
    assert.ok(acknowledged.length > 50, `${acknowledged.length} bookings acknowledged before the kill`);

    const again = await startServer(server.database);
    try {
      for (const booking of acknowledged) {
        const read = await json(again.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`);
        assert.equal(read.status, 200, `booking ${booking.id} lost`);
        assert.equal(read.data.customer.name, booking.name);
        const { id: _id, created_at: _c, updated_at: _u, ...payload } = read.data;
        assert.ok(
          valibot.safeParse(TravelPayloadSchema, { ...payload, travel: { ...payload.travel, travel_id: null } }).success,
          `booking ${booking.id} is not whole`,
        );
      }
    } finally {
      await again.stop();
    }
  });
});
