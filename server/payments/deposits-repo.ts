import type { Sql } from '../db/sql.ts';

/** A deposit's life: open (Checkout waits for the payment), paid (Stripe's signed webhook said so), expired, refund_pending, refunded. */
export type DepositState = 'open' | 'paid' | 'expired' | 'refund_pending' | 'refunded';

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
}

const COLUMNS =
  'id, travel_id, session_id, session_url, amount_cents, state, payment_intent, refund_id, created_at, paid_at, refund_asked_at, refunded_at';

const typed = (row: DepositRow | undefined | null): DepositRow | null =>
  row ? { ...row, id: Number(row.id), travel_id: Number(row.travel_id), amount_cents: Number(row.amount_cents) } : null;

/** The booking's latest Checkout Session and what became of it; null when none was ever made. */
export async function latestDeposit(sql: Sql, travelId: number): Promise<DepositRow | null> {
  return typed(await sql.get<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? ORDER BY id DESC LIMIT 1`, [travelId]));
}

/** The deposit a payment settled, paid or since refunded: the one that counts, whatever session came later. */
export async function settledDeposit(sql: Sql, travelId: number): Promise<DepositRow | null> {
  return typed(
    await sql.get<DepositRow>(
      `SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? AND state IN ('paid', 'refund_pending', 'refunded') ORDER BY id DESC LIMIT 1`,
      [travelId],
    ),
  );
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
 * Asks for the refund of the booking's paid deposit, in the transaction that refuses or undoes
 * the booking: the deposit says so, and a row of the refunds' outbox (one per deposit, by its
 * unique key) is worked until Stripe has refunded it. Returns the deposit, or null when none is paid.
 */
export async function askRefund(sql: Sql, travelId: number, now: number, retryMs: number): Promise<DepositRow | null> {
  const paid = typed(
    await sql.get<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE travel_id = ? AND state = 'paid' ORDER BY id DESC LIMIT 1`, [
      travelId,
    ]),
  );
  if (!paid) return null;
  const changed = await sql.run("UPDATE deposits SET state = 'refund_pending', refund_asked_at = ? WHERE id = ? AND state = 'paid'", [
    new Date(now).toISOString(),
    paid.id,
  ]);
  if (changed !== 1) return null;
  await sql.run(
    `INSERT INTO deposit_refunds (deposit_id, travel_id, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
     VALUES (?, ?, 'pending', 0, ?, ?, ?, 0) ON CONFLICT (deposit_id) DO NOTHING`,
    [paid.id, travelId, now, now + retryMs, now],
  );
  return paid;
}

/** Stripe refunded it: returns whether this call recorded it (a retry after a crash finds it done). */
export async function markRefunded(sql: Sql, depositId: number, refundId: string, now: string): Promise<boolean> {
  const changed = await sql.run(
    "UPDATE deposits SET state = 'refunded', refund_id = ?, refunded_at = ? WHERE id = ? AND state = 'refund_pending'",
    [refundId, now, depositId],
  );
  return changed === 1;
}

/** The deposit as the customer's page (h-follow) and the back office show it. */
export interface DepositStatus {
  state: DepositState;
  amountCents: number;
  createdAt: string;
  paidAt: string | null;
  refundAskedAt: string | null;
  refundedAt: string | null;
}

/**
 * Where a booking's deposit stands, for the customer's page: the settled one when a payment
 * was made, else the latest session; null when none was ever started (nothing to show, and
 * never anything on a server without Stripe's settings, where no session is ever made).
 */
export async function findDepositState(sql: Sql, travelId: number): Promise<DepositStatus | null> {
  const row = (await settledDeposit(sql, travelId)) ?? (await latestDeposit(sql, travelId));
  if (!row) return null;
  return {
    state: row.state,
    amountCents: row.amount_cents,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    refundAskedAt: row.refund_asked_at,
    refundedAt: row.refunded_at,
  };
}

/** The deposit marks of a page of the back office's list, by booking id. */
export async function depositStates(sql: Sql, travelIds: readonly number[]): Promise<Map<number, DepositState>> {
  const states = new Map<number, DepositState>();
  if (travelIds.length === 0) return states;
  const rows = await sql.all<{ travel_id: number; state: DepositState }>(
    `SELECT travel_id, state FROM deposits WHERE travel_id IN (${travelIds.map(() => '?').join(', ')}) AND state IN ('paid', 'refund_pending', 'refunded')`,
    [...travelIds],
  );
  for (const row of rows) states.set(Number(row.travel_id), row.state);
  return states;
}
