import Database from 'better-sqlite3';
import pg from 'pg';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StoreConfig } from './sql.ts';

/**
 * Online backup and restore of the server's database, as a carrier runs them (`npm run db --
 * backup|restore <file>`): SQLite through its backup API, PostgreSQL through pg_dump and
 * pg_restore. A backup is taken while the server runs and takes bookings, and holds the
 * database as it was at one instant. A restore only ever fills a new database: it never
 * replaces one that exists.
 */

/** A refusal or failure a carrier can act on, said in French. */
export class DatabaseOperationError extends Error {}

export interface OperationSummary {
  /** The backup file, or the database restored. */
  where: string;
  /** Bookings the backup or the restored database holds; null when it cannot be read at the same instant. */
  bookings: number | null;
  bytes: number;
}

/** Pages copied per step: all of them, so the copy is made in one read transaction and never starts over. */
const ALL_PAGES = 0x7fffffff;
/** A file being written is named apart, and takes its final name only once complete and checked. */
const partialName = (file: string) => `${file}.partielle`;

function assertNewFile(file: string, what: string): void {
  if (existsSync(file))
    throw new DatabaseOperationError(`${what} ${file} existe déjà\u00a0: choisissez un autre nom, rien n’est remplacé.`);
  const folder = path.dirname(path.resolve(file));
  if (!existsSync(folder)) throw new DatabaseOperationError(`Le dossier ${folder} n’existe pas\u00a0: créez-le d’abord.`);
}

// ── SQLite ──────────────────────────────────────────────────────────────────────────────

/** A copy is a database of this server when it opens, passes SQLite's check and has its bookings table. */
function checkSqliteCopy(file: string, what: string): number {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new DatabaseOperationError(`${what} ${file} est endommagée (${String(check)}).`);
    const hasTravels = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'travels'").get() !== undefined;
    if (!hasTravels) throw new DatabaseOperationError(`${file} n’est pas une base de ce serveur (aucune table des réservations).`);
    return (db.prepare('SELECT COUNT(*) AS n FROM travels').get() as { n: number }).n;
  } catch (error) {
    if (error instanceof DatabaseOperationError) throw error;
    throw new DatabaseOperationError(`${what} ${file} ne peut pas être lue comme une base SQLite (${(error as Error).message}).`);
  } finally {
    db?.close();
  }
}

/** Copies a SQLite database page by page into a new self-contained file (no -wal beside it). */
async function copySqlite(from: Database.Database, to: string): Promise<void> {
  const partial = partialName(to);
  rmSync(partial, { force: true });
  try {
    await from.backup(partial, { progress: () => ALL_PAGES });
    const copy = new Database(partial);
    // One file to keep and move around; the server puts it back in WAL mode when it opens it.
    copy.pragma('journal_mode = DELETE');
    copy.close();
    renameSync(partial, to);
  } finally {
    rmSync(partial, { force: true });
  }
}

async function backupSqlite(file: string, target: string): Promise<OperationSummary> {
  if (!existsSync(file)) throw new DatabaseOperationError(`La base ${file} n’existe pas\u00a0: vérifiez DATABASE_PATH.`);
  if (path.resolve(file) === path.resolve(target))
    throw new DatabaseOperationError('La sauvegarde doit être un autre fichier que la base.');
  assertNewFile(target, 'La sauvegarde');
  // A connection of its own beside the server's: in WAL mode its reading blocks no booking.
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await copySqlite(source, target);
  } finally {
    source.close();
  }
  return { where: target, bookings: checkSqliteCopy(target, 'La sauvegarde'), bytes: statSync(target).size };
}

async function restoreSqlite(backup: string, file: string): Promise<OperationSummary> {
  if (!existsSync(backup)) throw new DatabaseOperationError(`La sauvegarde ${backup} n’existe pas.`);
  if (existsSync(file) || existsSync(`${file}-wal`))
    throw new DatabaseOperationError(
      `La base ${file} existe déjà\u00a0: arrêtez le serveur et mettez-la de côté (renommez-la avec ses fichiers -wal et -shm), ou choisissez un autre DATABASE_PATH. La restauration ne remplace jamais une base.`,
    );
  checkSqliteCopy(backup, 'La sauvegarde');
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const source = new Database(backup, { fileMustExist: true });
  try {
    await copySqlite(source, file);
  } finally {
    source.close();
  }
  return { where: file, bookings: checkSqliteCopy(file, 'La base restaurée'), bytes: statSync(file).size };
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────────────────

/** The URL without its password, which goes to the tools through PGPASSWORD rather than their command line (visible to ps). */
function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseOperationError('DATABASE_URL est illisible (attendu\u00a0: postgres://rôle:mot-de-passe@hôte:5432/base).');
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs one of PostgreSQL's client tools; its own message, in its language, is given when it fails. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new DatabaseOperationError(
          error.code === 'ENOENT'
            ? `${tool} introuvable\u00a0: installez le client PostgreSQL de la version du serveur ou plus récent (Debian\u00a0: apt-get install postgresql-client), ou ajoutez son dossier au PATH.`
            : `${tool} n’a pas pu être lancé (${error.message}).`,
        ),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new DatabaseOperationError(`${tool} a échoué (code ${code})\u00a0: ${err.trim() || 'aucun message'}`));
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseOperationError(`La base PostgreSQL de DATABASE_URL ne répond pas (${(error as Error).message}).`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function backupPostgres(url: string, target: string): Promise<OperationSummary> {
  assertNewFile(target, 'La sauvegarde');
  const connection = toolConnection(url);
  const partial = partialName(target);
  rmSync(partial, { force: true });
  try {
    // pg_dump reads the whole database in one snapshot while the server keeps writing.
    await runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${connection.url}`], connection.env);
    // The archive is read back: a backup that cannot be listed is no backup.
    const contents = await runTool('pg_restore', ['--list', partial], connection.env);
    if (!/ TABLE public travels /.test(contents))
      throw new DatabaseOperationError('La sauvegarde ne contient pas la table des réservations.');
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return { where: target, bookings: null, bytes: statSync(target).size };
}

async function restorePostgres(backup: string, url: string): Promise<OperationSummary> {
  if (!existsSync(backup)) throw new DatabaseOperationError(`La sauvegarde ${backup} n’existe pas.`);
  const tables = await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    return rows[0]!.n;
  });
  if (tables > 0)
    throw new DatabaseOperationError(
      'La base PostgreSQL de DATABASE_URL n’est pas vide\u00a0: restaurez dans une base neuve (createdb), puis faites-la désigner par DATABASE_URL. La restauration ne remplace jamais une base.',
    );
  const connection = toolConnection(url);
  // One transaction: a restore that fails leaves the database empty, never half filled.
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${connection.url}`, backup],
    connection.env,
  );
  const bookings = await withClient(
    url,
    async (client) => (await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM travels')).rows[0]!.n,
  );
  return { where: 'la base PostgreSQL de DATABASE_URL', bookings, bytes: statSync(backup).size };
}

export function backupDatabase(store: StoreConfig, target: string): Promise<OperationSummary> {
  return store.kind === 'sqlite' ? backupSqlite(store.file, target) : backupPostgres(store.url, target);
}

export function restoreDatabase(store: StoreConfig, backup: string): Promise<OperationSummary> {
  return store.kind === 'sqlite' ? restoreSqlite(backup, store.file) : restorePostgres(backup, store.url);
}
