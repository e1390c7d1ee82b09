import * as v from 'valibot';

/**
 * Whether anything may leave the server (issue 58): a copy of the production database (a
 * restore drill, a staging server, a backup opened to look at) holds the outbox of the original,
 * whose e-mails and webhooks would go again to real customers and systems. SEND_NOTHING=1 keeps
 * every message where it is written: no e-mail (customers', alerts, invitations), no webhook
 * delivery, no payment session or refund at Stripe. The bookings are taken and the outbox fills
 * as usual, so what would have left can be looked at (tqw_mail_backlog, tqw_webhook_backlog).
 */
export interface OutboundSettings {
  sendNothing: boolean;
}

const FLAG_MESSAGE = 'SEND_NOTHING doit valoir 1 (rien ne sort : copie, essai de restauration) ou 0';

const OutboundEnv = v.object({
  SEND_NOTHING: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.picklist(['', '0', '1', 'true', 'false'], FLAG_MESSAGE),
    v.transform((raw) => raw === '1' || raw === 'true'),
  ),
});

export function outboundFromEnv(env: NodeJS.ProcessEnv): OutboundSettings {
  const parsed = v.safeParse(OutboundEnv, { SEND_NOTHING: env.SEND_NOTHING ?? '' });
  if (!parsed.success) throw new Error(`${FLAG_MESSAGE} (reçu «\u00a0${env.SEND_NOTHING}\u00a0»)`);
  return { sendNothing: parsed.output.SEND_NOTHING };
}

/** What the banner, the health answers and `check` say of it. */
export const SEND_NOTHING_WORDS = 'aucun, SEND_NOTHING=1 (ni e-mail, ni webhook, ni paiement)';
