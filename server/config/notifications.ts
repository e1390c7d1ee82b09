import path from 'node:path';
import { outboundFromEnv } from './outbound.ts';

/**
 * What the server tells others about a booking: the customer's e-mails (SMTP, or a folder in
 * the demo) and the carrier's webhooks, and the addresses the e-mails link to.
 */
export interface NotificationSettings {
  /** The server's address as customers reach it (the devis link), e.g. https://devis.transports-martin.fr; the demo's own address when unset. */
  publicUrl: string | null;
  /** The carrier's page that reopens a booking, with {id} and {token} in it; the demo's /edit.html when unset there. */
  editLinkUrl: string | null;
  mail: MailSettings;
  webhooks: WebhookSettings;
  /** How often each process looks for due deliveries (it also looks at once after a booking it took). */
  pollMs: number;
  /** How often each process looks for the e-mails of the move's calendar (the day before, the day after): CALENDAR_SWEEP_MS. */
  calendarSweepMs: number;
  /**
   * SEND_NOTHING=1 (config/outbound.ts): a copy's outbox fills as usual and nothing in it
   * leaves; the back office's own e-mails are not sent either.
   */
  sendNothing: boolean;
}

export type MailTransportSetting = { kind: 'smtp'; url: string } | { kind: 'folder'; dir: string } | { kind: 'none' };

export interface MailSettings {
  transport: MailTransportSetting;
  /** The sender's address; the carrier's name is shown beside it, its e-mail is the Reply-To. */
  from: string;
  /** Retries with growing delays until this long after the message was written, then given up (and logged). */
  retryMs: number;
  firstRetryMs: number;
  timeoutMs: number;
  /**
   * Confirmations one address receives in 24 hours, whichever path booked (a public page, a
   * carrier's key, a company's token: each may type any address), counted in the database for
   * every process; past it the booking is stored and answered as usual (its answer says
   * `confirmation_email: "withheld"`), no e-mail leaves, and its page in the back office says
   * so (MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY).
   */
  confirmationsPerAddressPerDay: number;
}

export interface WebhookSettings {
  /** Loopback addresses (and plain http to them) may be called: the demo and the tests, never a carrier's production. */
  allowLoopback: boolean;
  timeoutMs: number;
  retryMs: number;
  firstRetryMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} doit être un nombre positif (reçu « ${raw} »)`);
  return value;
}

function wholeCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} doit être un entier positif ou nul (reçu « ${raw} »)`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} doit valoir 1 ou 0 (reçu « ${raw} »)`);
}

function baseUrl(raw: string | undefined, name: string): string | null {
  const text = raw?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} doit être une adresse complète, par exemple https://devis.exemple.fr (reçu « ${text} »)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} doit commencer par https:// (reçu « ${text} »)`);
  return url.toString().replace(/\/+$/, '');
}

/**
 * `databaseFile`: the SQLite file, beside which the demo writes its e-mails (a test's
 * temporary database gets its own folder); null on PostgreSQL (data/mails then).
 */
export function notificationsFromEnv(env: NodeJS.ProcessEnv, demo: boolean, databaseFile: string | null): NotificationSettings {
  const editLink = env.EDIT_LINK_URL?.trim() || null;
  if (editLink && !(editLink.includes('{id}') && editLink.includes('{token}')))
    throw new Error('EDIT_LINK_URL doit contenir {id} et {token}, par exemple https://www.exemple.fr/modifier?id={id}&token={token}');
  if (editLink) baseUrl(editLink.replace('{id}', '1').replace('{token}', 'x'), 'EDIT_LINK_URL');
  const smtp = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim() || (demo ? 'reservations@transports-martin.example' : '');
  if (smtp && !from) throw new Error('MAIL_FROM est nécessaire avec SMTP_URL : l’adresse d’expédition des e-mails aux clients');
  const folder = env.MAIL_DIR?.trim();
  const transport: MailTransportSetting = smtp
    ? { kind: 'smtp', url: smtp }
    : folder || demo
      ? { kind: 'folder', dir: path.resolve(folder || path.join(databaseFile ? path.dirname(databaseFile) : 'data', 'mails')) }
      : { kind: 'none' };
  return {
    publicUrl: baseUrl(env.PUBLIC_URL, 'PUBLIC_URL'),
    editLinkUrl: editLink,
    mail: {
      transport,
      from: from || 'reservations@localhost',
      retryMs: positive(env, 'MAIL_RETRY_HOURS', 72) * 3_600_000,
      firstRetryMs: positive(env, 'OUTBOX_FIRST_RETRY_MS', 30_000),
      timeoutMs: positive(env, 'MAIL_TIMEOUT_MS', 20_000),
      // Three: a customer who books, corrects by a new booking and books again; not a stranger's stream.
      confirmationsPerAddressPerDay: wholeCount(env, 'MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY', 3),
    },
    webhooks: {
      allowLoopback: flag(env, 'WEBHOOK_ALLOW_LOOPBACK', demo),
      timeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      retryMs: positive(env, 'WEBHOOK_RETRY_HOURS', 24) * 3_600_000,
      firstRetryMs: positive(env, 'OUTBOX_FIRST_RETRY_MS', 30_000),
    },
    pollMs: positive(env, 'OUTBOX_POLL_MS', 1000),
    // Five minutes: the day before's reminder leaves in the first minutes of that day.
    calendarSweepMs: positive(env, 'CALENDAR_SWEEP_MS', 300_000),
    sendNothing: outboundFromEnv(env).sendNothing,
  };
}
