import type { FastifyBaseLogger } from 'fastify';
import { claimDue, retryTime, settle, type ClaimedRow, type Outcome, type QueueTable } from '../db/outbox-queue.ts';
import type { Sql } from '../db/sql.ts';

export interface OutboxHandler {
  table: QueueTable;
  /** How long a claim holds a row: longer than a send can take, so a live sender is never overtaken. */
  leaseMs: number;
  firstRetryMs: number;
  send(row: ClaimedRow): Promise<Outcome>;
  /** One log line about a failure (never a URL, an address or a token). */
  describe(row: ClaimedRow, outcome: Outcome & { ok: false }, retryAt: number | null): string;
}

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Sends what an outbox holds, in every server process: it claims due rows (a few at a time),
 * sends each, and settles it. It looks every `pollMs`, and at once when woken (after a booking
 * this process took, or a send that ended). Stopping waits for the sends in flight; a row a
 * killed process held is taken over once its lease runs out (db/outbox-queue.ts).
 */
export class OutboxWorker {
  private running = 0;
  private claiming = false;
  private again = false;
  private stopped = false;
  /** Set while the database does not answer: said once in the log, and once when it answers again. */
  private unreachable = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly now: () => number;

  constructor(
    private readonly sql: Sql,
    private readonly handler: OutboxHandler,
    private readonly options: WorkerOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    void this.fill();
  }

  private async fill(): Promise<void> {
    this.claiming = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.running < this.options.concurrency) {
          const room = this.options.concurrency - this.running;
          const rows = await claimDue(this.sql, this.handler.table, this.now(), this.handler.leaseMs, room);
          for (const row of rows) this.run(row);
          // Fewer than asked: nothing else is due now (a wake or the next look finds what comes).
          if (rows.length < room) break;
        }
      } while (this.again && !this.stopped);
    } catch (error) {
      // The database is away: the next look will find the rows again.
      this.options.log.warn(
        { err: { message: (error as Error).message } },
        `${this.handler.table} : lecture impossible, nouvel essai bientôt`,
      );
    } finally {
      this.claiming = false;
    }
  }

  private run(row: ClaimedRow): void {
    this.running += 1;
    const work = (async () => {
      let outcome: Outcome;
      try {
        outcome = await this.handler.send(row);
      } catch (error) {
        outcome = { ok: false, status: null, error: (error as Error).message };
      }
      const now = this.now();
      const retryAt = outcome.ok || outcome.final ? null : retryTime(row.attempts, this.handler.firstRetryMs, row.give_up_at, now);
      if (!outcome.ok) {
        const line = this.handler.describe(row, outcome, retryAt);
        if (retryAt === null) this.options.log.error(line);
        else this.options.log.warn(line);
      }
      try {
        await settle(this.sql, this.handler.table, row, outcome, now, retryAt);
      } catch (error) {
        // Unsettled, the row is sent again once its lease runs out: at least once, never lost.
        this.options.log.warn({ err: { message: (error as Error).message } }, `${this.handler.table} : issue non enregistrée`);
      }
    })();
    this.inFlight.add(work);
    void work.finally(() => {
      this.running -= 1;
      this.inFlight.delete(work);
      this.wake();
    });
  }

  /** Stops looking and waits for the sends in flight (each bounded by its own timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }
}
