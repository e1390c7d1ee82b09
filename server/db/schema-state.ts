import Database from 'better-sqlite3';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { StoreConfig } from './sql.ts';

/** What a look at a database finds, without changing anything in it (`transport-quote-server check`). */
export type SchemaState =
  { kind: 'missing' } | { kind: 'found'; version: number; writable: boolean; why?: string } | { kind: 'unreachable'; reason: string };

/**
 * The schema version a database holds, read only: SQLite opened read-only (no file or folder
 * is created), PostgreSQL read with one connection and no statement that writes. `writable`
 * says whether the server could write there (the file and its folder, or the role's rights).
 */
export async function readSchemaState(store: StoreConfig): Promise<SchemaState> {
  return store.kind === 'sqlite' ? sqliteState(store.file) : postgresState(store.url);
}

function sqliteState(file: string): SchemaState {
  if (file === ':memory:' || !existsSync(file)) return { kind: 'missing' };
  let version: number;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      version = Number(db.pragma('user_version', { simple: true }));
    } finally {
      db.close();
    }
  } catch (error) {
    return { kind: 'unreachable', reason: (error as Error).message };
  }
  if (version === 0) return { kind: 'missing' };
  // WAL mode writes beside the file (-wal, -shm): the folder must be writable too.
  for (const target of [file, path.dirname(file)]) {
    try {
      accessSync(target, constants.W_OK);
    } catch {
      return { kind: 'found', version, writable: false, why: `${target} n’est pas accessible en écriture pour cet utilisateur` };
    }
  }
  return { kind: 'found', version, writable: true };
}

async function postgresState(url: string): Promise<SchemaState> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    return { kind: 'unreachable', reason: (error as Error).message };
  }
  try {
    const table = await client.query<{ found: string | null }>("SELECT to_regclass('schema_version')::text AS found");
    if (!table.rows[0]?.found) return { kind: 'missing' };
    const { rows } = await client.query<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_version');
    const version = Number(rows[0]?.version ?? 0);
    if (version === 0) return { kind: 'missing' };
    const rights = await client.query<{ can: boolean }>(
      "SELECT has_table_privilege(current_user, 'travels', 'INSERT') AND has_table_privilege(current_user, 'schema_version', 'INSERT') AS can",
    );
    return rights.rows[0]?.can
      ? { kind: 'found', version, writable: true }
      : { kind: 'found', version, writable: false, why: 'le rôle de DATABASE_URL ne peut pas écrire dans ses tables' };
  } catch (error) {
    return { kind: 'unreachable', reason: (error as Error).message };
  } finally {
    await client.end().catch(() => {});
  }
}
