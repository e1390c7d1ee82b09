import { latestCounterOffer, offerClosed } from '../db/counter-offers.ts';
import { editCloseDays } from '../db/customer-follow.ts';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import type { StepFacts } from './booking-steps.ts';

/**
 * The facts of a booking its steps are computed from, read from the database; `now` is the
 * server's clock, read once by the caller. The devis's acceptance and the deposit are the
 * issue's other parts: absent until they are.
 */
export async function followFacts(sql: Sql, travel: StoredTravel, now: number): Promise<StepFacts> {
  const offer = travel.state === 'new' ? await latestCounterOffer(sql, travel.id) : null;
  const openOffer = offer && offerClosed(offer, new Date(now).toISOString()) === null ? offer : null;
  return {
    state: travel.state,
    createdAt: travel.created_at,
    decidedAt: travel.decided_at,
    refusalReason: travel.refusal_reason,
    changedAt: travel.summary?.changes?.at ?? null,
    counterOffer: openOffer ? { beginningDate: openOffer.beginning_date, expiresAt: openOffer.expires_at } : null,
    acceptance: null,
    deposit: null,
    beginningDate: travel.payload.travel.beginning_date ?? null,
    endingDate: travel.payload.travel.ending_date ?? null,
    editCloseDays: await editCloseDays(sql, travel.company_id ?? travel.carrier_id),
    now,
  };
}
