import type { CompanyData } from 'transport-quote-wizard/domain';
import { latestCounterOffer, offerClosed } from '../db/counter-offers.ts';
import { currentDevisAcceptance } from '../devis/devis-signature.ts';
import { editCloseDays } from '../db/customer-follow.ts';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import type { StepFacts } from './booking-steps.ts';
import type { DepositService } from '../payments/deposit-service.ts';

/**
 * The facts of a booking its steps are computed from, read from the database; `now` is the
 * server's clock, read once by the caller. The deposit step is there only when the devis
 * offers one (the carrier asks a deposit and the server takes payments), done once Stripe's
 * signed webhook has recorded it paid (a refunded deposit no longer counts).
 */
export async function followFacts(
  sql: Sql,
  travel: StoredTravel,
  now: number,
  publicPricing: CompanyData,
  deposits: DepositService,
): Promise<StepFacts> {
  const offer = travel.state === 'new' ? await latestCounterOffer(sql, travel.id) : null;
  // 'Bon pour accord' on the devis as it is now: one accepted before the booking changed no longer counts.
  const acceptance = await currentDevisAcceptance(sql, travel, publicPricing);
  const depositOffer = await deposits.offerFor(sql, travel);
  const openOffer = offer && offerClosed(offer, new Date(now).toISOString()) === null ? offer : null;
  return {
    state: travel.state,
    createdAt: travel.created_at,
    decidedAt: travel.decided_at,
    refusalReason: travel.refusal_reason,
    changedAt: travel.summary?.changes?.at ?? null,
    counterOffer: openOffer ? { beginningDate: openOffer.beginning_date, expiresAt: openOffer.expires_at } : null,
    acceptance: acceptance ? { at: acceptance.accepted_at, name: acceptance.signer_name } : null,
    deposit: depositOffer ? { paidAt: depositOffer.settled?.state === 'paid' ? depositOffer.settled.paid_at : null } : null,
    beginningDate: travel.payload.travel.beginning_date ?? null,
    endingDate: travel.payload.travel.ending_date ?? null,
    editCloseDays: await editCloseDays(sql, travel.company_id ?? travel.carrier_id),
    now,
  };
}
