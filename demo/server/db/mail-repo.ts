import type { StoredMail } from '../notifications/mail-transport.ts';
import type { Sql } from './sql.ts';

/** Writes an e-mail to the outbox, in the transaction of the booking it is about. */
export async function enqueueMail(tx: Sql, travelId: number, kind: string, mail: StoredMail, now: number, retryMs: number): Promise<void> {
  await tx.run(
    `INSERT INTO mail_outbox (travel_id, kind, message_json, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
     VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, 0)`,
    [travelId, kind, JSON.stringify(mail), now, now + retryMs, now],
  );
}

export async function mailToSend(sql: Sql, id: number): Promise<{ travel_id: number; kind: string; mail: StoredMail | null } | null> {
  const row = await sql.get<{ travel_id: number; kind: string; message_json: string | null }>(
    'SELECT travel_id, kind, message_json FROM mail_outbox WHERE id = ?',
    [id],
  );
  if (!row) return null;
  return { travel_id: Number(row.travel_id), kind: row.kind, mail: row.message_json ? (JSON.parse(row.message_json) as StoredMail) : null };
}

/** Sent and given-up e-mails are forgotten after a while (their message already was, once sent). */
export async function forgetOldMails(sql: Sql, before: number): Promise<number> {
  return sql.run("DELETE FROM mail_outbox WHERE state <> 'pending' AND created_at < ?", [before]);
}
