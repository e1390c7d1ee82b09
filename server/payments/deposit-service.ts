import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { CompanyData } from 'transport-quote-wizard/domain';
import type { PaymentSettings } from '../config/payments.ts';
import { bookingSummary } from '../db/booking-summary.ts';
import type { ClaimedRow, Outcome } from '../db/outbox-queue.ts';
import type { Sql } from '../db/sql.ts';
import { findTravel, type StoredTravel } from '../db/travels-repo.ts';
import { factsOf, type DepositFacts, type EventType } from '../notifications/booking-events.ts';
import { carrierOf, type Notifier } from '../notifications/notifier.ts';
import { OutboxWorker } from '../notifications/outbox-worker.ts';
import { devisToken } from '../security/tokens.ts';
import { depositMailMessage } from './deposit-mail.ts';
import { depositCents, readDepositSetting, type DepositSetting } from './deposit-settings.ts';
import {
  askRefund,
  askRefunds,
  countSessions,
  depositById,
  depositBySession,
  latestDeposit,
  markExpired,
  markPaid,
  markRefunded,
  openDeposits,
  otherCountedPayment,
  recordSession,
  settledDeposit,
  type DepositRow,
} from './deposits-repo.ts';
import { devisAccepted } from './devis-accepted.ts';
import { checkoutOrigins, isStripeError, isStripeRefusal, stripeClient } from './stripe-client.ts';
import { readOwnerStore } from '../db/company-store.ts';

/** How long a refund is retried while Stripe does not answer, before the carrier must do it by hand. */
const REFUND_RETRY_MS = 7 * 24 * 3_600_000;

export interface DepositServiceDeps {
  sql: Sql;
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (config/payments.ts); null: deposits are off everywhere. */
  settings: PaymentSettings | null;
  notifier: Notifier;
  log: FastifyBaseLogger;
  devisKey: Buffer;
  publicPricing: CompanyData;
  firstRetryMs: number;
  pollMs: number;
}

/** What the devis page shows of a booking's deposit. */
export interface DepositOffer {
  setting: DepositSetting;
  /** Cents TTC, from the booking's stored total: what a session is made for. */
  amountCents: number;
  /** Whether the customer may pay it now (the devis or the booking accepted, as the carrier chose). */
  dueNow: boolean;
  /** The payment that counts (paid, being refunded, refunded), and the latest session. */
  settled: DepositRow | null;
  latest: DepositRow | null;
}

/** The answer to Stripe's webhook: a 2xx stops its retries, a 400 says the signature failed. */
export interface WebhookAnswer {
  status: 200 | 400;
  body: { received: boolean; outcome?: string; error?: string };
}

/**
 * The deposit through Stripe Checkout (issue 46, part 3): on only when the server has Stripe's
 * two secrets, and then only for a booking whose carrier asks a deposit. The amount always comes
 * from the booking's stored figures; the booking is paid only by Stripe's signed webhook; every
 * call that moves money carries an idempotency key derived from what it is for, so clicks,
 * retries and a restart make one session, one payment and at most one refund.
 */
export class DepositService {
  private readonly stripe: Stripe | null;
  private readonly worker: OutboxWorker | null;
  /** The click being answered for each booking: the next one waits for it (see checkout). */
  private readonly opening = new Map<number, Promise<string>>();

  constructor(private readonly deps: DepositServiceDeps) {
    this.stripe = deps.settings ? stripeClient(deps.settings) : null;
    this.worker = this.stripe
      ? new OutboxWorker(
          deps.sql,
          {
            table: 'deposit_refunds',
            leaseMs: 120_000,
            firstRetryMs: deps.firstRetryMs,
            send: (row) => this.refund(row),
            describe: (row, outcome, retryAt) =>
              `acompte : remboursement ${row.id} (essai ${row.attempts}) non fait : ${outcome.error}${retryAt === null ? ' ; abandonné, à faire à la main dans Stripe' : ` ; nouvel essai à ${new Date(retryAt).toISOString()}`}`,
          },
          { concurrency: 2, pollMs: deps.pollMs, log: deps.log },
        )
      : null;
  }

  get enabled(): boolean {
    return this.stripe !== null;
  }

  /** Origins the devis page's form may lead to (its policy's form-action): Checkout's. */
  get formOrigins(): string[] {
    return this.deps.settings ? checkoutOrigins(this.deps.settings) : [];
  }

  start(): void {
    this.worker?.start();
  }

  async stop(): Promise<void> {
    await this.worker?.stop();
  }

  /** The deposit a booking's carrier asks, or null (deposits off, no carrier, no deposit set, no price yet). */
  async offerFor(sql: Sql, travel: StoredTravel): Promise<DepositOffer | null> {
    const owner = travel.company_id ?? travel.carrier_id;
    if (!this.enabled || owner === null || travel.price_source === 'pending') return null;
    const setting = await readDepositSetting(sql, owner);
    const settled = await settledDeposit(sql, travel.id);
    if (!setting && !settled) return null;
    const total = travel.summary?.total ?? bookingSummary(travel.payload, null).total;
    const effective = setting ?? { kind: 'amount' as const, amountCents: settled!.amount_cents, due: 'booking_accepted' as const };
    const amountCents = depositCents(effective, total);
    const dueBy =
      effective.due === 'booking_accepted'
        ? travel.state === 'accepted'
        : travel.state !== 'refused' && (await devisAccepted(sql, travel, this.deps.publicPricing));
    return {
      setting: effective,
      amountCents,
      dueNow: setting !== null && amountCents > 0 && travel.state !== 'refused' && dueBy,
      settled,
      latest: await latestDeposit(sql, travel.id),
    };
  }

  /** The devis page of a booking by its read-only token (the e-mails' and Checkout's return links). */
  devisUrl(base: string, travel: Pick<StoredTravel, 'id' | 'token_hash'>, extra: Record<string, string> = {}): string {
    const token = devisToken(this.deps.devisKey, travel.id, travel.token_hash);
    return `${base}/devis/${travel.id}?${new URLSearchParams({ token, ...extra })}`;
  }

  /**
   * 'Payer l'acompte': where to send the customer. A session still open for this amount is
   * reused; otherwise one is made with an idempotency key of the booking, its amount and the
   * session's number, so two clicks at once (or the client's retry) get the same session. While
   * Stripe does not answer, the customer is sent back to the devis, told to try again: nothing
   * was made, and the next click starts over where this one stopped.
   */
  async checkout(travel: StoredTravel, base: string): Promise<string> {
    // Clicks on one booking are answered one after the other: a click read while another was
    // making its session took that new session for a stale one, expired it and made a second.
    const before = this.opening.get(travel.id) ?? Promise.resolve('');
    const mine = before.catch(() => '').then(() => this.checkoutNow(travel, base));
    this.opening.set(travel.id, mine);
    try {
      return await mine;
    } finally {
      if (this.opening.get(travel.id) === mine) this.opening.delete(travel.id);
    }
  }

  private async checkoutNow(travel: StoredTravel, base: string): Promise<string> {
    const back = (state: string) => this.devisUrl(base, travel, { acompte: state });
    try {
      return await this.openCheckout(travel, back);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      this.deps.log.warn(`acompte : Stripe n’a pas répondu pour la réservation ${travel.id} (${error.message})`);
      return back('erreur');
    }
  }

  private async openCheckout(travel: StoredTravel, back: (state: string) => string): Promise<string> {
    const { sql } = this.deps;
    const stripe = this.stripe!;
    const offer = await this.offerFor(sql, travel);
    if (!offer || !offer.dueNow || offer.settled) return back('indisponible');
    // Every session still open is closed at Stripe before another is made (issue 52: the customer
    // paid both the session of the devis before an edit and the one after). Only the latest, for
    // the amount due now, may be reused.
    for (const open of await openDeposits(sql, travel.id)) {
      if (open.id === offer.latest?.id && open.amount_cents === offer.amountCents) {
        const session = await this.sessionAtStripe(open);
        if (session?.status === 'open' && session.url) return session.url;
        if ((await this.closed(open, session)) === 'complete') return back('retour');
        continue;
      }
      if ((await this.expireAtStripe(open)) === 'complete') return back('retour');
    }
    const number = (await countSessions(sql, travel.id)) + 1;
    const id = String(travel.id);
    const email = travel.payload.customer.email.trim();
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        locale: 'fr',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: offer.amountCents,
              product_data: { name: `Acompte, réservation n°\u00a0${id}` },
            },
          },
        ],
        client_reference_id: id,
        metadata: { travel_id: id },
        payment_intent_data: { metadata: { travel_id: id } },
        ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { customer_email: email } : {}),
        success_url: back('retour'),
        cancel_url: back('annule'),
      },
      { idempotencyKey: `acompte-${id}-${offer.amountCents}-${number}` },
    );
    if (!session.url) throw new Error('Stripe n’a pas donné d’adresse de paiement');
    await recordSession(
      sql,
      { travelId: travel.id, sessionId: session.id, url: session.url, amountCents: offer.amountCents },
      new Date().toISOString(),
    );
    return session.url;
  }

  /**
   * Asks Stripe to expire a session this server still holds open, with the deposit's own
   * idempotency key; it is marked expired here only once Stripe says so. Stripe expires only an
   * open session: for one already completed or expired it answers an error, and the session,
   * read again, says which. Completed means the customer paid it meanwhile: the payment is
   * recorded now (its webhook will find it done) and no other session is made.
   */
  private async expireAtStripe(deposit: DepositRow): Promise<'expired' | 'complete'> {
    const stripe = this.stripe!;
    try {
      const session = await stripe.checkout.sessions.expire(deposit.session_id, {}, { idempotencyKey: `expiration-acompte-${deposit.id}` });
      return await this.closed(deposit, session);
    } catch (error) {
      if (!isStripeRefusal(error)) throw error;
    }
    return this.closed(deposit, await this.sessionAtStripe(deposit));
  }

  /** A session as Stripe has it now; null when Stripe does not know it (made with another account's key): nobody can pay it. */
  private async sessionAtStripe(deposit: DepositRow): Promise<Stripe.Checkout.Session | null> {
    try {
      return await this.stripe!.checkout.sessions.retrieve(deposit.session_id);
    } catch (error) {
      if (isStripeRefusal(error) && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** What a session no longer open at Stripe became: recorded expired, or its payment recorded. */
  private async closed(deposit: DepositRow, session: Stripe.Checkout.Session | null): Promise<'expired' | 'complete'> {
    if (session === null || session.status === 'expired') {
      await markExpired(this.deps.sql, deposit.id);
      return 'expired';
    }
    if (session.status === 'complete') {
      // Paid by a method confirmed later (a bank transfer): its own webhook will say; no new session meanwhile.
      if (session.payment_status === 'paid') await this.settlePayment(session);
      return 'complete';
    }
    throw new Error(`la session de paiement ${deposit.id} est encore ouverte chez Stripe`);
  }

  /**
   * Stripe's webhook, its raw body and signature header. Only 'checkout.session.completed' (and
   * its later confirmation for slow payment methods) with a paid session marks a deposit paid; a
   * replayed event finds it paid already and changes nothing.
   */
  async receive(rawBody: string, signature: string | undefined): Promise<WebhookAnswer> {
    let event: Stripe.Event;
    try {
      event = this.stripe!.webhooks.constructEvent(rawBody, signature ?? '', this.deps.settings!.webhookSecret);
    } catch {
      return { status: 400, body: { received: false, error: 'Signature Stripe absente, fausse ou trop ancienne' } };
    }
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return { status: 200, body: { received: true, outcome: 'paiement pas encore confirmé' } };
      return { status: 200, body: { received: true, outcome: await this.settlePayment(session) } };
    }
    if (event.type === 'checkout.session.expired') {
      const deposit = await depositBySession(this.deps.sql, event.data.object.id);
      if (deposit) await markExpired(this.deps.sql, deposit.id);
      return { status: 200, body: { received: true, outcome: deposit ? 'session expirée' : 'session inconnue' } };
    }
    return { status: 200, body: { received: true, outcome: 'événement sans objet ici' } };
  }

  /**
   * A payment Stripe confirmed, recorded once. It counts for the booking's deposit unless it is
   * a duplicate: made on a session replaced or expired, or while another payment already counts.
   * A duplicate is refunded at once (its own idempotency key, through the refunds' outbox) and
   * announced when refunded; a payment that counts is announced now, and refunded at once if the
   * booking was refused while the customer was paying.
   */
  private async settlePayment(session: Stripe.Checkout.Session): Promise<string> {
    const { sql, notifier, log } = this.deps;
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    const outcome = await sql.transaction(async (tx) => {
      const found = await depositBySession(tx, session.id);
      // Not one of ours (another site on the same Stripe account, or a booking since deleted):
      // acknowledged, or Stripe would send it again for days; nothing here to change.
      if (!found) return { said: 'session inconnue', wake: null, refund: false };
      // Two payments of one booking announced at once (two processes) are decided one after the other.
      if (tx.dialect === 'postgres') await tx.get('SELECT id FROM travels WHERE id = ? FOR UPDATE', [found.travel_id]);
      const deposit = (await depositById(tx, found.id))!;
      if (!(await markPaid(tx, session.id, paymentIntent, new Date().toISOString())))
        return { said: 'déjà enregistré', wake: null, refund: false };
      if (session.amount_total !== null && session.amount_total !== deposit.amount_cents)
        log.warn(`acompte : la session ${deposit.id} a été payée ${session.amount_total} centimes pour ${deposit.amount_cents} attendus`);
      const paid = (await depositById(tx, deposit.id))!;
      if (deposit.state === 'expired' || (await otherCountedPayment(tx, deposit.travel_id, deposit.id))) {
        await askRefund(tx, paid, 'duplicate', Date.now(), REFUND_RETRY_MS);
        log.warn(`acompte : paiement en double de la réservation ${deposit.travel_id} (session ${deposit.id}), remboursé aussitôt`);
        return { said: 'paiement en double, remboursé', wake: null, refund: true };
      }
      const travel = (await findTravel(tx, deposit.travel_id))!;
      const wake = await this.announce(tx, travel, 'booking.deposit_paid', paid);
      // Refused while the customer was paying: the deposit goes back at once.
      const refund = travel.state === 'refused' && (await askRefund(tx, paid, 'closed', Date.now(), REFUND_RETRY_MS));
      return { said: 'acompte payé', wake, refund };
    });
    if (outcome.wake) notifier.wake(outcome.wake);
    if (outcome.refund) this.worker?.wake();
    return outcome.said;
  }

  /**
   * A booking refused or no longer accepted, in that transaction: every deposit it holds paid is
   * to be refunded (the refunds' outbox rows are written with it). Call wakeRefunds() after the commit.
   */
  async refundOnClose(tx: Sql, travelId: number): Promise<boolean> {
    if (!this.enabled) return false;
    return (await askRefunds(tx, travelId, Date.now(), REFUND_RETRY_MS)) > 0;
  }

  wakeRefunds(): void {
    this.worker?.wake();
  }

  /** One refund from the outbox: Stripe's Refund with the deposit's own idempotency key, then recorded. */
  private async refund(row: ClaimedRow): Promise<Outcome> {
    const { sql, notifier } = this.deps;
    const deposit = await depositById(sql, Number(row.fields.deposit_id));
    if (!deposit) return { ok: false, status: null, error: 'acompte introuvable', final: true };
    if (deposit.state === 'refunded') return { ok: true, status: null };
    if (!deposit.payment_intent) return { ok: false, status: null, error: 'paiement sans référence Stripe', final: true };
    const refund = await this.stripe!.refunds.create(
      { payment_intent: deposit.payment_intent, metadata: { travel_id: String(deposit.travel_id) } },
      { idempotencyKey: `remboursement-acompte-${deposit.id}` },
    );
    const wake = await sql.transaction(async (tx) => {
      if (!(await markRefunded(tx, deposit.id, refund.id, new Date().toISOString()))) return null;
      const travel = await findTravel(tx, deposit.travel_id);
      return travel ? this.announce(tx, travel, 'booking.deposit_refunded', (await depositById(tx, deposit.id))!) : null;
    });
    if (wake) notifier.wake(wake);
    return { ok: true, status: 200 };
  }

  /** The carrier's event and the customer's e-mail of a payment of the deposit, paid or refunded, in its transaction. */
  private async announce(tx: Sql, travel: StoredTravel, type: EventType, deposit: DepositRow) {
    const { notifier, publicPricing } = this.deps;
    const owner = travel.company_id ?? travel.carrier_id;
    const carrier = carrierOf(await readOwnerStore(tx, owner), publicPricing);
    const duplicate = deposit.refund_cause === 'duplicate';
    const facts: DepositFacts = {
      amount: deposit.amount_cents,
      currency: 'eur',
      state: deposit.state === 'refunded' ? 'refunded' : deposit.state === 'refund_pending' ? 'refund_pending' : 'paid',
      paid_at: deposit.paid_at,
      refunded_at: deposit.refunded_at,
      ...(duplicate ? { duplicate: true as const } : {}),
    };
    const written = await notifier.record(tx, type, { ...factsOf(travel), deposit: facts }, carrier);
    const base = notifier.linkBase();
    const kind = type === 'booking.deposit_paid' ? 'deposit-paid' : 'deposit-refunded';
    const counted = duplicate ? await settledDeposit(tx, travel.id) : null;
    const mailed = await notifier.recordCustomerMail(tx, {
      travelId: travel.id,
      kind,
      to: travel.payload.customer.email,
      carrier,
      message: depositMailMessage({
        kind,
        travelId: travel.id,
        payload: travel.payload,
        carrier,
        amountCents: deposit.amount_cents,
        devisUrl: base ? this.devisUrl(base, travel) : null,
        ...(duplicate
          ? {
              duplicate: {
                depositPaidCents: counted?.state === 'paid' ? counted.amount_cents : null,
                depositDue: counted === null && travel.state !== 'refused',
              },
            }
          : {}),
      }),
    });
    return { deliveries: written.deliveries, mail: written.mail || mailed };
  }
}
