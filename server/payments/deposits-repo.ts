import type { Sql } from '../db/sql.ts';

/** A deposit's life: open (Checkout waits for the payment), paid (Stripe's signed webhook said so), expired, refund_pending, refunded. */
export type DepositState = 'open' | 'paid' | 'expired' | 'refund_pending' | 'refunded';

/**
 * Why a payment was refunded: 'closed', the booking was refused or its acceptance undone;
 * 'duplicate', a payment that never counted (for a session replaced or expired, or on a booking
 * already paid), refunded as soon as Stripe's webhook announced it.
 */
export type RefundCause = 'closed' | 'duplicate';

export interface DepositRow {
  id: number;
  travel_id: number;
  session_id: string;
  session_url: string;
  amount_cents: number;
  state: DepositState;
  payment_intent: string | null;
  refund_id: string | null;
  created_at: string;
  paid_at: string | null;
  refund_asked_at: string | null;
  refunded_at: string | null;
  refund_cause: RefundCause | null;
}

const COLUMNS =
  'id, travel_id, session_id, session_url, amount_cents, state, payment_intent, refund_id, created_at, paid_at, refund_asked_at, refunded_at, refund_cause';

/** A payment that counts for the booking's deposit: paid, or refunded because the booking was closed (never a duplicate). */
const COUNTS = "state IN ('paid', 'refund_pending', 'refunded') AND (refund_cause IS NULL OR refund_cause = 'closed')";

const typed = (row: DepositRow | undefined | null): DepositRow | null =>
  row ? { ...row, id: Number(row.id), travel_id: Number(row.travel_id), amount_cents: Number(row.amount_cents) } : null;

/** The booking's latest Checkout Session and what became of it; null when none was ever made. */
export async function latestDeposit(sql: Sql, travelId: number): Promise<DepositRow | null> {
  return typed(await sql.get<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? ORDER BY id DESC LIMIT 1`, [travelId]));
}

/**
 * The payment that settled the booking's deposit, paid or since refunded when the booking was
 * closed: the one that counts, whatever session came later. A duplicate payment never counts;
 * a payment still held wins over one given back.
 */
export async function settledDeposit(sql: Sql, travelId: number): Promise<DepositRow | null> {
  return typed(
    await sql.get<DepositRow>(
      `SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? AND ${COUNTS} ORDER BY CASE WHEN state = 'paid' THEN 0 ELSE 1 END, id DESC LIMIT 1`,
      [travelId],
    ),
  );
}

/** Whether another payment than `depositId` already counts for the booking's deposit (a second one is a duplicate). */
export async function otherCountedPayment(sql: Sql, travelId: number, depositId: number): Promise<boolean> {
  const row = await sql.get<{ id: number }>(`SELECT id FROM deposits WHERE travel_id = ? AND id <> ? AND ${COUNTS} LIMIT 1`, [
    travelId,
    depositId,
  ]);
  return row !== undefined;
}

/** The booking's sessions still open at Stripe as far as this server knows, oldest first. */
export async function openDeposits(sql: Sql, travelId: number): Promise<DepositRow[]> {
  const rows = await sql.all<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? AND state = 'open' ORDER BY id`, [travelId]);
  return rows.map((row) => typed(row)!);
}

/** Every payment the booking received (paid, being refunded, refunded), in the order they were made. */
export async function paymentsOf(sql: Sql, travelId: number): Promise<DepositRow[]> {
  const rows = await sql.all<DepositRow>(
    `SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? AND state IN ('paid', 'refund_pending', 'refunded') ORDER BY paid_at, id`,
    [travelId],
  );
  return rows.map((row) => typed(row)!);
}

export async function depositBySession(sql: Sql, sessionId: string): Promise<DepositRow | null> {
  return typed(await sql.get<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE session_id = ?`, [sessionId]));
}

export async function depositById(sql: Sql, id: number): Promise<DepositRow | null> {
  return typed(await sql.get<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE id = ?`, [id]));
}

/** How many sessions the booking had: the number of the next one, in its idempotency key. */
export async function countSessions(sql: Sql, travelId: number): Promise<number> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM deposits WHERE travel_id = ?', [travelId]);
  return Number(row?.n ?? 0);
}

/** Records a session Stripe made; the same session twice (two clicks, one idempotency key) is one row. */
export async function recordSession(
  sql: Sql,
  session: { travelId: number; sessionId: string; url: string; amountCents: number },
  now: string,
): Promise<void> {
  await sql.run(
    `INSERT INTO deposits (travel_id, session_id, session_url, amount_cents, state, created_at) VALUES (?, ?, ?, ?, 'open', ?)
     ON CONFLICT (session_id) DO NOTHING`,
    [session.travelId, session.sessionId, session.url, session.amountCents, now],
  );
}

export async function markExpired(sql: Sql, id: number): Promise<void> {
  await sql.run("UPDATE deposits SET state = 'expired' WHERE id = ? AND state = 'open'", [id]);
}

/**
 * A payment Stripe's signed webhook announced: only an open (or expired meanwhile) session
 * becomes paid, so a replayed event changes nothing. Returns whether this call recorded it.
 */
export async function markPaid(sql: Sql, sessionId: string, paymentIntent: string | null, now: string): Promise<boolean> {
  const changed = await sql.run(
    "UPDATE deposits SET state = 'paid', payment_intent = ?, paid_at = ? WHERE session_id = ? AND state IN ('open', 'expired')",
    [paymentIntent, now, sessionId],
  );
  return changed === 1;
}

/**
 * Asks for the refund of one paid deposit, in the transaction that decided it (the booking
 * closed, or the payment found to be a duplicate): the deposit says so and why, and a row of the
 * refunds' outbox (one per deposit, by its unique key) is worked until Stripe has refunded it.
 * Returns whether this call asked it (a deposit no longer paid is left alone).
 */
export async function askRefund(sql: Sql, deposit: DepositRow, cause: RefundCause, now: number, retryMs: number): Promise<boolean> {
  const changed = await sql.run(
    "UPDATE deposits SET state = 'refund_pending', refund_asked_at = ?, refund_cause = ? WHERE id = ? AND state = 'paid'",
    [new Date(now).toISOString(), cause, deposit.id],
  );
  if (changed !== 1) return false;
  await sql.run(
    `INSERT INTO deposit_refunds (deposit_id, travel_id, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
     VALUES (?, ?, 'pending', 0, ?, ?, ?, 0) ON CONFLICT (deposit_id) DO NOTHING`,
    [deposit.id, deposit.travel_id, now, now + retryMs, now],
  );
  return true;
}

/**
 * The booking refused or no longer accepted: every payment it still holds is refunded, not only
 * the latest (a booking paid twice before issue 52 holds two). Returns how many were asked.
 */
export async function askRefunds(sql: Sql, travelId: number, now: number, retryMs: number): Promise<number> {
  const paid = await sql.all<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? AND state = 'paid' ORDER BY id`, [travelId]);
  let asked = 0;
  for (const row of paid) if (await askRefund(sql, typed(row)!, 'closed', now, retryMs)) asked += 1;
  return asked;
}

/** Stripe refunded it: returns whether this call recorded it (a retry after a crash finds it done). */
export async function markRefunded(sql: Sql, depositId: number, refundId: string, now: string): Promise<boolean> {
  const changed = await sql.run(
    "UPDATE deposits SET state = 'refunded', refund_id = ?, refunded_at = ? WHERE id = ? AND state = 'refund_pending'",
    [refundId, now, depositId],
  );
  return changed === 1;
}

/** The deposit marks of a page of the back office's list, by booking id: the state of the payment that counts. */
export async function depositStates(sql: Sql, travelIds: readonly number[]): Promise<Map<number, DepositState>> {
  const states = new Map<number, DepositState>();
  if (travelIds.length === 0) return states;
  const rows = await sql.all<{ travel_id: number; state: DepositState }>(
    `SELECT travel_id, state FROM deposits WHERE travel_id IN (${travelIds.map(() => '?').join(', ')}) AND ${COUNTS} ORDER BY id`,
    [...travelIds],
  );
  // A payment still held says more than one given back.
  for (const row of rows) if (states.get(Number(row.travel_id)) !== 'paid') states.set(Number(row.travel_id), row.state);
  return states;
}
