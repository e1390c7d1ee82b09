import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startCheckpointer } from './checkpointer.ts';
import type { Sql, SqlValue } from './sql.ts';

const noop = () => {};
/** The WAL's size (pages of 4 KiB, so about 40 MB) past which the request thread checkpoints too. */
const REQUEST_THREAD_CHECKPOINT_PAGES = 10_000;

/** A synchronous call as an already-settled promise: the embedded file has no network to wait for. */
function settled<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * One write transaction shared by the transactions of one turn of the event loop (group
 * commit): a commit writes the WAL once for all of them instead of once each, which was the
 * largest cost of a booking. Each transaction still answers only once the batch is committed.
 */
interface Batch {
  /** Settles when the batch is committed (resolves) or lost (rejects). */
  readonly committed: Promise<void>;
  /** The same, never rejecting: what calls waiting for the batch to end wait on. */
  readonly ended: Promise<void>;
  /** Set when SQLite dropped the batch's transaction (I/O error, disk full): it cannot commit. */
  lost: Error | null;
}

/**
 * The embedded SQLite file (WAL mode), one connection for the requests and one in a worker
 * thread for the checkpoints (checkpointer.ts). Transactions of one turn of the event
 * loop are committed together (see Batch), each in its own SAVEPOINT so a failing one is rolled
 * back alone. One transaction's work runs at a time: while it awaits between its statements,
 * others wait, so nothing slips into it (or is rolled back with it). A read waits for the open
 * batch to be committed, so it never sees a write that is not yet durable.
 */
export function openSqlite(file: string): Sql {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash may lose the last commits).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const checkpointer = file === ':memory:' ? null : startCheckpointer(file);
  // Under a steady stream of writes the WAL is never wholly copied at the moment a write begins,
  // so it never starts over: past this size the request thread checkpoints it itself (the rest
  // of the file is already copied by the worker), and the next write restarts it.
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${REQUEST_THREAD_CHECKPOINT_PAGES}`);

  /** The statements that open and end transactions, compiled once: exec() compiles its text on every call, twice per booking. */
  const control = {
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
    savepoint: db.prepare('SAVEPOINT work'),
    release: db.prepare('RELEASE work'),
    rollbackTo: db.prepare('ROLLBACK TO work'),
  };

  const statements = new Map<string, Database.Statement>();
  const prepared = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const direct = {
    all: <Row>(text: string, params: readonly SqlValue[] = []) => prepared(text).all(...params) as Row[],
    get: <Row>(text: string, params: readonly SqlValue[] = []) => prepared(text).get(...params) as Row | undefined,
    run: (text: string, params: readonly SqlValue[] = []) => prepared(text).run(...params).changes,
  };

  /** Set while a transaction's work runs (it may await between statements). */
  let working: Promise<void> | null = null;
  /** The batch transactions of this turn join; null when none is open. */
  let batch: Batch | null = null;

  /** Runs now when no transaction is open, else once it has ended. */
  const whenFree = <T>(call: () => T): Promise<T> => {
    const wait = working ?? batch?.ended;
    return wait ? wait.then(() => whenFree(call)) : settled(call);
  };

  /** The batch can no longer commit: later transactions start a new one, this one's are told it failed. */
  const abandon = (lostBatch: Batch, error: Error) => {
    lostBatch.lost ??= error;
    if (batch === lostBatch) batch = null;
    if (db.inTransaction) control.rollback.run();
  };

  const commit = async (committing: Batch, resolve: () => void, reject: (error: Error) => void) => {
    // A transaction still awaiting between its statements belongs to this batch: it ends first.
    while (working) await working;
    if (batch === committing) batch = null;
    if (committing.lost) return reject(committing.lost);
    try {
      control.commit.run();
      resolve();
    } catch (error) {
      abandon(committing, error as Error);
      reject(error as Error);
    }
  };

  const openBatch = (): Batch => {
    // IMMEDIATE takes the write lock now: another process's writer waits (busy_timeout) instead of failing mid-way.
    control.begin.run();
    let resolve = noop;
    let reject: (error: Error) => void = noop;
    const committed = new Promise<void>((onCommit, onLoss) => {
      resolve = onCommit;
      reject = onLoss;
    });
    const opened: Batch = { committed, ended: committed.then(noop, noop), lost: null };
    // Committed once the I/O callbacks of this turn have run: the bookings that arrived together go together.
    setImmediate(() => void commit(opened, resolve, reject));
    return opened;
  };

  const inTransaction: Sql = {
    dialect: 'sqlite',
    all: (text, params) => settled(() => direct.all(text, params)),
    get: (text, params) => settled(() => direct.get(text, params)),
    run: (text, params) => settled(() => direct.run(text, params)),
    write: (text, params) => settled(() => void direct.run(text, params)),
    exec: (script) => settled(() => void db.exec(script)),
    transaction: (work) => work(inTransaction),
    close: () => Promise.reject(new Error('close() inside a transaction')),
  };

  /** Runs `work` in a savepoint of the open batch; its result once the batch is committed. */
  async function transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    while (working) await working;
    // SQLite may have rolled the whole batch back on an error a transaction caught: it is not joined.
    if (batch && !db.inTransaction) abandon(batch, new Error('SQLite a annulé la transaction en cours'));
    const joined = (batch ??= openBatch());
    let release = noop;
    working = new Promise<void>((resolve) => (release = resolve));
    let result: T;
    try {
      control.savepoint.run();
      try {
        result = await work(inTransaction);
        control.release.run();
      } catch (error) {
        undo(joined);
        throw error;
      }
    } finally {
      working = null;
      release();
    }
    await joined.committed;
    return result;
  }

  /** Rolls back one transaction's savepoint, leaving the others of its batch as they are. */
  function undo(joined: Batch): void {
    try {
      control.rollbackTo.run();
      control.release.run();
    } catch (error) {
      abandon(joined, error as Error);
    }
  }

  return {
    dialect: 'sqlite',
    all: (text, params) => whenFree(() => direct.all(text, params)),
    get: (text, params) => whenFree(() => direct.get(text, params)),
    // A lone write is a transaction of one statement: it joins the batch rather than committing alone.
    run: (text, params) => transaction((tx) => tx.run(text, params)),
    write: (text, params) => transaction((tx) => tx.write(text, params)),
    // Scripts (migrations, pragmas) run outside any transaction.
    exec: (script) => whenFree(() => void db.exec(script)),
    transaction,
    async close() {
      await checkpointer?.stop();
      await whenFree(() => void db.close());
    },
  };
}
