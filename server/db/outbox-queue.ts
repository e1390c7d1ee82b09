import type { Sql, SqlValue } from './sql.ts';

/**
 * The two outboxes, worked the same way: webhook deliveries (one row per event and endpoint)
 * and the customer's e-mails. A row is written in the transaction of the booking it is about,
 * so it exists exactly when the booking does; a worker in every server process then claims
 * due rows, sends them, and settles them (delivered, or retried later, or given up).
 *
 * A claim leases its rows: `locked_until` in the future keeps other processes off them while
 * one sends, and a process killed mid-send leaves a lease that simply runs out, after which
 * any process retries. On PostgreSQL the claim skips rows another process is claiming at that
 * instant (FOR UPDATE SKIP LOCKED), so processes never wait for each other nor take the same
 * row. The claim counts the attempt; the count is also the fence of the settle, so a process
 * whose lease ran out (another took the row over) cannot overwrite the newer outcome.
 */
export type QueueTable = 'webhook_deliveries' | 'mail_outbox' | 'deposit_refunds';

export interface ClaimedRow {
  id: number;
  attempts: number;
  give_up_at: number;
  /** The row's columns as claimed, so a sender needs no second read to know what to send. */
  fields: Record<string, SqlValue>;
}

export async function claimDue(sql: Sql, table: QueueTable, now: number, leaseMs: number, limit: number): Promise<ClaimedRow[]> {
  const skipLocked = sql.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  const claim = (target: Sql) =>
    target.all<Record<string, SqlValue>>(
      `UPDATE ${table} SET locked_until = ?, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM ${table} WHERE state = 'pending' AND next_attempt_at <= ? AND locked_until <= ?
         ORDER BY next_attempt_at, id LIMIT ?${skipLocked}
       ) AND state = 'pending' AND locked_until <= ?
       RETURNING *`,
      [now + leaseMs, now, now, limit, now],
    );
  // One statement is atomic on its own: on PostgreSQL it is sent alone, without the BEGIN and
  // COMMIT of a transaction; the embedded file's writes go through its batch, as transactions.
  const rows = sql.dialect === 'postgres' ? await claim(sql) : await sql.transaction(claim);
  return rows.map((row) => ({ id: Number(row.id), attempts: Number(row.attempts), give_up_at: Number(row.give_up_at), fields: row }));
}

/** How a send went; `final`: a failure no retry can mend (an endpoint removed meanwhile). */
export type Outcome = { ok: true; status: number | null } | { ok: false; status: number | null; error: string; final?: boolean };

/**
 * Settles a claimed row: delivered, retried at `retryAt`, or given up (retryAt null). Returns
 * false when the row was taken over meanwhile (its lease ran out): the newer claim decides.
 */
export async function settle(sql: Sql, table: QueueTable, row: ClaimedRow, outcome: Outcome, now: number, retryAt: number | null) {
  const fence = [row.id, row.attempts];
  // An e-mail sent or given up forgets its message: its links hold the booking's token.
  const erase = table === 'mail_outbox' ? ', message_json = NULL' : '';
  if (outcome.ok) {
    const changed = await sql.run(
      `UPDATE ${table} SET state = 'delivered', last_status = ?, last_error = NULL, finished_at = ?, locked_until = 0${erase}
       WHERE id = ? AND attempts = ? AND state = 'pending'`,
      [outcome.status, now, ...fence],
    );
    return changed === 1;
  }
  const error = outcome.error.slice(0, 500);
  const changed =
    retryAt === null
      ? await sql.run(
          `UPDATE ${table} SET state = 'failed', last_status = ?, last_error = ?, finished_at = ?, locked_until = 0${erase}
           WHERE id = ? AND attempts = ? AND state = 'pending'`,
          [outcome.status, error, now, ...fence],
        )
      : await sql.run(
          `UPDATE ${table} SET next_attempt_at = ?, last_status = ?, last_error = ?, locked_until = 0
           WHERE id = ? AND attempts = ? AND state = 'pending'`,
          [retryAt, outcome.status, error, ...fence],
        );
  return changed === 1;
}

/** Rows still to send (the backlog metric). */
export async function countPending(sql: Sql, table: QueueTable): Promise<number> {
  const row = await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE state = 'pending'`);
  return Number(row?.n ?? 0);
}

/**
 * When to try again after the attempt-th failure: 1, 3, 9, 27… times the first delay (a
 * fifth either way, so receivers that come back are not hit by every sender at once), at
 * most six hours apart; null once past the row's deadline.
 */
export function retryTime(attempts: number, firstDelayMs: number, giveUpAt: number, now: number, random = Math.random): number | null {
  const delay = Math.min(firstDelayMs * 3 ** Math.max(0, attempts - 1), 6 * 3_600_000) * (0.8 + 0.4 * random());
  const at = Math.round(now + delay);
  return at > giveUpAt ? (now < giveUpAt ? giveUpAt : null) : at;
}
