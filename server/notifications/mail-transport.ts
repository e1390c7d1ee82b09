import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../config/notifications.ts';
import type { Outcome } from '../db/outbox-queue.ts';

/** An e-mail as the outbox keeps it until it is sent. */
export interface StoredMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /**
   * The booking's devis goes with it as a PDF (the confirmation): the outbox keeps this mark,
   * never the file's bytes, and the PDF is made when the message leaves (mail worker).
   */
  attachDevis?: boolean;
}

/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailSender {
  /** Where the messages go, for the start message: never a password of SMTP_URL. */
  readonly description: string;
  send(mail: StoredMail, name: string, attachments?: readonly MailAttachment[]): Promise<Outcome>;
  close(): void;
}

/** Where the e-mails go, for the start message. */
export function describeMail(transport: MailSettings['transport']): string {
  if (transport.kind === 'none') return 'désactivés (ni SMTP_URL ni MAIL_DIR)';
  return transport.kind === 'smtp' ? describeSmtp(transport.url) : `écrits dans ${transport.dir} (fichiers .eml)`;
}

/** SMTP_URL for the start message: its password hidden. */
function describeSmtp(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return `SMTP ${parsed.toString()}`;
  } catch {
    return 'SMTP (SMTP_URL illisible)';
  }
}

const asMessage = (mail: StoredMail, attachments: readonly MailAttachment[] = []) => ({
  from: mail.from,
  to: mail.to,
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
});

/**
 * Through SMTP (nodemailer) when SMTP_URL is set; else, in the demo or with MAIL_DIR, each
 * message written as an .eml file a mail client opens; else none (production without SMTP:
 * the start message says e-mails are off).
 */
export function mailSender(settings: MailSettings): MailSender | null {
  const transport = settings.transport;
  if (transport.kind === 'none') return null;
  if (transport.kind === 'smtp') {
    const smtp = nodemailer.createTransport({
      url: transport.url,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
    return {
      description: describeMail(transport),
      async send(mail, _name, attachments = []) {
        try {
          await smtp.sendMail(asMessage(mail, attachments));
          return { ok: true, status: null };
        } catch (error) {
          const failure = error as Error & { responseCode?: number; code?: string };
          return { ok: false, status: failure.responseCode ?? null, error: `${failure.code ?? 'SMTP'} : ${failure.message}` };
        }
      },
      close: () => smtp.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: describeMail(transport),
    async send(mail, name, attachments = []) {
      try {
        const { message } = await writer.sendMail(asMessage(mail, attachments));
        mkdirSync(transport.dir, { recursive: true });
        const file = path.join(transport.dir, `${name}.eml`);
        // Written whole, then named: a reader never sees half a message.
        writeFileSync(`${file}.part`, message as Buffer);
        renameSync(`${file}.part`, file);
        return { ok: true, status: null };
      } catch (error) {
        return { ok: false, status: null, error: (error as Error).message };
      }
    },
    close: () => writer.close(),
  };
}
