import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Sql, SqlValue } from './sql.ts';

const noop = () => {};

/** A synchronous call as an already-settled promise: the embedded file has no network to wait for. */
function settled<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * The embedded SQLite file (WAL mode), one connection. Calls answer at once; while a
 * transaction awaits between its statements, other calls wait for it to end, so nothing
 * slips into it (or is rolled back with it).
 */
export function openSqlite(file: string): Sql {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash may lose the last commits).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');

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

  let busy: Promise<void> | null = null;
  /** Runs now when no transaction is open, else once it has ended. */
  const whenFree = <T>(call: () => T): Promise<T> => (busy ? busy.then(() => whenFree(call)) : settled(call));

  const inTransaction: Sql = {
    dialect: 'sqlite',
    all: (text, params) => settled(() => direct.all(text, params)),
    get: (text, params) => settled(() => direct.get(text, params)),
    run: (text, params) => settled(() => direct.run(text, params)),
    exec: (script) => settled(() => void db.exec(script)),
    transaction: (work) => work(inTransaction),
    close: () => Promise.reject(new Error('close() inside a transaction')),
  };

  return {
    dialect: 'sqlite',
    all: (text, params) => whenFree(() => direct.all(text, params)),
    get: (text, params) => whenFree(() => direct.get(text, params)),
    run: (text, params) => whenFree(() => direct.run(text, params)),
    exec: (script) => whenFree(() => void db.exec(script)),
    async transaction(work) {
      while (busy) await busy;
      let release = noop;
      busy = new Promise<void>((resolve) => (release = resolve));
      try {
        // IMMEDIATE takes the write lock now: another process's writer waits (busy_timeout) instead of failing mid-way.
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(inTransaction);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        busy = null;
        release();
      }
    },
    close: () => whenFree(() => void db.close()),
  };
}
