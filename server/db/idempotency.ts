import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Sql } from './sql.ts';

/** How long a key replays its first answer (24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still pending after this long belongs to a request that died; a retry may take it over. */
export const PENDING_TAKEOVER_MS = 30 * 1000;

export type IdempotencyDecision =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'conflict' }
  /** The first request still runs, or ran on a process that died: a retry after `retryAfterSeconds` takes its place. */
  | { kind: 'in-progress'; retryAfterSeconds: number };

interface KeyRow {
  body_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  response_json: string | null;
  created_at: number;
}

/**
 * The answer replayed for a key holds the travel token. At rest it is neither readable nor
 * findable: the row is named by the key's hash, and the answer is sealed (AES-256-GCM) with a
 * key derived from the Idempotency-Key itself, which only the client holds.
 */
function rowId(key: string): string {
  return createHash('sha256').update(`tqw-idempotency-row:${key}`, 'utf8').digest('hex');
}

function sealingKey(key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, 'tqw-idempotency', 'stored answer', 32));
}

export function sealAnswer(key: string, body: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join('.');
}

function openAnswer(key: string, stored: string): unknown {
  const [, iv, tag, sealed] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), Buffer.from(iv!, 'base64'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64')), decipher.final()]).toString('utf8'));
}

/**
 * Claims an Idempotency-Key for a body. The same key with the same body replays the first
 * answer; with another body it is a conflict (422); while the first request is still being
 * served, a duplicate is told so (409). The claim is one insert that the key's uniqueness
 * makes atomic, so two processes sharing one database never both get `new`.
 */
export async function claimKey(sql: Sql, key: string, bodyHash: string, now: number): Promise<IdempotencyDecision> {
  const id = rowId(key);
  // One transaction for both writes: on SQLite, one savepoint of the batch rather than two turns of it.
  const claimed = await sql.transaction(async (tx) => {
    await tx.run('DELETE FROM idempotency_keys WHERE created_at < ?', [now - IDEMPOTENCY_TTL_MS]);
    return tx.run(
      "INSERT INTO idempotency_keys (key, body_hash, state, created_at) VALUES (?, ?, 'pending', ?) ON CONFLICT (key) DO NOTHING",
      [id, bodyHash, now],
    );
  });
  if (claimed === 1) return { kind: 'new' };
  const row = await sql.get<KeyRow>('SELECT body_hash, state, status, response_json, created_at FROM idempotency_keys WHERE key = ?', [id]);
  // Freed between the insert and this read (the first request was refused): the client may retry.
  if (!row) return { kind: 'in-progress', retryAfterSeconds: 1 };
  if (row.body_hash !== bodyHash) return { kind: 'conflict' };
  if (row.state === 'done') return { kind: 'replay', status: row.status ?? 200, body: openAnswer(key, row.response_json ?? '') };
  if (now - row.created_at > PENDING_TAKEOVER_MS) {
    // Taken over only if no other retry took it first: the update names the age it read.
    const taken = await sql.run("UPDATE idempotency_keys SET created_at = ? WHERE key = ? AND state = 'pending' AND created_at = ?", [
      now,
      id,
      row.created_at,
    ]);
    if (taken === 1) return { kind: 'new' };
  }
  return { kind: 'in-progress', retryAfterSeconds: Math.max(1, Math.ceil((row.created_at + PENDING_TAKEOVER_MS - now) / 1000)) };
}

export async function completeKey(sql: Sql, key: string, status: number, body: unknown): Promise<void> {
  await sql.write("UPDATE idempotency_keys SET state = 'done', status = ?, response_json = ? WHERE key = ?", [
    status,
    sealAnswer(key, body),
    rowId(key),
  ]);
}

/** A request that failed before answering frees its key so the client can retry. */
export async function releaseKey(sql: Sql, key: string): Promise<void> {
  await sql.run("DELETE FROM idempotency_keys WHERE key = ? AND state = 'pending'", [rowId(key)]);
}

/** The row of a key, as the database holds it (tests check that nothing there is readable). */
export function idempotencyRowId(key: string): string {
  return rowId(key);
}
