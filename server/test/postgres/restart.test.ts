// PostgreSQL stopped and started again during a burst of bookings, twice (a fast shutdown, whose
// sessions end with 57P01, then an immediate one, as a crash): while it is down the server answers
// 503 with a French message and Retry-After, it takes bookings again by itself once the database
// is back, and every booking it acknowledged is there, whole, with the event and the e-mail written
// in its transaction (the outbox). The cluster is the test's own
// (throwaway-cluster.ts), so the shared one the other suites use is never stopped.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { type BookingBody, bookingBody } from '../api/booking-body.ts';
import { importServerSource } from '../api/source-module.ts';
import { clientPart, json, type JsonAnswer, ROOT, startServer } from '../api/support.ts';
import { postgresBinaries, startThrowawayCluster } from './throwaway-cluster.ts';

/** What a client is told while the database is down (server/db/unavailable.ts). */
const UNAVAILABLE = {
  error: 'Service momentanément indisponible\u00a0: la base de données ne répond pas. Réessayez dans quelques secondes.',
};

const { TravelPayloadSchema } = await import(`${ROOT}/dist/domain/index.js`);
const valibot = await import('valibot');

const binaries = postgresBinaries();
const missing = binaries === null ? 'initdb et pg_ctl introuvables (bash .ci/postgres.sh installe PostgreSQL)' : false;
if (missing && process.env.TQW_REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL est exigé (TQW_REQUIRE_POSTGRES=1) : ${missing}`);

/** Waits for a condition on the answers, each turn letting the writers' answers in; a server that stopped ends the wait. */
async function until(server, condition) {
  while (!condition()) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`le serveur s'est arrêté :\n${server.logs}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('PostgreSQL restarted during a burst of bookings', { skip: missing }, () => {
  let cluster;
  let server;
  before(async () => {
    cluster = await startThrowawayCluster(binaries);
    server = await startServer(cluster.url, 0, { LOG_LEVEL: 'warn' });
    // An endpoint for the public pages' bookings (nothing answers there): each booking then writes its event.
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query(
      "INSERT INTO webhook_endpoints (owner, url, secret, created_at) VALUES ('public', 'http://127.0.0.1:9/webhooks', 'whsec_essai', $1)",
      [new Date().toISOString()],
    );
    await setup.end();
  });
  after(async () => {
    await server?.stop();
    await cluster?.remove();
  });

  it(
    'answers 503 in French while it is down, recovers by itself, and keeps every acknowledged booking',
    { timeout: 120_000 },
    async (t) => {
      /** Where the database stands; each answer notes it when its request left and when its answer came. */
      let phase = 'up';
      let stopping = false;
      const answers: {
        sentIn: string;
        answeredIn: string;
        status: number | string;
        data?: JsonAnswer['data'];
        retryAfter?: string | null;
        body: BookingBody;
      }[] = [];
      const writer = async (n) => {
        for (let i = 0; !stopping; i += 1) {
          const body = bookingBody({ customer: { name: `Client ${n}-${i}`, phone_number: '0612345678', email: 'client@exemple.fr' } });
          const sentIn = phase;
          try {
            const answer = await json(server.base, 'POST', '/api/v1/travels', { body });
            answers.push({
              sentIn,
              answeredIn: phase,
              status: answer.status,
              data: answer.data,
              retryAfter: answer.headers.get('retry-after'),
              body,
            });
          } catch (error) {
            answers.push({ sentIn, answeredIn: phase, status: `réseau : ${error.message}`, body });
            return;
          }
        }
      };
      const count = (test) => answers.filter(test).length;
      const writers = Array.from({ length: 6 }, (_, n) => writer(n));

      for (const [cycle, mode] of [
        [1, 'fast'],
        [2, 'immediate'],
      ]) {
        await until(server, () => count((a) => a.status === 201 && a.sentIn === (cycle === 1 ? 'up' : 'back 1')) >= 20);
        phase = `stopping ${cycle}`;
        await cluster.stop(mode);
        phase = `down ${cycle}`;
        await until(server, () => count((a) => a.sentIn === `down ${cycle}` && a.answeredIn === `down ${cycle}`) >= 20);
        // A read is refused the same way.
        const acknowledged = answers.find((a) => a.status === 201);
        const read = await json(server.base, 'GET', `/api/v1/travels/${acknowledged!.data.id}?token=${acknowledged!.data.token}`);
        assert.equal(read.status, 503, read.text);
        assert.deepEqual(read.data, UNAVAILABLE);
        phase = `starting ${cycle}`;
        await cluster.start();
        phase = `back ${cycle}`;
        await until(server, () => count((a) => a.status === 201 && a.sentIn === `back ${cycle}`) >= 20);
      }
      stopping = true;
      await Promise.all(writers);
      assert.equal(server.child.exitCode, null, `the server stopped:\n${server.logs}`);

      for (const answer of answers) {
        assert.ok(
          answer.status === 201 || answer.status === 503,
          `${answer.status} while ${answer.sentIn}: ${JSON.stringify(answer.data)}`,
        );
        if (answer.status === 503) {
          assert.deepEqual(answer.data, UNAVAILABLE);
          assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/, 'Retry-After in seconds');
        }
        // Sent and answered while the database was down: nothing could be stored.
        if (answer.sentIn.startsWith('down') && answer.answeredIn === answer.sentIn) assert.equal(answer.status, 503);
      }
      const acknowledged = answers.filter((answer) => answer.status === 201);
      // Read on a connection of the test's own, closed before the cluster is removed.
      const reader = new pg.Client({ connectionString: cluster.url });
      await reader.connect();
      const column = async (text) => (await reader.query(text)).rows.map((row) => Number(Object.values(row)[0]));
      const events = new Set(await column("SELECT travel_id FROM outbox_events WHERE type = 'booking.created'"));
      const mails = new Set(await column("SELECT travel_id FROM mail_outbox WHERE kind = 'confirmation'"));
      const stored = await column('SELECT id FROM travels');
      await reader.end();
      for (const { data, body } of acknowledged) {
        const read = await json(server.base, 'GET', `/api/v1/travels/${data.id}?token=${data.token}`);
        assert.equal(read.status, 200, `booking ${data.id} (${body.customer.name}) lost`);
        const { id, ...kept } = read.data;
        assert.equal(id, data.id);
        // What the client sent, as the server's schema reads it (its defaults filled in), comes back as it was, at the price it was booked at.
        const sent = valibot.parse(TravelPayloadSchema, body);
        assert.deepEqual(
          clientPart(kept),
          clientPart({ ...sent, travel: { ...sent.travel, travel_id: data.id } }),
          `booking ${data.id} is not whole`,
        );
        assert.equal(kept.travel.price_transportation, sent.travel.price_transportation);
        assert.ok(events.has(data.id), `booking ${data.id}: its booking.created event`);
        assert.ok(mails.has(data.id), `booking ${data.id}: its confirmation e-mail`);
      }
      assert.equal(events.size, stored.length, 'an event for every booking stored, and none for a booking that is not');
      assert.ok(count((a) => a.status === 503) >= 40);
      t.diagnostic(`${acknowledged.length} réservations acceptées et relues, ${count((a) => a.status === 503)} réponses 503`);
    },
  );

  it('databaseAnswers (for /readyz) says whether the database answers, and does not wait on one that hangs', async () => {
    const { openPostgres, databaseAnswers } = await importServerSource({
      openPostgres: 'server/db/postgres-sql.ts',
      databaseAnswers: 'server/db/readiness.ts',
    });
    await cluster.ensureRunning();
    const sql = openPostgres(cluster.url, () => {});
    try {
      assert.equal(await databaseAnswers(sql), true);
      // The pool's one connection, its server process stopped: a query on it would wait forever.
      const { pid } = await sql.get('SELECT pg_backend_pid() AS pid');
      process.kill(pid, 'SIGSTOP');
      try {
        assert.equal(await databaseAnswers(sql, 200), false);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      await cluster.stop('fast');
      assert.equal(await databaseAnswers(sql), false);
      await cluster.start();
      assert.equal(await databaseAnswers(sql), true);
    } finally {
      await sql.close();
    }
  });
});
