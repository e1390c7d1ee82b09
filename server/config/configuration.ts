import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { storeFromEnv, type StoreConfig } from '../db/sql.ts';

/**
 * The file of settings the server and its commands (transport-quote-carrier,
 * transport-quote-db) all read, in the folder they are run from: one configuration, so a
 * command never works on another database than the server's.
 */
export const CONFIG_FILE_NAME = 'transport-quote.env';

/**
 * Completes the environment with the configuration file: TRANSPORT_QUOTE_CONFIG when it names
 * one, else transport-quote.env in `cwd` when it exists (`NAME=value` lines, # comments). A
 * variable already set in the environment wins over the file's. Returns the file read, or null.
 */
export function loadConfiguration(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const named = env.TRANSPORT_QUOTE_CONFIG?.trim();
  const file = path.resolve(cwd, named || CONFIG_FILE_NAME);
  if (!existsSync(file)) {
    if (named) throw new Error(`TRANSPORT_QUOTE_CONFIG nomme le fichier ${file}, qui n’existe pas`);
    return null;
  }
  let values: NodeJS.Dict<string>;
  try {
    values = parseEnv(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`le fichier de configuration ${file} ne peut pas être lu (${(error as Error).message})`);
  }
  for (const [name, value] of Object.entries(values)) if (env[name] === undefined && value !== undefined) env[name] = value;
  return file;
}

/** Where the default SQLite file is: data/transport-quote.sqlite in the folder the server is run from. */
export const DEFAULT_DATABASE = path.join('data', 'transport-quote.sqlite');

/**
 * The server's database, as the server and every command resolve it: DATABASE_URL
 * (PostgreSQL), else DATABASE_PATH, else the default file, relative to `cwd`.
 */
export function serverStore(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): StoreConfig {
  const store = storeFromEnv(env, path.resolve(cwd, DEFAULT_DATABASE));
  return store.kind === 'sqlite' && store.file !== ':memory:' ? { kind: 'sqlite', file: path.resolve(cwd, store.file) } : store;
}

/** What a command prints when the database it is pointed at was never made by the server. */
export function missingDatabaseMessage(store: StoreConfig): string {
  const where =
    store.kind === 'sqlite'
      ? `Aucune base de données à ${store.file}`
      : 'La base PostgreSQL de DATABASE_URL n’a pas encore été préparée par le serveur';
  return [
    `${where}\u00a0: le serveur n’y a jamais démarré, et cette commande n’en crée pas.`,
    `Indiquez la base du serveur avec DATABASE_PATH (SQLite) ou DATABASE_URL (PostgreSQL), dans l’environnement ou dans le fichier ${CONFIG_FILE_NAME} du dossier d’où vous lancez le serveur et ses commandes.`,
  ].join('\n');
}
