import type { Sql } from './sql.ts';

/** What @fastify/rate-limit asks of a store: count one hit of a key, and make a store per limiter. */
interface RateLimitStore {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void;
  child(options: unknown): RateLimitStore;
}

/**
 * Counts hits in the shared database, so every process of one deployment draws on one budget
 * (a client behind a load balancer does not get N times its limit). One statement per hit, in
 * its own short transaction: the table is UNLOGGED on PostgreSQL (no WAL, no fsync: counters
 * that a crash may reset, as a memory store's would be), and the row's lock is held for the
 * statement only. The limiters prefix their keys with their own name.
 */
export function databaseRateLimitStore(sql: Sql, now: () => number = Date.now) {
  const hit = (key: string, windowMs: number) => countHits(sql, key, windowMs, 1, now());

  class DatabaseStore implements RateLimitStore {
    // The plugin passes the limiter's window as a third argument its types do not declare.
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = 60_000) {
      hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

/**
 * Counts `weight` hits of a key at once (a list of days counts each day it prices), in a window
 * that opens with the first hit: the key's hits in the window, and the milliseconds it has left.
 */
export async function countHits(
  sql: Sql,
  key: string,
  windowMs: number,
  weight: number,
  at: number,
): Promise<{ current: number; ttl: number }> {
  const row = await sql.get<{ hits: number; reset_at: number }>(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= ? THEN excluded.hits ELSE rate_limits.hits + excluded.hits END,
       reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, reset_at`,
    [key, weight, at + windowMs, at, at],
  );
  return { current: Number(row!.hits), ttl: Math.max(0, Number(row!.reset_at) - at) };
}

/** Windows that ended are forgotten; any process may do it, as often as it likes. */
export async function forgetEndedWindows(sql: Sql, now: number): Promise<void> {
  await sql.run('DELETE FROM rate_limits WHERE reset_at <= ?', [now]);
}
