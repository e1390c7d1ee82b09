// node --import tsx test/bench/postgres-round-trips.mjs: how many messages a booking sends to PostgreSQL,
// and which, counted from the server's own statement log on a burst of bookings at 50
// connections (the outbox worker's claims and settles included). Each message is a round trip
// that costs the server process and PostgreSQL a system call and a wake-up each, which is
// where a booking's time goes on this store (issue 28). Needs the local cluster of
// `bash .ci/postgres.sh` and root (it turns log_statement on for its throwaway database).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { startServer, tempPostgresDatabase, withServerPrice } from '../../server/test/api/support.ts';
import { BOOKING_BENCH_ENV, cannon } from './api.mjs';

const LOG = process.env.POSTGRES_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const BOOKINGS = 400;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

const database = await tempPostgresDatabase();
const name = new URL(database).pathname.slice(1);
const env = BOOKING_BENCH_ENV;
// The first start creates the tables; the setting applies to the connections of the second.
await (await startServer(database, 0, env)).stop();
execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-q', '-c', `ALTER DATABASE "${name}" SET log_statement = 'all'`]);
const api = await startServer(database, 0, env);
try {
  const body = JSON.stringify(await withServerPrice(api.base, bookingBody()));
  await settle();
  const from = statSync(LOG).size;
  const result = await cannon({
    amount: BOOKINGS,
    url: `${api.base}/api/v1/travels`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} réponses en erreur`);
  await settle();
  // One log line per message: a text of several statements is logged once, by its first.
  const messages = readFileSync(LOG, 'utf8')
    .slice(from)
    .split('\n')
    .filter((line) => line.includes(name) && /LOG: {2}(execute [^:]+|statement): /.test(line))
    .map((line) => line.replace(/.*LOG: {2}(execute [^:]+: |statement: )/, '').slice(0, 60));
  const kinds = new Map();
  for (const message of messages) kinds.set(message, (kinds.get(message) ?? 0) + 1);
  console.log(`messages to PostgreSQL per booking: ${(messages.length / BOOKINGS).toFixed(2)} (${BOOKINGS} bookings)`);
  for (const [message, count] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(`${(count / BOOKINGS).toFixed(2).padStart(6)}  ${message}`);
} finally {
  await api.stop();
}
