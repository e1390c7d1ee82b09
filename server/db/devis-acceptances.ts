import type { CompanyData } from 'transport-quote-wizard/domain';
import { devisContent, devisHash } from '../pages/devis-content.ts';
import { devisSourceOf } from './devis-source.ts';
import type { Sql } from './sql.ts';
import { findTravel, type StoredTravel } from './travels-repo.ts';

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

/** The hash of the devis a booking shows now; null when it has no devis (no quote). */
export async function currentDevisHash(sql: Sql, travel: StoredTravel, publicPricing: CompanyData): Promise<string | null> {
  const source = await devisSourceOf(sql, travel, publicPricing);
  return source ? devisHash(devisContent(source)) : null;
}

/**
 * The acceptance that still holds: the latest one, when it was given to the devis the booking
 * shows now (same hash). null when the customer has not accepted, or accepted a version the
 * booking (or the carrier's references on it) has changed from since: the devis asks again.
 * `publicPricing`: the keyless public pages' configuration (app.publicPricing).
 */
export async function currentDevisAcceptance(sql: Sql, travel: StoredTravel, publicPricing: CompanyData): Promise<DevisAcceptance | null> {
  const latest = await latestDevisAcceptance(sql, travel.id);
  if (!latest) return null;
  return latest.devis_hash === (await currentDevisHash(sql, travel, publicPricing)) ? latest : null;
}

/**
 * Which of these bookings have a devis signed as it stands now (the bookings list's 'Devis
 * signé'): only those with an acceptance are read again, to hash their devis as it is now.
 */
export async function signedBookings(sql: Sql, ids: readonly number[], publicPricing: CompanyData): Promise<Set<number>> {
  const signed = new Set<number>();
  if (ids.length === 0) return signed;
  const rows = await sql.all<{ travel_id: number }>(
    `SELECT DISTINCT travel_id FROM devis_acceptances WHERE travel_id IN (${ids.map(() => '?').join(',')})`,
    ids,
  );
  for (const { travel_id } of rows) {
    const travel = await findTravel(sql, Number(travel_id));
    if (travel && (await currentDevisAcceptance(sql, travel, publicPricing))) signed.add(travel.id);
  }
  return signed;
}
