import type { CompanyData } from 'transport-quote-wizard/domain';
import { acceptedTravelIds, latestDevisAcceptance, type DevisAcceptance } from '../db/devis-acceptances.ts';
import type { Sql } from '../db/sql.ts';
import { findTravel, type StoredTravel } from '../db/travels-repo.ts';
import { devisContent, devisHash } from '../pages/devis-content.ts';
import { devisSourceOf } from './devis-source.ts';

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
  for (const id of await acceptedTravelIds(sql, ids)) {
    const travel = await findTravel(sql, id);
    if (travel && (await currentDevisAcceptance(sql, travel, publicPricing))) signed.add(travel.id);
  }
  return signed;
}
