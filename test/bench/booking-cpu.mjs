// node --import tsx test/bench/booking-cpu.mjs [sqlite|postgres]: where a booking's processor time goes, per
// process, on a burst of bookings at 50 connections: the server, PostgreSQL's backends (all of
// its processes, read from /proc) and the load generator. Both stores share this machine's two
// cores with the load generator, so the booking rate PostgreSQL can reach here is bounded by
// the sum of the three (issue 28); SQLite's is bounded by the server's thread alone. Needs the
// local cluster of `bash .ci/postgres.sh` for postgres, and Linux's /proc.
import { readFileSync, readdirSync } from 'node:fs';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { startServer, tempDatabase, tempPostgresDatabase, withServerPrice } from '../../server/test/api/support.ts';
import { BOOKING_BENCH_ENV, cannon } from './api.mjs';

const BOOKINGS = 4000;
const CLOCK_TICKS_PER_SECOND = 100;
const stores = process.argv.slice(2).filter((arg) => arg === 'sqlite' || arg === 'postgres');

/** A process's user and system time in ms, from /proc (0 once it is gone). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
function postgresCpuMs() {
  const isPostgres = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
    } catch {
      return false;
    }
  };
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && isPostgres(name))
    .reduce((sum, pid) => sum + cpuMs(pid), 0);
}

async function measure(store) {
  const database = store === 'postgres' ? await tempPostgresDatabase() : await tempDatabase();
  const api = await startServer(database, 0, BOOKING_BENCH_ENV);
  try {
    const body = JSON.stringify(await withServerPrice(api.base, bookingBody()));
    const before = { server: cpuMs(api.child.pid), postgres: postgresCpuMs(), load: process.cpuUsage(), at: Date.now() };
    const result = await cannon({
      amount: BOOKINGS,
      url: `${api.base}/api/v1/travels`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const wall = Date.now() - before.at;
    const load = process.cpuUsage(before.load);
    const count = result.requests.total;
    if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} réponses en erreur`);
    const per = (ms) => (ms / count).toFixed(2).padStart(5);
    console.log(`${store}: ${((count / wall) * 1000).toFixed(0)} bookings/s, p99 ${result.latency.p99} ms`);
    console.log(
      `  processor time per booking: server ${per(cpuMs(api.child.pid) - before.server)} ms, PostgreSQL ${per(postgresCpuMs() - before.postgres)} ms, load generator ${per((load.user + load.system) / 1000)} ms`,
    );
  } finally {
    await api.stop();
  }
}

for (const store of stores.length > 0 ? stores : ['sqlite', 'postgres']) await measure(store);
