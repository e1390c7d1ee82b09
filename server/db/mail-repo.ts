import type { StoredMail } from '../notifications/mail-transport.ts';
import type { Sql, SqlValue } from './sql.ts';

/** Writes an e-mail to the outbox, in the transaction of the booking it is about. */
export async function enqueueMail(
  tx: Sql,
  travelId: number,
  kind: string,
  mail: StoredMail,
  now: number,
  retryMs: number,
  delayMs = 0,
): Promise<void> {
  await tx.write(
    `INSERT INTO mail_outbox (travel_id, kind, message_json, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
     VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, 0)`,
    [travelId, kind, JSON.stringify(mail), now, now + delayMs + retryMs, now + delayMs],
  );
}

/** A booking's e-mail of this kind not yet tried (an acceptance undone within its window): it is never sent. */
export async function dropWaitingMail(tx: Sql, travelId: number, kind: string): Promise<number> {
  return tx.run("DELETE FROM mail_outbox WHERE travel_id = ? AND kind = ? AND state = 'pending' AND attempts = 0", [travelId, kind]);
}

/** The e-mail of a claimed outbox row (its columns as the claim returned them). */
export function mailOfClaim(fields: Record<string, SqlValue>): { travel_id: number; kind: string; mail: StoredMail | null } {
  const message = fields.message_json;
  return {
    travel_id: Number(fields.travel_id),
    kind: String(fields.kind),
    mail: typeof message === 'string' ? (JSON.parse(message) as StoredMail) : null,
  };
}

/** Sent and given-up e-mails are forgotten after a while (their message already was, once sent). */
export async function forgetOldMails(sql: Sql, before: number): Promise<number> {
  return sql.run("DELETE FROM mail_outbox WHERE state <> 'pending' AND created_at < ?", [before]);
}

/**
 * Counts one confirmation to an address (its keyed name: never the address itself) in the
 * shared counters of the rate limits, within the booking's transaction: every process of a
 * deployment draws on one count. Answers how many this address received in its current window.
 */
export async function countConfirmation(tx: Sql, addressKey: string, now: number, windowMs: number): Promise<number> {
  const row = await tx.get<{ hits: number }>(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits`,
    [`mail-confirmation:${addressKey}`, now + windowMs, now, now],
  );
  return Number(row!.hits);
}

/** An e-mail not sent on purpose: kept as given up, with why, for the carrier to read on the booking's page. */
export async function recordWithheldMail(tx: Sql, travelId: number, kind: string, why: string, now: number): Promise<void> {
  await tx.write(
    `INSERT INTO mail_outbox (travel_id, kind, message_json, state, attempts, created_at, give_up_at, next_attempt_at, locked_until, last_error, finished_at)
     VALUES (?, ?, NULL, 'failed', 0, ?, ?, ?, 0, ?, ?)`,
    [travelId, kind, now, now, now, why, now],
  );
}

/** Why a booking's e-mails were not sent on purpose (recordWithheldMail), oldest first. */
export async function withheldMails(sql: Sql, travelId: number): Promise<string[]> {
  const rows = await sql.all<{ last_error: string }>(
    "SELECT last_error FROM mail_outbox WHERE travel_id = ? AND state = 'failed' AND attempts = 0 AND last_error IS NOT NULL ORDER BY id",
    [travelId],
  );
  return rows.map((row) => row.last_error);
}
