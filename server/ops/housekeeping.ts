import type { FastifyBaseLogger } from 'fastify';
import type { ServerLimits } from '../config/limits.ts';
import { forgetExpiredSessions } from '../db/accounts-repo.ts';
import { forgetOldMails } from '../db/mail-repo.ts';
import { forgetExpiredQuotes } from '../db/quotes-repo.ts';
import { forgetEndedWindows } from '../db/rate-limit-store.ts';
import type { Sql } from '../db/sql.ts';
import { forgetOldFailures } from '../db/sign-in-throttle.ts';
import { purgeUnacceptedPublicTravels } from '../db/travels-repo.ts';
import { forgetOldEvents } from '../db/webhooks-repo.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;
/** How long the back office shows past webhook deliveries and keeps the record of sent e-mails. */
const HISTORY_DAYS = 30;

/**
 * Work no request waits for: public bookings nobody accepted are deleted once past their
 * retention, and quotes no booking took a day after they expired; ended back-office sessions,
 * old failed sign-ins, and webhook events and e-mails older than 30 days once settled (hourly,
 * and soon after start); on PostgreSQL the rate-limit windows that ended are forgotten (every
 * minute). Any process may run them: they delete only what is due.
 */
export function scheduleHousekeeping(sql: Sql, limits: ServerLimits, log: FastifyBaseLogger, now: () => number = Date.now) {
  const purge = async () => {
    try {
      const before = new Date(now() - limits.publicRetentionDays * DAY_MS).toISOString();
      const purged = await purgeUnacceptedPublicTravels(sql, before);
      if (purged > 0)
        log.info(`${purged} réservation(s) publique(s) non acceptée(s) supprimée(s) après ${limits.publicRetentionDays} jours`);
      // A quote no booking took is of no use a day after it expired.
      await forgetExpiredQuotes(sql, new Date(now() - DAY_MS).toISOString());
      await forgetExpiredSessions(sql, now());
      await forgetOldFailures(sql, now() - DAY_MS);
      await forgetOldEvents(sql, now() - HISTORY_DAYS * DAY_MS);
      await forgetOldMails(sql, now() - HISTORY_DAYS * DAY_MS);
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'purge des réservations publiques impossible, nouvel essai dans une heure');
    }
  };
  const forget = () => forgetEndedWindows(sql, now()).catch(() => {});
  const timers = [setTimeout(() => void purge(), 10_000), setInterval(() => void purge(), HOUR_MS)];
  if (sql.dialect === 'postgres') timers.push(setInterval(() => void forget(), MINUTE_MS));
  for (const timer of timers) timer.unref();
  return {
    /** Runs the purge now (tests, and an operator's command). */
    purge,
    stop: () => timers.forEach((timer) => clearTimeout(timer)),
  };
}
