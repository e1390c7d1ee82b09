import type { FastifyInstance } from 'fastify';
import { describeChanges } from './booking-changes.ts';
import { devisOwnerOf } from '../devis/devis-source.ts';
import { findTravel, ownersOf, storedSize, updateTravel, type StoredTravel } from '../db/travels-repo.ts';
import { devisChangedMessage } from '../devis/devis-changed-mail.ts';
import { currentDevisAcceptance } from '../devis/devis-signature.ts';
import { factsOf } from '../notifications/booking-events.ts';
import { carrierOf } from '../notifications/notifier.ts';
import type { PricedBooking } from '../pricing/booking-pricing.ts';
import { readCompanyStore } from '../db/company-store.ts';

/**
 * Stores a booking priced again (its customer's edit, or its devis brought up to date): what
 * changed is kept for the carrier, an accepted booking whose trip or price changed returns to
 * 'review' (à revoir), and its event and e-mails are written in the same transaction.
 */
export async function storeEdit(
  app: Pick<FastifyInstance, 'sql' | 'quotas' | 'notifier' | 'publicPricing' | 'metrics'>,
  travel: StoredTravel,
  priced: PricedBooking,
): Promise<string> {
  const { sql, quotas, notifier, publicPricing, metrics } = app;
  const lines = describeChanges(travel.payload, priced.payload);
  const changes = lines.length > 0 ? { at: new Date().toISOString(), lines } : (travel.summary?.changes ?? null);
  const uses = await quotas.assertRoom(
    sql,
    ownersOf(travel.company_id, travel.client_key, travel.carrier_id),
    storedSize(priced.payload),
    travel.payload_bytes,
  );
  const owner = devisOwnerOf(travel, publicPricing);
  const carrier = carrierOf(owner === null ? null : await readCompanyStore(sql, owner), publicPricing);
  // Signed as it stood: an edit that changes the devis voids the signature, and the customer is told (issue 55, point 8).
  const signedBefore = (await currentDevisAcceptance(sql, travel, publicPricing)) !== null;
  const { written, state } = await sql.transaction(async (tx) => {
    const now = new Date().toISOString();
    const state = (await updateTravel(tx, travel.id, priced, now, { changed: lines.length > 0, changes })) ?? travel.state;
    const after = signedBefore ? await findTravel(tx, travel.id) : null;
    if (after && (await currentDevisAcceptance(tx, after, publicPricing)) === null)
      await notifier.recordCustomerMail(tx, {
        travelId: travel.id,
        kind: 'devis-changed',
        to: priced.payload.customer.email,
        carrier,
        message: devisChangedMessage({
          travelId: travel.id,
          payload: priced.payload,
          carrier,
          lines,
          devisUrl: notifier.readOnlyDevisUrl(travel),
        }),
      });
    const facts = factsOf({
      ...travel,
      updated_at: now,
      state,
      payload: priced.payload,
      price_source: priced.priceSource,
      price_check: priced.priceCheck,
      summary: { lines: priced.facts.lines },
    });
    // Accepted, then changed by its customer: back to the carrier, who is told as of a new booking.
    const written = await notifier.record(tx, 'booking.updated', facts, carrier, null, {
      backToCarrier: travel.state === 'accepted' && state === 'review',
    });
    return { written, state };
  });
  notifier.wake(written);
  quotas.report(uses);
  metrics?.bookings.inc({ action: 'updated', owner: travel.company_id === null ? 'public' : 'company' });
  return state;
}
