import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import { CompanyDataSchema, type CompanyData, formatCents } from 'transport-quote-wizard/domain';
import type { NotificationSettings } from '../config/notifications.ts';
import { alertRecipients } from '../db/alert-preferences.ts';
import { countConfirmation, enqueueMail, mailOfClaim, recordWithheldMail } from '../db/mail-repo.ts';
import { countPending, type Outcome } from '../db/outbox-queue.ts';
import type { Sql } from '../db/sql.ts';
import { deliveryToSend, recordEvent } from '../db/webhooks-repo.ts';
import { findTravel, findTravelTokenHash, type StoredTravel } from '../db/travels-repo.ts';
import { followPath } from '../follow/follow-links.ts';
import type { Metrics } from '../ops/metrics.ts';
import { devisToken, hashToken, sha256 } from '../security/tokens.ts';
import { eventBody, factsOf, newEventId, ownerOf, type BookingFacts, type EventType } from './booking-events.ts';
import {
  counterOfferMessage,
  mailMessage,
  newBookingAlertMessage,
  withoutDevisAttached,
  type Carrier,
  type CounterOfferMail,
  type MailKind,
  type NewBookingAlert,
} from './mail-messages.ts';
import { DevisPdfUnavailable } from '../pages/devis-pdf-pool.ts';
import { mailSender, type MailAttachment, type MailSender, type StoredMail } from './mail-transport.ts';
import { OutboxWorker } from './outbox-worker.ts';
import { sendWebhook } from './webhook-sender.ts';

const MAIL_KIND: Partial<Record<EventType, MailKind>> = {
  'booking.created': 'confirmation',
  'booking.accepted': 'acceptance',
  'booking.refused': 'refusal',
};

/**
 * An address a message can be sent to; anything else is not tried (the customer gave no
 * e-mail). No space, control or format character, nor any of a header's separators: the
 * customer's address is the one thing of theirs that goes in a header, and it goes alone.
 */
const MAILABLE = /^[^\s\p{C}@<>",;:()[\]\\]+@[^\s\p{C}@<>",;:()[\]\\]+\.[^\s\p{C}@<>",;:()[\]\\]+$/u;

/** One day: the window of MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY. */
const DAY_MS = 24 * 3_600_000;

/**
 * The mailbox an address reaches, as counted against the limit: lower case, without a
 * '+tag' (most providers deliver 'victime+1@…' to 'victime@…'), and without Gmail's dots.
 */
export function mailboxKey(address: string): string {
  const [local = '', domain = ''] = address
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const box = local.replace(/\+.*$/, '');
  return sha256(`${gmail ? box.replace(/\./g, '') : box}@${gmail ? 'gmail.com' : domain}`);
}

/** What a booking's transaction wrote for the workers: deliveries due, an e-mail. */
export interface Written {
  deliveries: number;
  mail: boolean;
  /**
   * For a new booking, whether its customer gets the confirmation: 'sent' (queued), 'withheld'
   * (its address had its share of the day), 'none' (no e-mail server, or no address to write to).
   */
  confirmation?: ConfirmationMail;
}

export type ConfirmationMail = 'sent' | 'withheld' | 'none';

/** Deliveries a process sends at once. */
const CONCURRENCY = 4;

/** The carrier a booking's customer deals with: the company, or the public pages' configuration. */
export function carrierOf(storeJson: string | null, publicPricing: CompanyData): Carrier {
  const company = storeJson === null ? publicPricing : v.parse(CompanyDataSchema, JSON.parse(storeJson));
  const reference = company.transportation_company;
  return {
    name: reference?.name ?? '',
    phone_number: reference?.phone_number ?? '',
    email: reference?.email ?? '',
    legal_name: reference?.legal_name ?? '',
    siret: reference?.siret ?? '',
    address: reference?.address ?? '',
    brand_color: reference?.brand_color ?? '',
  };
}

export interface NotifierDeps {
  sql: Sql;
  settings: NotificationSettings;
  log: FastifyBaseLogger;
  metrics: Metrics | null;
  /** The server's own address for the links of the demo's e-mails, known once it listens. */
  serverBase: () => string | null;
  demo: boolean;
  /** The key the e-mail's read-only devis tokens are derived with (security/tokens.ts devisToken). */
  devisKey: Buffer;
  /** The company whose back office sees the keyless public pages' bookings (its people get their alerts). */
  publicCompanyId?: number | null;
  /** The PDF of a booking's devis as it stands, made when a confirmation leaves (db/devis-document.ts); null: none. */
  devisPdf?: (travelId: number) => Promise<{ filename: string; bytes: Uint8Array } | null>;
}

/**
 * What follows a booking, apart from the booking: the event for the carrier's webhooks and the
 * customer's e-mail, both written in the booking's own transaction (`record`), then sent by
 * this process's workers (and any other process's), retried until they are delivered.
 */
export class Notifier {
  private readonly mails: MailSender | null;
  private readonly webhookWorker: OutboxWorker;
  private readonly mailWorker: OutboxWorker | null;

  constructor(private readonly deps: NotifierDeps) {
    const { sql, settings, log } = deps;
    this.mails = mailSender(settings.mail);
    const hooks = settings.webhooks;
    this.webhookWorker = new OutboxWorker(
      sql,
      {
        table: 'webhook_deliveries',
        // A send may follow three redirects, each within the timeout.
        leaseMs: hooks.timeoutMs * 5,
        firstRetryMs: hooks.firstRetryMs,
        send: async (row) => {
          const delivery = await deliveryToSend(sql, row.id);
          if (!delivery) return { ok: false, status: null, error: 'livraison introuvable', final: true };
          if (delivery.disabled_at) return { ok: false, status: null, error: 'point de réception supprimé', final: true };
          return sendWebhook(
            { url: delivery.url, secret: delivery.secret, eventId: delivery.event_id, type: delivery.type, body: delivery.body_json },
            hooks,
          );
        },
        describe: (row, outcome, retryAt) =>
          `webhook : livraison ${row.id} (essai ${row.attempts}) échouée : ${outcome.error}${retryAt === null ? ' ; abandonnée' : ` ; nouvel essai à ${new Date(retryAt).toISOString()}`}`,
      },
      { concurrency: CONCURRENCY, pollMs: settings.pollMs, log },
    );
    const mails = this.mails;
    this.mailWorker = mails
      ? new OutboxWorker(
          sql,
          {
            table: 'mail_outbox',
            leaseMs: settings.mail.timeoutMs * 4,
            firstRetryMs: settings.mail.firstRetryMs,
            send: async (row) => {
              const queued = mailOfClaim(row.fields);
              if (!queued.mail) return { ok: false, status: null, error: 'message introuvable', final: true };
              const attachments = queued.mail.attachDevis ? await this.devisAttachment(queued.travel_id) : [];
              const mail = queued.mail.attachDevis && attachments.length === 0 ? withoutDevisAttached(queued.mail) : queued.mail;
              return mails.send(mail, `reservation-${queued.travel_id}-${queued.kind}-${row.id}`, attachments);
            },
            describe: (row, outcome, retryAt) =>
              `e-mail ${row.id} (essai ${row.attempts}) non envoyé : ${outcome.error}${retryAt === null ? ' ; abandonné' : ` ; nouvel essai à ${new Date(retryAt).toISOString()}`}`,
          },
          { concurrency: CONCURRENCY, pollMs: settings.pollMs, log },
        )
      : null;
    if (deps.metrics) {
      deps.metrics.backlog.webhooks = () => countPending(sql, 'webhook_deliveries');
      deps.metrics.backlog.mails = () => countPending(sql, 'mail_outbox');
    }
  }

  /**
   * The devis as a PDF for a confirmation, made as it leaves: the outbox keeps no file. A devis
   * that cannot be made (a carrier's record unreadable, the PDF's build past its deadline or
   * its size, the builders busy: devis-pdf-pool.ts) does not hold the confirmation back: it
   * leaves at once without it, and without saying it is attached, and the log says why; its
   * link still opens the devis and its PDF. It is not retried: the confirmation is what the
   * customer waits for, and a retry would hold it at least OUTBOX_FIRST_RETRY_MS for a file
   * whose build, past its deadline or its size once, would most likely fail again.
   */
  private async devisAttachment(travelId: number): Promise<MailAttachment[]> {
    try {
      const file = await this.deps.devisPdf?.(travelId);
      return file ? [{ filename: file.filename, content: Buffer.from(file.bytes), contentType: 'application/pdf' }] : [];
    } catch (error) {
      const why = error instanceof DevisPdfUnavailable ? `${error.reason} : ${error.detail}` : (error as Error).message;
      this.deps.log.warn(`e-mail de la réservation ${travelId} : devis PDF non joint (${why})`);
      return [];
    }
  }

  /** Where the customer's e-mails go, for the start message. */
  get mailDescription(): string | null {
    return this.mails?.description ?? null;
  }

  /**
   * The workers start, except on a copy (SEND_NOTHING=1): what the outbox holds, the original's
   * as well as what this server writes, stays there.
   */
  start(): void {
    if (this.deps.settings.sendNothing) return;
    this.webhookWorker.start();
    this.mailWorker?.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.webhookWorker.stop(), this.mailWorker?.stop()]);
    this.mails?.close();
  }

  /**
   * After the booking's transaction committed: what it wrote is sent now rather than at the next
   * look. Only a worker with something new looks (a look is a transaction: a booking with no
   * endpoint and no e-mail costs none).
   */
  wake(written: Written = { deliveries: 1, mail: true }): void {
    if (this.deps.settings.sendNothing) return;
    if (written.deliveries > 0) this.webhookWorker.wake();
    if (written.mail) this.mailWorker?.wake();
  }

  /**
   * Inside the booking's transaction: the event, a delivery per endpoint of its owner, and the
   * customer's e-mail when this kind of event has one. `token`: the booking's, known only when
   * it is created, for the confirmation's links.
   */
  async record(
    tx: Sql,
    type: EventType,
    facts: BookingFacts,
    carrier: Carrier,
    token: string | null = null,
    { mailDelayMs = 0, backToCarrier = false }: { mailDelayMs?: number; backToCarrier?: boolean } = {},
  ): Promise<Written> {
    const now = Date.now();
    const id = newEventId();
    const owner = ownerOf(facts.companyId, facts.carrierId ?? null);
    const deliveries = await recordEvent(
      tx,
      { id, owner, travelId: facts.id, type, body: () => eventBody(id, type, new Date(now), facts) },
      now,
      this.deps.settings.webhooks.retryMs,
    );
    // A new booking, or an accepted one its customer changed: both await the carrier's answer.
    const alerts =
      type === 'booking.created' || backToCarrier ? await this.recordAlerts(tx, facts, now, backToCarrier ? 'changed' : 'new') : 0;
    const kind = MAIL_KIND[type];
    const to = facts.payload.customer.email.trim();
    const confirmation = kind === 'confirmation' ? { confirmation: 'none' as const } : {};
    if (!kind || !this.mails || !MAILABLE.test(to)) return { deliveries, mail: alerts > 0, ...confirmation };
    // A confirmation goes to whatever address was typed, by a visitor on a public page or by a
    // company's intranet alike: so many a day per mailbox, whichever path booked.
    if (kind === 'confirmation') {
      const limit = this.deps.settings.mail.confirmationsPerAddressPerDay;
      const count = await countConfirmation(tx, mailboxKey(to), now, DAY_MS);
      if (count > limit) {
        const why = `Confirmation non envoyée\u00a0: cette adresse a déjà reçu ${limit} confirmation${limit > 1 ? 's' : ''} de réservation en 24\u00a0heures (MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY). Prévenez le client vous-même.`;
        await recordWithheldMail(tx, facts.id, kind, why, now);
        return { deliveries, mail: alerts > 0, confirmation: 'withheld' };
      }
    }
    const message = mailMessage({
      kind,
      travelId: facts.id,
      payload: facts.payload,
      carrier,
      editUrl: token ? this.editUrl(facts.id, token) : null,
      devisUrl: token ? this.devisUrl(facts.id, token) : null,
      followUrl: token ? this.followUrl(facts.id, token) : await this.readOnlyFollowUrl(tx, facts.id),
      devisAttached: kind === 'confirmation' && this.deps.devisPdf !== undefined,
      reason: facts.refusalReason,
      priceLines: facts.priceLines ?? [],
      totals: facts.totals ?? null,
      depositMention: facts.depositMention ?? null,
    });
    const { from } = this.deps.settings.mail;
    const sender = carrier.name ? `"${carrier.name.replace(/["\\\r\n]/g, '')}" <${from}>` : from;
    await enqueueMail(
      tx,
      facts.id,
      kind,
      {
        from: sender,
        to,
        replyTo: MAILABLE.test(carrier.email) ? carrier.email : null,
        ...message,
        ...(kind === 'confirmation' && this.deps.devisPdf ? { attachDevis: true } : {}),
      },
      now,
      this.deps.settings.mail.retryMs,
      mailDelayMs,
    );
    return { deliveries, mail: true, ...(kind === 'confirmation' ? { confirmation: 'sent' as const } : {}) };
  }

  /**
   * A back-office message (an invitation, a forgotten password's link) sent now rather than
   * through the outbox: the page that asked for it says whether it left, and the person asks
   * again if it did not (its link is worth nothing once a new one is made). null: e-mails are off.
   */
  async sendNow(mail: Omit<StoredMail, 'from'>, senderName: string, fileName: string): Promise<Outcome | null> {
    if (!this.mails) return null;
    if (this.deps.settings.sendNothing) return { ok: false, status: null, error: 'SEND_NOTHING=1\u00a0: ce serveur n’envoie rien' };
    const { from } = this.deps.settings.mail;
    const name = senderName.replace(/["\\\r\n]/g, '');
    return this.mails.send({ ...mail, from: name ? `"${name}" <${from}>` : from }, fileName);
  }

  /**
   * A new booking's alert to each account of its company that chose it (the keyless public
   * pages' to the company that sees them), in the booking's transaction: queued in the outbox
   * like the customer's e-mail, so an SMTP server down or slow neither loses nor delays the
   * booking, and it is sent once when the server answers again. Returns how many were queued.
   */
  private async recordAlerts(tx: Sql, facts: BookingFacts, now: number, why: NewBookingAlert['why']): Promise<number> {
    const company = facts.companyId ?? facts.carrierId ?? this.deps.publicCompanyId ?? null;
    if (!this.mails || company === null) return 0;
    const recipients = (await alertRecipients(tx, company)).filter((address) => MAILABLE.test(address));
    if (recipients.length === 0) return 0;
    const base = this.base();
    // The total the back office lists, read from the booking's stored summary (its quote's
    // figures, options and expenses at the carrier's VAT), never added up again here.
    const total = facts.priceSource === 'pending' ? null : ((await findTravel(tx, facts.id))?.summary?.total ?? null);
    const message = newBookingAlertMessage({
      why,
      travelId: facts.id,
      payload: facts.payload,
      url: base ? `${base}/espace-transporteur/reservations/${facts.id}` : null,
      total: total === null ? null : `${formatCents(total)} TTC`,
    });
    for (const to of recipients)
      await enqueueMail(
        tx,
        facts.id,
        'new-booking-alert',
        { from: this.deps.settings.mail.from, to, replyTo: null, ...message },
        now,
        this.deps.settings.mail.retryMs,
      );
    return recipients.length;
  }

  /**
   * The customer declined the carrier's other date (issue 55, point 11): the booking awaits its
   * answer again, so the accounts that chose the booking alerts hear of it, in the decline's
   * transaction (the outbox sends it once, whatever the SMTP server does). Returns how many were queued.
   */
  async recordOfferDeclined(tx: Sql, travel: StoredTravel): Promise<number> {
    return this.recordAlerts(tx, factsOf(travel), Date.now(), 'offer-declined');
  }

  /**
   * The e-mail of a step of the move's calendar (the day before, the day after), in the
   * transaction that marks it sent; false when there is nobody to send it to. Its link is the
   * customer's page by the read-only token: the e-mail shows the booking, it does not hand it over.
   */
  async recordCalendarMail(tx: Sql, kind: 'veille' | 'terminee', travel: StoredTravel, carrier: Carrier): Promise<boolean> {
    const to = travel.payload.customer.email.trim();
    if (!this.mails || !MAILABLE.test(to)) return false;
    const message = mailMessage({
      kind,
      travelId: travel.id,
      payload: travel.payload,
      carrier,
      editUrl: null,
      devisUrl: null,
      followUrl: await this.readOnlyFollowUrl(tx, travel.id),
      reason: null,
      priceLines: travel.summary?.lines ?? [],
      totals: travel.summary ? { ttc: travel.summary.total, ht: travel.summary.total_ht } : null,
    });
    const { from } = this.deps.settings.mail;
    const sender = carrier.name ? `"${carrier.name.replace(/["\\\r\n]/g, '')}" <${from}>` : from;
    await enqueueMail(
      tx,
      travel.id,
      kind,
      { from: sender, to, replyTo: MAILABLE.test(carrier.email) ? carrier.email : null, ...message },
      Date.now(),
      this.deps.settings.mail.retryMs,
    );
    return true;
  }

  /** Whether customers' e-mails leave at all (SMTP, or the demo's folder). */
  get sendsMail(): boolean {
    return this.mails !== null;
  }

  /** A counter-offer's e-mail to the customer, in the offer's transaction; false when there is nobody to send it to. */
  async recordCounterOffer(tx: Sql, input: CounterOfferMail): Promise<boolean> {
    const to = input.payload.customer.email.trim();
    if (!this.mails || !MAILABLE.test(to)) return false;
    const { from } = this.deps.settings.mail;
    const sender = input.carrier.name ? `"${input.carrier.name.replace(/["\\\r\n]/g, '')}" <${from}>` : from;
    await enqueueMail(
      tx,
      input.travelId,
      'counter-offer',
      { from: sender, to, replyTo: MAILABLE.test(input.carrier.email) ? input.carrier.email : null, ...counterOfferMessage(input) },
      Date.now(),
      this.deps.settings.mail.retryMs,
    );
    return true;
  }

  /**
   * Another e-mail to the booking's customer (the deposit's, payments/), in the transaction of
   * what it announces, from the carrier as the others; false when e-mails are off or the
   * customer gave no address.
   */
  async recordCustomerMail(
    tx: Sql,
    input: { travelId: number; kind: string; to: string; carrier: Carrier; message: { subject: string; text: string; html: string } },
  ): Promise<boolean> {
    const to = input.to.trim();
    if (!this.mails || !MAILABLE.test(to)) return false;
    const { from } = this.deps.settings.mail;
    const sender = input.carrier.name ? `"${input.carrier.name.replace(/["\\\r\n]/g, '')}" <${from}>` : from;
    const replyTo = MAILABLE.test(input.carrier.email) ? input.carrier.email : null;
    await enqueueMail(
      tx,
      input.travelId,
      input.kind,
      { from: sender, to, replyTo, ...input.message },
      Date.now(),
      this.deps.settings.mail.retryMs,
    );
    return true;
  }

  /** Where the links of the e-mails lead: PUBLIC_URL, or the demo's own address; null when neither is known. */
  linkBase(): string | null {
    return this.base();
  }

  private base(): string | null {
    return this.deps.settings.publicUrl ?? (this.deps.demo ? this.deps.serverBase() : null);
  }

  /** The element's edit mode for a booking: EDIT_LINK_URL's page, or the demo's; null when neither exists. */
  editUrl(id: number, token: string): string | null {
    const template = this.deps.settings.editLinkUrl;
    if (template) return template.replace('{id}', String(id)).replace('{token}', encodeURIComponent(token));
    const base = this.deps.demo ? this.base() : null;
    return base ? `${base}/edit.html?${new URLSearchParams({ id: String(id), token })}` : null;
  }

  /** The customer's page by the booking's own token (it leads to the edit). */
  followUrl(id: number, token: string): string | null {
    const base = this.base();
    return base ? `${base}${followPath(id, token)}` : null;
  }

  /** The customer's page by the read-only token of the devis: the later e-mails show it, and cannot change the booking. */
  async readOnlyFollowUrl(sql: Sql, id: number): Promise<string | null> {
    const hash = await findTravelTokenHash(sql, id);
    return hash ? this.followUrl(id, devisToken(this.deps.devisKey, id, hash)) : null;
  }

  /** The devis by its read-only token, from the stored booking's token hash (the later e-mails'). */
  readOnlyDevisUrl(travel: { id: number; token_hash: string }): string | null {
    const base = this.base();
    const readOnly = devisToken(this.deps.devisKey, travel.id, travel.token_hash);
    return base ? `${base}/devis/${travel.id}?${new URLSearchParams({ token: readOnly })}` : null;
  }

  /** The devis by its read-only token: a forwarded e-mail shows the devis, and cannot change the booking. */
  private devisUrl(id: number, token: string): string | null {
    const base = this.base();
    const readOnly = devisToken(this.deps.devisKey, id, hashToken(token));
    return base ? `${base}/devis/${id}?${new URLSearchParams({ token: readOnly })}` : null;
  }
}
