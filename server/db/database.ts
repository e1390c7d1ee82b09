import { existsSync } from 'node:fs';
import { MIGRATIONS } from './migrations.ts';
import { openPostgres } from './postgres-sql.ts';
import type { Sql, StoreConfig } from './sql.ts';
import { openSqlite } from './sqlite-sql.ts';

export type { Sql } from './sql.ts';

/** Any number, as long as every process of this server asks for the same one: it serialises start-up. */
const SETUP_LOCK = 7_340_221;

/** One schema step applied: its number, how many there are, and what it changes (French). */
export interface AppliedMigration {
  version: number;
  latest: number;
  summary: string;
}

export interface OpenOptions {
  /**
   * Whether a database the server never prepared may be made here (the server: yes). A command
   * says no: it then refuses a SQLite file that does not exist (and creates none) or a
   * database without the server's schema, with MissingDatabaseError.
   */
  create?: boolean;
  /** Told of each schema step as it is applied (the server logs one line each). */
  onMigration?: (step: AppliedMigration) => void;
}

/** The database named is not one the server has prepared (and `create` was false). */
export class MissingDatabaseError extends Error {}

/** The schema version this release writes and reads: one per migration. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * The database was brought to a schema this release does not know (by a later release): its
 * code would read and write tables it does not understand, so it does not start on it. Said
 * in French with both versions; the way back is the later release, or the backup taken before
 * the upgrade (server/README.md, upgrades).
 */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `la base de données est en version ${found} du schéma, plus récente que la version ${known} que connaît ce serveur\u00a0: ` +
        'une version plus récente de transport-quote-server l’a mise à jour. Installez cette version-là, ou restaurez la sauvegarde ' +
        'prise avant la mise à jour dans une base neuve (voir « Mettre à jour, revenir en arrière » dans le guide du serveur).',
    );
  }
}

/**
 * Opens the store (creating the SQLite file, or connecting to PostgreSQL) and brings its
 * schema up to date, so a fresh machine or a fresh database needs no manual step.
 */
export async function openDatabase(
  config: StoreConfig,
  onIdleError: (error: Error) => void = () => {},
  { create = true, onMigration = () => {} }: OpenOptions = {},
): Promise<Sql> {
  if (!create && config.kind === 'sqlite' && config.file !== ':memory:' && !existsSync(config.file))
    throw new MissingDatabaseError(config.file);
  const sql = config.kind === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, onIdleError);
  try {
    await migrate(sql, create, onMigration);
    return sql;
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
}

/**
 * Start-up work that must happen once even when several processes start together on one
 * PostgreSQL (migrations, the seed): they queue on an advisory lock held for the transaction.
 * SQLite's write lock (BEGIN IMMEDIATE) already does the same for processes sharing a file.
 */
export function setupTransaction<T>(sql: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [SETUP_LOCK]);
    return work(tx);
  });
}

/** Writes nothing but needs write access: a read-only file, folder or role is found at start, not at the first booking. */
export async function assertWritable(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.exec('CREATE TABLE IF NOT EXISTS write_check (at INTEGER)');
    await tx.exec('DROP TABLE write_check');
  });
}

async function migrate(sql: Sql, create: boolean, onMigration: (step: AppliedMigration) => void): Promise<void> {
  const applied: AppliedMigration[] = [];
  await setupTransaction(sql, async (tx) => {
    let current: number;
    if (tx.dialect === 'sqlite') {
      current = (await tx.get<{ user_version: number }>('PRAGMA user_version'))?.user_version ?? 0;
    } else {
      await tx.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
      current = (await tx.get<{ version: number }>('SELECT MAX(version) AS version FROM schema_version'))?.version ?? 0;
    }
    if (current === 0 && !create) throw new MissingDatabaseError(tx.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');
    if (current > SCHEMA_VERSION) throw new SchemaTooNewError(current, SCHEMA_VERSION);
    for (const [index, migration] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (version <= current) continue;
      await tx.exec(migration[tx.dialect]);
      if (tx.dialect === 'sqlite') await tx.exec(`PRAGMA user_version = ${version}`);
      else await tx.run('INSERT INTO schema_version (version) VALUES (?)', [version]);
      applied.push({ version, latest: MIGRATIONS.length, summary: migration.summary });
    }
  });
  // Said once they are committed: a step rolled back with the others was not applied.
  for (const step of applied) onMigration(step);
}
