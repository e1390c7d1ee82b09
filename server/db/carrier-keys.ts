import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { Sql } from './sql.ts';

/**
 * A carrier's public key: what its public pages carry as the elements' `carrier-key`. 192
 * random bits, URL-safe, prefixed so that nobody mistakes it for the company token (which opens
 * the company's places, contacts and customers and stays on its intranet).
 *
 * Kept in clear, not hashed like the tokens: it is printed in the HTML of the carrier's site
 * for anyone to read, so a copy of the database reveals nothing a visitor cannot see, and the
 * Réglages show it again whenever the carrier needs its snippet. What protects it is that it
 * opens nothing private, and that it can be replaced: the old one stops at once.
 */
export const PUBLIC_KEY_PREFIX = 'tqw_pk_';

export function newPublicKey(): string {
  return `${PUBLIC_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/** A key as a request may present it; anything else is refused before the database is asked. */
export const PublicKeySchema = v.pipe(
  v.string(),
  v.regex(/^tqw_pk_[A-Za-z0-9_-]{16,64}$/, 'Clé de transporteur mal formée (tqw_pk_ suivi de 16 à 64 caractères)'),
);

/** The carrier a public key opens: its id, its records, and the sites allowed to use the key. */
export interface CarrierSite {
  id: number;
  name: string;
  store_json: string;
  allowedOrigins: string[];
}

interface SiteRow {
  id: number;
  name: string;
  store_json: string;
  allowed_origins_json: string;
}

const siteOf = (row: SiteRow): CarrierSite => ({
  id: Number(row.id),
  name: row.name,
  store_json: row.store_json,
  allowedOrigins: JSON.parse(row.allowed_origins_json) as string[],
});

/** Read at every request that presents a key (no cache): a replaced key stops at once, in every process. */
export async function findCarrierByKey(sql: Sql, key: string): Promise<CarrierSite | null> {
  const row = await sql.get<SiteRow>('SELECT id, name, store_json, allowed_origins_json FROM companies WHERE public_key = ?', [key]);
  return row ? siteOf(row) : null;
}

export interface KeySettings {
  publicKey: string | null;
  allowedOrigins: string[];
}

export async function keySettings(sql: Sql, companyId: number): Promise<KeySettings> {
  const row = await sql.get<{ public_key: string | null; allowed_origins_json: string }>(
    'SELECT public_key, allowed_origins_json FROM companies WHERE id = ?',
    [companyId],
  );
  return { publicKey: row?.public_key ?? null, allowedOrigins: row ? (JSON.parse(row.allowed_origins_json) as string[]) : [] };
}

/** A new key in place of the old one, which opens nothing from this commit on. Returns it. */
export async function replacePublicKey(sql: Sql, companyId: number): Promise<string> {
  const key = newPublicKey();
  await sql.run('UPDATE companies SET public_key = ? WHERE id = ?', [key, companyId]);
  return key;
}

export async function setAllowedOrigins(sql: Sql, companyId: number, origins: readonly string[]): Promise<void> {
  await sql.run('UPDATE companies SET allowed_origins_json = ? WHERE id = ?', [JSON.stringify(origins), companyId]);
}

/** Sets a key chosen by a composition (the demo's, published like its tokens). */
export async function setPublicKey(sql: Sql, companyId: number, key: string): Promise<void> {
  await sql.run('UPDATE companies SET public_key = ? WHERE id = ?', [key, companyId]);
}

/** Companies made before keys existed get one, at start (once: a company with a key keeps it). Returns how many. */
export async function givePublicKeys(sql: Sql): Promise<number> {
  const rows = await sql.all<{ id: number }>('SELECT id FROM companies WHERE public_key IS NULL ORDER BY id');
  for (const row of rows)
    await sql.run('UPDATE companies SET public_key = ? WHERE id = ? AND public_key IS NULL', [newPublicKey(), row.id]);
  return rows.length;
}

/** Most origins one carrier lists: its site, a few others it owns, a staging copy. */
export const MAX_ALLOWED_ORIGINS = 10;

/**
 * The origins typed in the Réglages, one a line: each must be an exact origin
 * ('https://www.transporteur.fr', a port if any, no path). Returns them normalised, or the
 * first problem in French.
 */
export function parseAllowedOrigins(typed: string): { origins: string[] } | { problem: string } {
  const lines = typed
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const line of lines) {
    let url: URL;
    try {
      url = new URL(line.replace(/\/+$/, ''));
    } catch {
      return {
        problem: `«\u202f${line.slice(0, 80)}\u202f» n’est pas une adresse de site\u00a0: écrivez-la en entier, par exemple https://www.transporteur.fr.`,
      };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return { problem: `«\u202f${line.slice(0, 80)}\u202f»\u00a0: seules les adresses en https:// (ou http://) sont des sites.` };
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
      return {
        problem: `«\u202f${line.slice(0, 80)}\u202f»\u00a0: indiquez seulement l’adresse du site, sans chemin ni paramètre, par exemple ${url.origin}.`,
      };
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  if (origins.length > MAX_ALLOWED_ORIGINS)
    return { problem: `${MAX_ALLOWED_ORIGINS}\u00a0sites au plus\u00a0: retirez-en ${origins.length - MAX_ALLOWED_ORIGINS}.` };
  return { origins };
}
