import { type CompanyData, formatCents } from 'transport-quote-wizard/domain';
import { dropWaitingMail } from '../db/mail-repo.ts';
import { closeCounterOffers, insertCounterOffer, markCounterOfferAccepted, type CounterOffer } from '../db/counter-offers.ts';
import { findQuote } from '../db/quotes-repo.ts';
import type { Sql } from '../db/sql.ts';
import {
  acceptMovedTravel,
  decideTravel,
  findTravel,
  setCarrierPrice as storeCarrierPrice,
  undoAcceptance as storeUndo,
  type Decision,
  type StoredTravel,
} from '../db/travels-repo.ts';
import { factsOf, type EventType } from '../notifications/booking-events.ts';
import type { Notifier, Written } from '../notifications/notifier.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { DepositService } from '../payments/deposit-service.ts';
import { when } from '../pages/dashboard-page.ts';
import { withCarrierPrice } from '../pricing/booking-pricing.ts';
import type { QuoteService } from '../pricing/quote-service.ts';
import { carrierOfBooking } from './booking-carrier.ts';
import { totalAtPrice, type CarrierPrice } from './booking-figures.ts';
import { repricedSummary } from './repriced-summary.ts';
import { movedPayload } from './counter-offer-move.ts';

/** Beyond the undo window, before the acceptance's e-mail may leave: an undo sent at the window's last second finds it still waiting. */
const UNDO_MARGIN_MS = 30_000;

export interface BookingLifecycleDeps {
  sql: Sql;
  notifier: Notifier;
  deposits: Pick<DepositService, 'refundOnClose' | 'wakeRefunds'>;
  quotes: QuoteService;
  publicPricing: CompanyData;
  metrics: Metrics | null;
  /** How long the carrier may undo an acceptance (0: no undo; its e-mail leaves at once). */
  undoAcceptMs: number;
}

/** A counter-offer as the carrier makes it (its token's hash stored, the token itself only in the link). */
export interface AnotherDate {
  beginning: string;
  ending: string | null;
  price: CarrierPrice | null;
  expiresAt: string;
  userEmail: string;
  tokenHash: string;
  /** The customer's link, for the e-mail. */
  url: string;
}

/**
 * The booking's moves (booking-states.ts), each one named operation in one transaction with its
 * event for the webhooks, the customer's e-mail, the deposit's refund when it closes the booking,
 * and its metric. Routes (the back office, the customer's counter-offer page) parse, call one of
 * these and render what it answers; none writes a booking's state itself.
 */
export class BookingLifecycle {
  constructor(private readonly deps: BookingLifecycleDeps) {}

  /** The carrier accepts: 'price-pending' when its grid gave no price (it sets one first), 'answered' when someone answered first. */
  async accept(travel: StoredTravel): Promise<'accepted' | 'answered' | 'price-pending'> {
    if (travel.price_source === 'pending') return 'price-pending';
    return (await this.decide(travel, { state: 'accepted' }, 'booking.accepted')) ? 'accepted' : 'answered';
  }

  /** The carrier refuses with its reason; the deposit paid is refunded. */
  async refuse(travel: StoredTravel, reason: string): Promise<'refused' | 'answered'> {
    return (await this.decide(travel, { state: 'refused', reason }, 'booking.refused')) ? 'refused' : 'answered';
  }

  /**
   * 'Annuler l'acceptation', within the undo window (checked by the database's statement against
   * the server's clock): the booking awaits an answer again, its acceptance's e-mail, still
   * waiting, is never sent, its deposit is refunded, and the webhooks hear the booking changed.
   */
  async undoAcceptance(travel: StoredTravel): Promise<'undone' | 'too-late'> {
    const { sql, notifier, deposits, undoAcceptMs } = this.deps;
    const now = Date.now();
    const since = new Date(now - undoAcceptMs).toISOString();
    const carrier = await this.carrierOf(travel);
    let refund = false;
    const written = await sql.transaction(async (tx) => {
      if (undoAcceptMs === 0 || !(await storeUndo(tx, travel.id, since, new Date(now).toISOString()))) return null;
      await dropWaitingMail(tx, travel.id, 'acceptance');
      refund = await deposits.refundOnClose(tx, travel.id);
      const after = await findTravel(tx, travel.id);
      return notifier.record(tx, 'booking.updated', factsOf(after!), carrier);
    });
    this.after(written, refund);
    return written ? 'undone' : 'too-late';
  }

  /**
   * 'Proposer une autre date': the offer stored with its link's token hashed, the customer's
   * e-mail when they gave an address, 'booking.counter_offered' for the webhooks. Returns whether
   * the customer was e-mailed.
   */
  async offerAnotherDate(travel: StoredTravel, offer: AnotherDate): Promise<{ mailed: boolean }> {
    const { sql, notifier } = this.deps;
    const carrier = await this.carrierOf(travel);
    const { price } = offer;
    const { written, mailed } = await sql.transaction(async (tx) => {
      await insertCounterOffer(
        tx,
        {
          travel_id: travel.id,
          created_at: new Date().toISOString(),
          expires_at: offer.expiresAt,
          user_email: offer.userEmail,
          beginning_date: offer.beginning,
          ending_date: offer.ending,
          price_transportation: price?.transport ?? null,
          price_handling: price?.handling ?? null,
        },
        offer.tokenHash,
      );
      const mailed = await notifier.recordCounterOffer(tx, {
        travelId: travel.id,
        payload: travel.payload,
        carrier,
        proposedWhen: when(offer.beginning),
        proposedTotal: price ? `${formatCents(totalAtPrice(travel, price))} TTC` : null,
        url: offer.url,
        expiresWhen: when(offer.expiresAt),
      });
      const facts = {
        ...factsOf(travel),
        counterOffer: {
          beginning_date: offer.beginning,
          ending_date: offer.ending,
          price_transportation: price?.transport ?? null,
          price_handling: price?.handling ?? null,
          expires_at: offer.expiresAt,
        },
      };
      const written = await notifier.record(tx, 'booking.counter_offered', facts, carrier);
      return { written: { ...written, mail: mailed }, mailed };
    });
    notifier.wake(written);
    return { mailed };
  }

  /**
   * The carrier's price for a booking its grid gave none for ('prix à fixer'): signed as a quote
   * of its own and stored as 'carrier', with its event; the booking can then be accepted.
   */
  async setCarrierPrice(travel: StoredTravel, price: CarrierPrice): Promise<'priced' | 'already' | 'no-quote'> {
    const { sql, notifier, quotes } = this.deps;
    if (travel.price_source !== 'pending') return 'already';
    const first = travel.quote_id ? await findQuote(sql, travel.quote_id) : null;
    if (!first) return 'no-quote';
    const carrier = await this.carrierOf(travel);
    const quote = await quotes.carrierQuote(first, price.transport, price.handling);
    const payload = withCarrierPrice(travel.payload, quotes.answer(quote, quote.figures, null));
    const summary = repricedSummary(travel, payload, quote.figures, { keepChanges: true });
    const written = await sql.transaction(async (tx) => {
      if (!(await storeCarrierPrice(tx, travel.id, payload, quote, summary, new Date().toISOString()))) return null;
      const now = await findTravel(tx, travel.id);
      return notifier.record(tx, 'booking.updated', factsOf(now!), carrier);
    });
    this.after(written, false);
    return written ? 'priced' : 'already';
  }

  /**
   * The customer accepts a counter-offer (its link's token already checked): the booking moves
   * to the offer's day and, when it carried one, to the carrier's price, signed as the carrier's
   * own quote (never a figure from the browser); it is accepted, and the webhooks and the
   * customer hear it. 'answered': the carrier answered first, or the offer was taken meanwhile.
   */
  async acceptCounterOffer(travel: StoredTravel, offer: CounterOffer): Promise<'accepted' | 'answered'> {
    const { sql, notifier, quotes } = this.deps;
    const nowIso = new Date().toISOString();
    const carrier = await this.carrierOf(travel);
    let payload = movedPayload(travel.payload, offer.beginning_date);
    let quote: Awaited<ReturnType<QuoteService['carrierQuote']>> | null = null;
    if (offer.price_transportation !== null) {
      const first = travel.quote_id ? await findQuote(sql, travel.quote_id) : null;
      if (!first) return 'answered';
      quote = await quotes.carrierQuote(first, offer.price_transportation, offer.price_handling ?? 0);
      payload = withCarrierPrice(payload, quotes.answer(quote, quote.figures, null));
    }
    const summary = repricedSummary(travel, payload, quote?.figures ?? null, { keepChanges: false });
    const written = await sql
      .transaction(async (tx) => {
        if (!(await markCounterOfferAccepted(tx, offer.id, nowIso))) return null;
        if (!(await acceptMovedTravel(tx, travel.id, payload, quote, summary, nowIso))) throw new OfferLost();
        const after = await findTravel(tx, travel.id);
        return notifier.record(tx, 'booking.accepted', factsOf(after!), carrier);
      })
      .catch((error: unknown) => {
        if (error instanceof OfferLost) return null;
        throw error;
      });
    if (!written) return 'answered';
    this.after(written, false);
    return 'accepted';
  }

  /** Who the customer deals with, from the booking's carrier's records (a record that cannot be read is a 503 naming it). */
  carrierOf(travel: StoredTravel) {
    return carrierOfBooking(this.deps.sql, travel, this.deps.publicPricing);
  }

  /** Records a decision with its event and the customer's e-mail, in one transaction; false when the booking was answered already. */
  private async decide(travel: StoredTravel, decision: Decision, type: EventType): Promise<boolean> {
    const { sql, notifier, deposits, metrics, undoAcceptMs } = this.deps;
    const carrier = await this.carrierOf(travel);
    // The acceptance's e-mail waits for the end of its undo window (and a little more, so an undo at its last second still catches it).
    const mailDelayMs = decision.state === 'accepted' && undoAcceptMs > 0 ? undoAcceptMs + UNDO_MARGIN_MS : 0;
    let refund = false;
    const written = await sql.transaction(async (tx) => {
      if (!(await decideTravel(tx, travel.id, decision, new Date().toISOString()))) return null;
      // A decision replaces any counter-offer still waiting: its link no longer works.
      await closeCounterOffers(tx, travel.id, new Date().toISOString());
      // A refusal gives back the deposit the customer paid (refunded by the refunds' outbox).
      if (decision.state === 'refused') refund = await deposits.refundOnClose(tx, travel.id);
      const now = await findTravel(tx, travel.id);
      return notifier.record(tx, type, factsOf(now!), carrier, null, { mailDelayMs });
    });
    this.after(written, refund);
    if (written) metrics?.bookings.inc({ action: decision.state, owner: travel.company_id === null ? 'public' : 'company' });
    return written !== null;
  }

  /** After the commit: what the transaction wrote leaves now rather than at the workers' next look. */
  private after(written: Written | null, refund: boolean): void {
    if (refund) this.deps.deposits.wakeRefunds();
    if (written) this.deps.notifier.wake(written);
  }
}

/** The booking was answered between the offer's check and its acceptance: the transaction is rolled back. */
class OfferLost extends Error {}
