import { devisOwnerOf } from '../devis/devis-source.ts';
import type { FastifyBaseLogger } from 'fastify';
import { dayInFrance, plusDays, type CompanyData } from 'transport-quote-wizard/domain';
import { calendarCandidates, markCalendarMail, type CalendarStep } from '../db/customer-follow.ts';
import type { Sql } from '../db/sql.ts';
import { findTravel } from '../db/travels-repo.ts';
import { carrierOf, type Notifier } from '../notifications/notifier.ts';
import { bookingSteps, calendarInstants } from './booking-steps.ts';
import { followFacts } from './follow-facts.ts';
import type { DepositService } from '../payments/deposit-service.ts';
import { readOwnerStore } from '../db/company-store.ts';

const DAY_MS = 24 * 3_600_000;
/** A 'terminée' e-mail is not sent for a move over longer ago than this (a server stopped for days, a first start). */
const LATE_THANKS_MS = 2 * DAY_MS;
/** Moves on several days: a move begun this many days ago may end today. */
const LONGEST_MOVE_DAYS = 4;

export interface CalendarMailsDeps {
  sql: Sql;
  notifier: Notifier;
  publicPricing: CompanyData;
  deposits: DepositService;
  log: FastifyBaseLogger;
  everyMs: number;
  now?: () => number;
}

/**
 * The e-mails the move's calendar sends of itself: the day before the move (from midnight in
 * France that day, while the move has not begun), and once it is over (from midnight after its
 * last day, for two days). A sweep every few minutes in each process, on the server's clock,
 * rather than a timer per booking: nothing to rebuild at a restart, and a booking accepted on
 * the day before is reminded at the next sweep. Each e-mail is marked in the database in the
 * transaction that queues it in the outbox, which retries until the SMTP server takes it: once,
 * whatever the restarts, the processes and the SMTP server's mood.
 */
export function scheduleCalendarMails(deps: CalendarMailsDeps) {
  const { sql, notifier, log, everyMs, now = Date.now } = deps;
  let running: Promise<number> | null = null;

  const queue = async (travelId: number, step: CalendarStep, at: number): Promise<boolean> => {
    const travel = await findTravel(sql, travelId);
    if (!travel) return false;
    const owner = devisOwnerOf(travel, deps.publicPricing);
    const store = await readOwnerStore(sql, owner);
    const carrier = carrierOf(store, deps.publicPricing);
    return sql.transaction(async (tx) => {
      if (!(await markCalendarMail(tx, travelId, step, new Date(at).toISOString()))) return false;
      await notifier.recordCalendarMail(tx, step, travel, carrier);
      return true;
    });
  };

  const sweepOnce = async (): Promise<number> => {
    const at = now();
    const today = dayInFrance(new Date(at));
    let queued = 0;
    for (const candidate of await calendarCandidates(sql, plusDays(today, -LONGEST_MOVE_DAYS), plusDays(today, 1))) {
      if (candidate.veille > 0 && candidate.terminee > 0) continue;
      const travel = await findTravel(sql, candidate.id);
      if (!travel) continue;
      const progress = bookingSteps(await followFacts(sql, travel, at, deps.publicPricing, deps.deposits));
      const done = (key: string) => progress.steps.some((step) => step.key === key && step.status === 'done');
      const start = Date.parse(candidate.beginning_date);
      // The day before, while the move has not begun: never a 'demain' on the day itself.
      if (candidate.veille === 0 && done('veille') && !done('terminee') && at < start && (await queue(candidate.id, 'veille', at)))
        queued++;
      const instants = calendarInstants({
        beginningDate: travel.payload.travel.beginning_date ?? null,
        endingDate: travel.payload.travel.ending_date ?? null,
      });
      const recentlyOver = instants !== null && at - instants.over <= LATE_THANKS_MS;
      if (candidate.terminee === 0 && done('terminee') && recentlyOver && (await queue(candidate.id, 'terminee', at))) queued++;
    }
    return queued;
  };

  /** One sweep at a time in a process; another process may sweep too: the marks keep each e-mail single. */
  const sweep = async (): Promise<number> => {
    if (running) return running;
    running = sweepOnce()
      .then((queued) => {
        if (queued > 0) notifier.wake({ deliveries: 0, mail: true });
        return queued;
      })
      .catch((error: Error) => {
        log.warn(
          { err: { message: error.message } },
          'e-mails de la veille et de fin de déménagement : balayage impossible, nouvel essai plus tard',
        );
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  if (!notifier.sendsMail) return { sweep, stop: () => {} };
  const timers = [setTimeout(() => void sweep(), 1_000), setInterval(() => void sweep(), everyMs)];
  for (const timer of timers) timer.unref();
  return {
    sweep,
    stop: async () => {
      timers.forEach((timer) => clearTimeout(timer));
      await running;
    },
  };
}
