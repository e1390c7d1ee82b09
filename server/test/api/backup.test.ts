// The carrier's backup and restore (`npm run db -- backup|restore <file>`, server/README.md
// "Backing up, restoring and upgrading"): a backup taken while the server runs and takes a burst of bookings, restored
// into a new database, on which a server finds exactly the bookings acknowledged before the
// backup, whole (and none sent after it); a restore never replaces a database that exists.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type BookingBody, bookingBody } from './booking-body.ts';
import { ROOT, DATABASE_KIND, DATABASE_NAME, json, startServer, tempDatabase, type JsonAnswer } from './support.ts';

const toolsMissing =
  DATABASE_KIND === 'postgres' && ['pg_dump', 'pg_restore'].some((tool) => spawnSync(tool, ['--version']).error)
    ? 'pg_dump ou pg_restore introuvable (bash .ci/postgres.sh installe le client PostgreSQL)'
    : false;
if (toolsMissing && process.env.TQW_REQUIRE_POSTGRES === '1')
  throw new Error(`PostgreSQL est exigé (TQW_REQUIRE_POSTGRES=1) : ${toolsMissing}`);

/** Runs `npm run db -- …` as a carrier does (the built command), on the given database; never throws. */
async function db(database, args, env = {}) {
  const target = /^postgres(ql)?:\/\//.test(database) ? { DATABASE_URL: database } : { DATABASE_PATH: database, DATABASE_URL: '' };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'server/dist/db.mjs'), ...args], {
      env: { ...process.env, ...target, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const bookingFor = (name) => bookingBody({ customer: { name, phone_number: '0612345678', email: 'client@exemple.fr' } });

/**
 * The booking as the restored server returns it, against the same booking as the live server
 * returned it before the backup (the server stores its own price and route, not the body as
 * sent): every field, the state, the price's source and check.
 */
function assertWhole(read, booking) {
  assert.equal(read.status, 200, `booking ${booking.id} (${booking.body.customer.name}) missing`);
  assert.deepEqual(read.data, booking.stored, `booking ${booking.id} is not whole`);
  assert.equal(read.data.customer.name, booking.body.customer.name);
}

describe(`backup and restore of a ${DATABASE_NAME} database`, { skip: toolsMissing }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tqw-backup-'));
  const backupFile = path.join(folder, DATABASE_KIND === 'sqlite' ? 'sauvegarde.sqlite' : 'sauvegarde.dump');
  let server;
  let restored;
  let restoredServer;
  /** Every booking sent: its body, its answer, and when it left and was answered (performance.now()). */
  const sent: {
    body: BookingBody;
    status: number;
    text: string;
    id: number;
    token: string;
    sentAt: number;
    answeredAt: number;
    stored?: JsonAnswer['data'];
  }[] = [];
  let backupStartedAt;
  let backupEndedAt;
  let backup;

  before(async () => {
    server = await startServer(undefined, 0, { LOG_LEVEL: 'warn' });
  });
  after(async () => {
    await server?.stop();
    await restoredServer?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes a backup while the server takes a burst of bookings, refusing none', async () => {
    const send = async (name) => {
      const body = bookingFor(name);
      const at = performance.now();
      const answer = await json(server.base, 'POST', '/api/v1/travels', { body });
      sent.push({
        body,
        status: answer.status,
        text: answer.text,
        id: answer.data?.id,
        token: answer.data?.token,
        sentAt: at,
        answeredAt: performance.now(),
      });
    };
    for (let i = 0; i < 10; i += 1) await send(`Avant ${i}`);

    let stopping = false;
    const writer = async (n) => {
      for (let i = 0; !stopping; i += 1) await send(`Rafale ${n}-${i}`);
    };
    const writers = Array.from({ length: 6 }, (_, n) => writer(n));
    const acknowledgedNow = () => sent.filter((booking) => booking.status === 201).length;
    while (acknowledgedNow() < 30) await new Promise((resolve) => setImmediate(resolve));
    backupStartedAt = performance.now();
    backup = await db(server.database, ['backup', backupFile]);
    backupEndedAt = performance.now();
    const sentAfter = () => sent.filter((booking) => booking.sentAt > backupEndedAt && booking.status === 201).length;
    while (sentAfter() < 20) await new Promise((resolve) => setImmediate(resolve));
    stopping = true;
    await Promise.all(writers);
    // Each acknowledged booking as the live server holds it, to compare the restored one with.
    for (const booking of sent.filter((candidate) => candidate.status === 201))
      booking.stored = (await json(server.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`)).data;

    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, new RegExp(`^Sauvegarde de .+ écrite dans ${backupFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
    assert.ok(existsSync(backupFile));
    for (const booking of sent) assert.equal(booking.status, 201, `${booking.body.customer.name}: ${booking.text}`);
    const during = sent.filter((booking) => booking.sentAt < backupEndedAt && booking.answeredAt > backupStartedAt);
    assert.ok(during.length > 0, 'bookings were in flight while the backup was taken');
  });

  it('refuses to write a backup over an existing file', async () => {
    const again = await db(server.database, ['backup', backupFile]);
    assert.equal(again.code, 1);
    assert.match(
      again.stderr,
      /^Sauvegarde impossible\u00a0: La sauvegarde .+ existe déjà\u00a0: choisissez un autre nom, rien n’est remplacé\.\n$/,
    );
  });

  it('restores into a new database, where a server finds exactly the bookings acknowledged before the backup, whole', async () => {
    await server.stop();
    restored = await tempDatabase();
    const restore = await db(restored, ['restore', backupFile]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(restore.stdout, /restaurée dans .+ réservations?\. Démarrez le serveur sur cette base/);

    restoredServer = await startServer(restored, 0, { LOG_LEVEL: 'warn' });
    const rows = await restoredServer.query('SELECT id FROM travels');
    const inBackup = new Set<number>(rows.map((row) => row.id));
    for (const booking of sent) {
      const read = await json(restoredServer.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`);
      if (booking.answeredAt < backupStartedAt) assertWhole(read, booking);
      else if (booking.sentAt > backupEndedAt) assert.equal(read.status, 404, `booking ${booking.id}, sent after the backup, is in it`);
      // Sent while the backup was taken: in it or not, but whole if it is.
      else if (inBackup.has(booking.id)) assertWhole(read, booking);
      else assert.equal(read.status, 404);
    }
    const known = new Set(sent.map((booking) => booking.id));
    for (const id of inBackup) assert.ok(known.has(id), `booking ${id} in the backup was never acknowledged`);
    assert.equal(restore.stdout.match(/(\d+) réservations?/)?.[1], String(inBackup.size));
  });

  it('takes new bookings on the restored database', async () => {
    const created = await json(restoredServer.base, 'POST', '/api/v1/travels', { body: bookingFor('Après la restauration') });
    assert.equal(created.status, 201, created.text);
    assert.ok(!sent.some((booking) => booking.id === created.data.id && booking.answeredAt < backupStartedAt), 'a restored id given again');
    const read = await json(restoredServer.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
    assert.equal(read.data.customer.name, 'Après la restauration');
  });

  it('never restores over a database that exists', async () => {
    const before = (await restoredServer.query('SELECT COUNT(*) AS n FROM travels'))[0].n;
    const again = await db(restored, ['restore', backupFile]);
    assert.equal(again.code, 1);
    assert.match(
      again.stderr,
      /^Restauration impossible\u00a0: La base .+ (existe déjà|n’est pas vide).+La restauration ne remplace jamais une base\.\n$/,
    );
    assert.equal((await restoredServer.query('SELECT COUNT(*) AS n FROM travels'))[0].n, before);
  });

  if (DATABASE_KIND === 'postgres')
    it('says in French when pg_dump is not installed', async () => {
      const answer = await db(restored, ['backup', path.join(folder, 'sans-outil.dump')], { PATH: path.join(folder, 'vide') });
      assert.equal(answer.code, 1);
      assert.match(answer.stderr, /^Sauvegarde impossible\u00a0: pg_dump introuvable\u00a0: installez le client PostgreSQL/);
    });
});
