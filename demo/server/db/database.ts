import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from './migrations.ts';

export type Db = Database.Database;

/**
 * Opens (and creates) the SQLite file in WAL mode and brings its schema up to date, so a
 * fresh machine needs no manual step. `:memory:` works too, for throwaway servers.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash may lose the last commits).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Writes nothing but needs write access: a read-only file or folder is found at start, not at the first booking. */
export function assertWritable(db: Db): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS write_check (at INTEGER)');
    db.exec('DROP TABLE write_check');
  })();
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const [index, sql] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (version <= current) continue;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
