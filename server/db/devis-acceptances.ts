import type { Sql } from './sql.ts';

/** A customer's 'Bon pour accord' on a booking's devis, as migration 16 keeps it. */
export interface DevisAcceptance {
  id: number;
  travel_id: number;
  /** ISO time, by the server's clock. */
  accepted_at: string;
  signer_name: string;
  client_address: string;
  user_agent: string;
  /** SHA-256 (hex) of the canonical devis accepted (pages/devis-content.ts canonicalDevis). */
  devis_hash: string;
  /** The canonical text itself, whose SHA-256 devis_hash is. */
  devis_text: string;
  /** The link it was given by: the booking's edit token, or the e-mail's read-only devis token. */
  token_kind: 'edition' | 'devis';
}

export type NewDevisAcceptance = Omit<DevisAcceptance, 'id'>;

export async function insertDevisAcceptance(sql: Sql, acceptance: NewDevisAcceptance): Promise<void> {
  await sql.run(
    `INSERT INTO devis_acceptances (travel_id, accepted_at, signer_name, client_address, user_agent, devis_hash, devis_text, token_kind)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      acceptance.travel_id,
      acceptance.accepted_at,
      acceptance.signer_name,
      acceptance.client_address,
      acceptance.user_agent,
      acceptance.devis_hash,
      acceptance.devis_text,
      acceptance.token_kind,
    ],
  );
}

/** The booking's latest acceptance, whatever version of its devis it was given to; null when none. */
export async function latestDevisAcceptance(sql: Sql, travelId: number): Promise<DevisAcceptance | null> {
  const row = await sql.get<DevisAcceptance>('SELECT * FROM devis_acceptances WHERE travel_id = ? ORDER BY id DESC LIMIT 1', [travelId]);
  return row ? { ...row, id: Number(row.id), travel_id: Number(row.travel_id) } : null;
}

/** Which of these bookings have an acceptance at all (the bookings list then checks each still holds). */
export async function acceptedTravelIds(sql: Sql, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await sql.all<{ travel_id: number }>(
    `SELECT DISTINCT travel_id FROM devis_acceptances WHERE travel_id IN (${ids.map(() => '?').join(',')})`,
    ids,
  );
  return rows.map((row) => Number(row.travel_id));
}
