// node --import tsx test/bench/postgres-remote.mjs [delay ms, default 1]: bookings against a PostgreSQL that
// sits across a network, as when several server processes share a database on another machine.
// A TCP proxy in this process holds every chunk `delay` ms each way (timers: at least 1 ms) in
// front of the local cluster of `bash .ci/postgres.sh`; bookings run at 50 connections, then one
// at a time. On one machine a round trip to PostgreSQL costs little, so what a booking's number
// of messages costs shows here (issue 28; postgres-round-trips.mjs counts them).
import net from 'node:net';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { startServer, tempPostgresDatabase, withServerPrice } from '../../server/test/api/support.ts';
import { BOOKING_BENCH_ENV, cannon } from './api.mjs';

const delayMs = Number(process.argv[2] ?? 1);
const target = new URL(await tempPostgresDatabase());

const proxy = net.createServer((client) => {
  const database = net.connect(Number(target.port || 5432), target.hostname);
  client.setNoDelay(true);
  database.setNoDelay(true);
  client.on('data', (chunk) => setTimeout(() => database.write(chunk), delayMs));
  database.on('data', (chunk) => setTimeout(() => client.write(chunk), delayMs));
  const end = () => {
    client.destroy();
    database.destroy();
  };
  for (const socket of [client, database]) socket.on('error', end).on('close', end);
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const remote = new URL(target);
remote.port = String(proxy.address().port);

const api = await startServer(remote.toString(), 0, BOOKING_BENCH_ENV);
try {
  const body = JSON.stringify(await withServerPrice(api.base, bookingBody()));
  for (const connections of [50, 1]) {
    const result = await cannon({
      connections,
      url: `${api.base}/api/v1/travels`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const refused = result.errors + result.non2xx;
    console.log(
      `PostgreSQL ${delayMs} ms away each way, ${connections} connection(s): ${Math.round(result.requests.average)} bookings/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${refused ? `, ${refused} NOT 2xx` : ''}`,
    );
  }
} finally {
  await api.stop();
  proxy.close();
}
