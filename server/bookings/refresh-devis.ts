import type { FastifyInstance } from 'fastify';
import { parseSerializedTravelState, type TravelPayload } from 'transport-quote-wizard/domain';
import type { StoredTravel } from '../db/travels-repo.ts';
import { stateOfBody } from '../pricing/body-state.ts';
import { priceBooking } from '../pricing/booking-pricing.ts';
import type { IssuedQuote } from '../pricing/quote-service.ts';
import { PriceChanged } from '../pricing/refusals.ts';
import { storeEdit } from './store-edit.ts';

/**
 * A devis past its validity, brought up to date (issue 54): the same choices priced again on
 * the carrier's records of today, the booking stored with that fresh quote, so its devis is
 * made today and holds for the carrier's days again. Today's price may be another: the
 * customer is shown it and accepts it, or not, on the devis; an accepted booking whose price
 * changed returns to its carrier (storeEdit). Only a price from the carrier's grid is brought
 * up to date so: a price set by hand (by the carrier or a company) is asked of whoever set it.
 */
export async function refreshDevis(
  app: Pick<FastifyInstance, 'sql' | 'quotes' | 'quotas' | 'notifier' | 'publicPricing' | 'metrics'>,
  travel: StoredTravel,
): Promise<string> {
  const state = parseSerializedTravelState(travel.payload.store_serialized) ?? stateOfBody(travel.payload);
  const stored = { payload: travel.payload, state, priceSource: travel.price_source, priceCheck: travel.price_check };
  const actor = travel.company_id === null ? 'public' : 'edit-link';
  const price = (payload: TravelPayload) =>
    priceBooking(app.quotes, app.sql, payload, state, travel.company_id, actor, stored, travel.carrier_id);
  let priced;
  try {
    priced = await price(travel.payload);
  } catch (error) {
    if (!(error instanceof PriceChanged)) throw error;
    // Today's price is another: the booking takes it, with the fresh quote that gives it.
    const fresh = error.quote as IssuedQuote;
    priced = await price({
      ...travel.payload,
      quote_id: fresh.id,
      travel: {
        ...travel.payload.travel,
        price_transportation: fresh.figures.price_transportation,
        price_handling: fresh.figures.price_handling,
        price_transportation_ht: fresh.figures.price_transportation_ht,
        price_handling_ht: fresh.figures.price_handling_ht,
      },
    });
  }
  return storeEdit(app, travel, priced);
}
