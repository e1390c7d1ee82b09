import type { Db } from './database.ts';

/** How long a key replays its first answer (issue 3: 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still pending after this long belongs to a request that died; a retry may take it over. */
export const PENDING_TAKEOVER_MS = 30 * 1000;

export type IdempotencyDecision =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'conflict' }
  | { kind: 'in-progress' };

interface KeyRow {
  body_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  response_json: string | null;
  created_at: number;
}

/**
 * Claims an Idempotency-Key for a body. The same key with the same body replays the first
 * answer; with another body it is a conflict (422); while the first request is still being
 * served, a duplicate is told so (409).
 */
export function claimKey(db: Db, key: string, bodyHash: string, now: number): IdempotencyDecision {
  return db.transaction((): IdempotencyDecision => {
    db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(now - IDEMPOTENCY_TTL_MS);
    const row = db.prepare('SELECT body_hash, state, status, response_json, created_at FROM idempotency_keys WHERE key = ?').get(key) as KeyRow | undefined;
    if (!row) {
      db.prepare("INSERT INTO idempotency_keys (key, body_hash, state, created_at) VALUES (?, ?, 'pending', ?)").run(key, bodyHash, now);
      return { kind: 'new' };
    }
    if (row.body_hash !== bodyHash) return { kind: 'conflict' };
    if (row.state === 'done') return { kind: 'replay', status: row.status ?? 200, body: JSON.parse(row.response_json ?? 'null') };
    if (now - row.created_at > PENDING_TAKEOVER_MS) {
      db.prepare('UPDATE idempotency_keys SET created_at = ? WHERE key = ?').run(now, key);
      return { kind: 'new' };
    }
    return { kind: 'in-progress' };
  }).immediate();
}

export function completeKey(db: Db, key: string, status: number, body: unknown): void {
  db.prepare("UPDATE idempotency_keys SET state = 'done', status = ?, response_json = ? WHERE key = ?").run(status, JSON.stringify(body), key);
}

/** A request that failed before answering frees its key so the client can retry. */
export function releaseKey(db: Db, key: string): void {
  db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state = 'pending'").run(key);
}
