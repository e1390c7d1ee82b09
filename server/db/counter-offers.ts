import type { Sql } from './sql.ts';

/**
 * A carrier's counter-offer on a booking awaiting its answer: another day (and, where the
 * carrier's records allow it, another price), sent to the customer as a link. The link's token
 * is kept hashed; the offer is accepted once, before it expires, and only while it is the
 * booking's latest one and the booking still awaits an answer.
 */
export interface CounterOffer {
  id: number;
  travel_id: number;
  created_at: string;
  expires_at: string;
  user_email: string;
  beginning_date: string;
  ending_date: string | null;
  /** Cents TTC, or null: the booking's price stays. */
  price_transportation: number | null;
  price_handling: number | null;
  accepted_at: string | null;
  withdrawn_at: string | null;
  /** When the customer declined it (its link then accepts nothing). */
  declined_at: string | null;
}

const COLUMNS =
  'id, travel_id, created_at, expires_at, user_email, beginning_date, ending_date, price_transportation, price_handling, accepted_at, withdrawn_at, declined_at';

const fromRow = (row: CounterOffer): CounterOffer => ({
  ...row,
  id: Number(row.id),
  travel_id: Number(row.travel_id),
  price_transportation: row.price_transportation === null ? null : Number(row.price_transportation),
  price_handling: row.price_handling === null ? null : Number(row.price_handling),
});

export type NewCounterOffer = Omit<CounterOffer, 'id' | 'accepted_at' | 'withdrawn_at' | 'declined_at'>;

/** Records an offer; the booking's earlier offers still open are withdrawn (their links no longer work). */
export async function insertCounterOffer(tx: Sql, offer: NewCounterOffer, tokenHash: string): Promise<number> {
  await closeCounterOffers(tx, offer.travel_id, offer.created_at);
  const row = await tx.get<{ id: number }>(
    `INSERT INTO counter_offers (travel_id, token_hash, created_at, expires_at, user_email, beginning_date, ending_date, price_transportation, price_handling)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      offer.travel_id,
      tokenHash,
      offer.created_at,
      offer.expires_at,
      offer.user_email,
      offer.beginning_date,
      offer.ending_date,
      offer.price_transportation,
      offer.price_handling,
    ],
  );
  return Number(row!.id);
}

/** The booking's open offers are withdrawn: a decision, or a newer offer, replaces them. */
export async function closeCounterOffers(tx: Sql, travelId: number, now: string): Promise<void> {
  await tx.run('UPDATE counter_offers SET withdrawn_at = ? WHERE travel_id = ? AND accepted_at IS NULL AND withdrawn_at IS NULL', [
    now,
    travelId,
  ]);
}

/** The booking's latest offer, whatever became of it (the booking's page says it). */
export async function latestCounterOffer(sql: Sql, travelId: number): Promise<CounterOffer | null> {
  const row = await sql.get<CounterOffer>(`SELECT ${COLUMNS} FROM counter_offers WHERE travel_id = ? ORDER BY id DESC LIMIT 1`, [travelId]);
  return row ? fromRow(row) : null;
}

/** The offer a link opens: the booking's, with that token's hash; null for any other (another booking's token included). */
export async function counterOfferByToken(sql: Sql, travelId: number, tokenHash: string): Promise<CounterOffer | null> {
  const row = await sql.get<CounterOffer>(`SELECT ${COLUMNS} FROM counter_offers WHERE travel_id = ? AND token_hash = ?`, [
    travelId,
    tokenHash,
  ]);
  return row ? fromRow(row) : null;
}

/** Why a link's offer cannot be accepted any more, or null when it can. */
export function offerClosed(offer: CounterOffer, now: string): 'accepted' | 'declined' | 'withdrawn' | 'expired' | null {
  if (offer.accepted_at) return 'accepted';
  if (offer.declined_at) return 'declined';
  if (offer.withdrawn_at) return 'withdrawn';
  if (offer.expires_at <= now) return 'expired';
  return null;
}

/** Marks the offer accepted, once, while it is open and unexpired (two clicks accept it once). */
export async function markCounterOfferAccepted(tx: Sql, id: number, now: string): Promise<boolean> {
  const changed = await tx.run(
    'UPDATE counter_offers SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL AND withdrawn_at IS NULL AND declined_at IS NULL AND expires_at > ?',
    [now, id, now],
  );
  return changed === 1;
}

/** Which of these bookings wait for their customer's answer to an offer still open (the list's 'En attente du client'). */
export async function awaitingCustomer(sql: Sql, ids: readonly number[], now: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sql.all<{ travel_id: number }>(
    `SELECT DISTINCT travel_id FROM counter_offers WHERE travel_id IN (${ids.map(() => '?').join(',')}) AND accepted_at IS NULL AND withdrawn_at IS NULL AND declined_at IS NULL AND expires_at > ?`,
    [...ids, now],
  );
  return new Set(rows.map((row) => Number(row.travel_id)));
}

/** The customer declines the offer, once, while it is open; false when it was not (accepted, replaced, declined or expired). */
export async function markCounterOfferDeclined(tx: Sql, id: number, now: string): Promise<boolean> {
  const changed = await tx.run(
    'UPDATE counter_offers SET declined_at = ? WHERE id = ? AND accepted_at IS NULL AND withdrawn_at IS NULL AND declined_at IS NULL AND expires_at > ?',
    [now, id, now],
  );
  return changed === 1;
}
