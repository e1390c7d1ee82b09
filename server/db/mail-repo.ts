import type { StoredMail } from '../notifications/mail-transport.ts';
import type { Sql, SqlValue } from './sql.ts';

/** Writes an e-mail to the outbox, in the transaction of the booking it is about. */
export async function enqueueMail(tx: Sql, travelId: number, kind: string, mail: StoredMail, now: number, retryMs: number): Promise<void> {
  await tx.write(
    `INSERT INTO mail_outbox (travel_id, kind, message_json, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
     VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, 0)`,
    [travelId, kind, JSON.stringify(mail), now, now + retryMs, now],
  );
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
