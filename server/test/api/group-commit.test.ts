// The embedded store commits the transactions of one turn of the event loop together (group
// commit). Each must still behave as its own transaction: answered only once committed, rolled
// back alone when it fails, and never seen half-done by a read.
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT, tempDatabasePath } from './support.ts';

/** The store module and its checkpoint worker alone, bundled next to the build (better-sqlite3 is found from there). */
async function loadSqliteStore() {
  const outdir = path.join(ROOT, 'dist', 'test');
  await build({
    entryPoints: {
      'sqlite-sql': path.join(ROOT, 'server/db/sqlite-sql.ts'),
      'sqlite-checkpointer': path.join(ROOT, 'server/db/sqlite-checkpointer.ts'),
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return import(pathToFileURL(path.join(outdir, 'sqlite-sql.mjs')).href);
}

let openSqlite;
before(async () => {
  ({ openSqlite } = await loadSqliteStore());
});

describe('SQLite group commit', () => {
  let sql;
  /** Another connection, as another process sees the file: only committed rows. */
  let observer;
  const committedNames = () => observer.prepare('SELECT name FROM bookings ORDER BY name').pluck().all();

  before(async () => {
    const file = tempDatabasePath();
    sql = openSqlite(file);
    await sql.exec('CREATE TABLE bookings (name TEXT PRIMARY KEY)');
    observer = new Database(file, { readonly: true });
  });
  after(async () => {
    observer.close();
    await sql.close();
  });
  const book = (name) => sql.transaction(async (tx) => tx.run('INSERT INTO bookings (name) VALUES (?)', [name]));

  it('answers each transaction of a batch only once the batch is committed', async () => {
    const pending = [book('a1'), book('a2'), book('a3')];
    assert.deepEqual(committedNames(), [], 'nothing is committed before the end of the turn');
    const seenWhenAnswered = await Promise.all(pending.map((answer) => answer.then(() => committedNames())));
    for (const seen of seenWhenAnswered) assert.deepEqual(seen, ['a1', 'a2', 'a3']);
  });

  it('rolls a failing transaction back alone, after it wrote, and commits the others', async () => {
    const failing = sql.transaction(async (tx) => {
      await tx.run('INSERT INTO bookings (name) VALUES (?)', ['b-failing']);
      throw new Error('refusée');
    });
    const duplicate = book('a1'); // the key exists: SQLite refuses this statement
    const answers = await Promise.allSettled([book('b1'), failing, duplicate, book('b2')]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      ['fulfilled', 'rejected', 'rejected', 'fulfilled'],
    );
    assert.equal((answers[1] as PromiseRejectedResult).reason.message, 'refusée');
    assert.match((answers[2] as PromiseRejectedResult).reason.message, /UNIQUE/);
    assert.deepEqual(committedNames(), ['a1', 'a2', 'a3', 'b1', 'b2']);
  });

  it('lets a read in only once the open batch is committed', async () => {
    const written = book('c1');
    const count = await sql.get('SELECT COUNT(*) AS n FROM bookings');
    assert.equal(count.n, 6, 'the read sees the booking of the batch it waited for');
    assert.ok(committedNames().includes('c1'), 'which was committed before the read ran');
    await written;
  });

  it('commits a lone write before answering it', async () => {
    const changes = await sql.run('INSERT INTO bookings (name) VALUES (?)', ['d1']);
    assert.equal(changes, 1);
    assert.ok(committedNames().includes('d1'));
  });
});

describe('SQLite checkpoints', () => {
  it('are taken off the request thread, and the last close folds the WAL into the file', async () => {
    const file = tempDatabasePath();
    const sql = openSqlite(file);
    await sql.exec('CREATE TABLE bookings (name TEXT PRIMARY KEY, body TEXT)');
    const sizeBefore = statSync(file).size;
    // About 300 pages: far below the size at which the request thread would checkpoint itself.
    await Promise.all(Array.from({ length: 500 }, (_, n) => sql.run('INSERT INTO bookings VALUES (?, ?)', [`n${n}`, 'x'.repeat(2000)])));
    const deadline = Date.now() + 5000;
    while (statSync(file).size === sizeBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(statSync(file).size > sizeBefore, 'the worker copied the WAL into the database file');
    await sql.close();
    assert.ok(!existsSync(`${file}-wal`), 'closing checkpointed the rest and removed the WAL');
    const reopened = new Database(file, { readonly: true });
    assert.equal((reopened.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number }).n, 500);
    reopened.close();
  });
});
