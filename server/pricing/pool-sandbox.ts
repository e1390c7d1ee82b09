import { Worker } from 'node:worker_threads';
import { POOL_CODE_LIMITS, type PoolPriceInput } from 'transport-quote-wizard/domain';
import { isPoolCodeUsable } from 'transport-quote-wizard/domain';
import { poolDefectMessage } from 'transport-quote-wizard/domain';
import { readPoolReply } from 'transport-quote-wizard/domain';
import { type DriverPool } from 'transport-quote-wizard/domain';
import { type PoolAnswer } from 'transport-quote-wizard/domain';
import type { SandboxReply, SandboxRequest } from '../../src/services/pricing/run-pool-code.ts';
import { sandboxFromEnv, type SandboxSettings } from '../config/sandbox.ts';
import { FairQueue } from './fair-queue.ts';
import { PricingUnavailable, SandboxBudgetSpent } from './pricing-unavailable.ts';
import { MinuteBudgets } from './sandbox-budgets.ts';

/** What the worker (pool-worker.ts) posts: that a run started, or its reply; `technical` when QuickJS could not be loaded. */
export type WorkerMessage = { id: number; started: true } | (SandboxReply & { technical?: true });

/**
 * Whose runs these are, and what one request has spent of the sandbox so far: made once per
 * request (a quote, a list of days, a booking's price), handed to each of its runs.
 */
export interface SandboxAccount {
  /** The company ('12'), a carrier's public pages ('site:12') or the keyless public pages ('public'): one queue and one budget each. */
  readonly tenant: string;
  spentMs: number;
}

export const sandboxAccount = (tenant: string): SandboxAccount => ({ tenant, spentMs: 0 });

export interface PoolSandbox {
  /**
   * The pool's answer, or the spec's defect message when the grid's code failed (it threw,
   * ran past its deadline, answered no numbers or a negative one): that is the grid's answer, a
   * trip without a price. When the sandbox itself could not run the code (saturated past its
   * wait, its worker lost, QuickJS not loaded, the request's budget spent), it throws
   * PricingUnavailable (503), and SandboxBudgetSpent (429) when the tenant spent its minute's
   * budget: no price, and no defect either, as the grid never answered.
   */
  run(pool: DriverPool, input: PoolPriceInput, account: SandboxAccount): Promise<Exclude<PoolAnswer, null>>;
  /**
   * A test run of code not saved yet (Réglages, Grilles), under the same limits and in the
   * company's own queue and budget: its raw reply, so the carrier learns why it failed;
   * `unavailable` when the sandbox itself could not run it.
   */
  trial(code: string, input: PoolPriceInput, account: SandboxAccount): Promise<SandboxReply | { ok: false; unavailable: true }>;
  close(): Promise<void>;
}

export type PoolSandboxOptions = SandboxSettings;

/** Seconds a client is asked to wait after the sandbox could not run a grid's code. */
export const SANDBOX_RETRY_AFTER_SECONDS = 5;
const SANDBOX_UNAVAILABLE = 'Le calcul du prix de cette grille est momentanément indisponible : réessayez dans quelques secondes.';
const REQUEST_BUDGET_SPENT =
  'Le calcul du prix de cette grille demande trop de temps pour une seule demande\u00a0: chiffrez moins de jours à la fois, ou réessayez plus tard.';
const tenantBudgetSpent = (seconds: number) =>
  `Le temps de calcul des grilles de ce transporteur est épuisé pour cette minute\u00a0: réessayez dans ${seconds}\u00a0s.`;

type Outcome =
  | { kind: 'reply'; reply: SandboxReply }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'request-spent' }
  | { kind: 'tenant-spent'; seconds: number };

interface Run {
  account: SandboxAccount;
  request: SandboxRequest;
  settle: (outcome: Outcome) => void;
  /** Fails the run if it has not started in time (the queue's limit); cleared when it starts. */
  waitTimer: NodeJS.Timeout;
  /** The run's own limit, from the moment the worker starts it. */
  watchdog: NodeJS.Timeout | null;
  /** When the worker said it started (performance.now()): its time is charged from there. */
  startedAt: number | null;
  /** Taken from its queue onto a worker. */
  slot: Slot | null;
}

/** One worker thread and the run it holds. */
interface Slot {
  worker: Worker | null;
  current: Run | null;
}

/** The run's time so far is charged to its request and its tenant. */
function chargeRun(budgets: MinuteBudgets, run: Run): void {
  if (run.startedAt === null) return;
  const spent = performance.now() - run.startedAt;
  run.startedAt = null;
  run.account.spentMs += spent;
  budgets.charge(run.account.tenant, spent);
}

/** Why a run gave no reply, as the pricing says it: the company's minute spent (429), the request's, or the sandbox out of reach. */
function unavailable(outcome: Exclude<Outcome, { kind: 'reply' }>): PricingUnavailable {
  if (outcome.kind === 'tenant-spent') return new SandboxBudgetSpent(tenantBudgetSpent(outcome.seconds), outcome.seconds);
  if (outcome.kind === 'request-spent') return new PricingUnavailable(REQUEST_BUDGET_SPENT, SANDBOX_RETRY_AFTER_SECONDS);
  return new PricingUnavailable(SANDBOX_UNAVAILABLE, SANDBOX_RETRY_AFTER_SECONDS);
}

/**
 * Runs a pool's code from the server's own records (never code a page sent) in worker threads
 * (pool-worker.ts, built next to this module), with the limits the page's sandbox has.
 *
 * Each tenant has a queue; the queues take turns (FairQueue), so one company's backlog delays
 * another's next run by one run at most, and a tenant runs on all the workers but one. A run's
 * time, from the worker's start to its reply, is charged to its request (a request past
 * `requestBudgetMs` runs nothing more: 503) and to its tenant's minute (past
 * `companyBudgetMsPerMinute`, the tenant's runs, waiting and new, are refused with 429 until the
 * minute ends). The watchdog starts when the worker says the run started, so a run is never
 * charged for the queue before it. A run that outlives its watchdog kills its worker (the next
 * run there meets a fresh one): that is the code's defect. A run that waited past `waitMs`, or
 * whose worker died under it, never ran to an answer: that is the sandbox's failure, and its
 * request answers 503.
 */
export function createPoolSandbox(options: PoolSandboxOptions = sandboxFromEnv({})): PoolSandbox {
  const slots: Slot[] = Array.from({ length: Math.max(1, options.workers) }, () => ({ worker: null, current: null }));
  const queue = new FairQueue<Run>(Math.max(1, slots.length - 1));
  const budgets = new MinuteBudgets(options.companyBudgetMsPerMinute);
  let nextId = 1;
  let dispatching = false;

  const charge = (run: Run) => chargeRun(budgets, run);

  const finish = (run: Run, outcome: Outcome) => {
    clearTimeout(run.waitTimer);
    if (run.watchdog) clearTimeout(run.watchdog);
    charge(run);
    if (run.slot) {
      if (run.slot.current === run) run.slot.current = null;
      run.slot = null;
      queue.finished(run.account.tenant);
    }
    run.settle(outcome);
    dispatch();
  };

  const replace = (slot: Slot, dead: Worker) => {
    if (slot.worker !== dead) return;
    slot.worker = null;
    void dead.terminate();
  };

  const start = (slot: Slot) => {
    const created = new Worker(new URL('./pool-worker.mjs', import.meta.url));
    created.unref();
    created.on('message', (message: WorkerMessage) => {
      const run = slot.current;
      if (!run || run.request.id !== message.id || slot.worker !== created) return;
      if ('started' in message) {
        clearTimeout(run.waitTimer);
        run.startedAt = performance.now();
        run.watchdog = setTimeout(() => {
          // Past QuickJS's own deadline and still running: the code's defect, and the worker goes.
          replace(slot, created);
          finish(run, { kind: 'reply', reply: { id: run.request.id, ok: false, error: 'délai dépassé' } });
        }, POOL_CODE_LIMITS.watchdogMs);
        return;
      }
      // Code that failed may have left the runtime in any state: the next run meets a fresh worker.
      if (!message.ok) replace(slot, created);
      if (!message.ok && message.technical) finish(run, { kind: 'unavailable', reason: message.error });
      else finish(run, { kind: 'reply', reply: message });
    });
    const lost = () => {
      if (slot.worker !== created) return;
      replace(slot, created);
      if (slot.current) finish(slot.current, { kind: 'unavailable', reason: 'le bac à sable s’est arrêté' });
    };
    created.on('error', lost);
    created.on('exit', lost);
    return created;
  };

  /** Refuses a run (and everything its tenant has waiting) whose tenant spent its minute. */
  const refuseSpent = (run: Run, seconds: number) => {
    for (const waiting of queue.drain(run.account.tenant)) finish(waiting, { kind: 'tenant-spent', seconds });
    finish(run, { kind: 'tenant-spent', seconds });
  };

  function dispatch() {
    if (dispatching) return;
    dispatching = true;
    try {
      for (const slot of slots) {
        while (!slot.current) {
          const next = queue.take();
          if (!next) return;
          const run = next.item;
          run.slot = slot;
          const seconds = budgets.retryAfterSeconds(run.account.tenant);
          if (seconds > 0) {
            refuseSpent(run, seconds);
            continue;
          }
          slot.current = run;
          slot.worker ??= start(slot);
          slot.worker.postMessage(run.request);
        }
      }
    } finally {
      dispatching = false;
    }
  }

  const execute = (code: string, input: unknown, account: SandboxAccount) =>
    new Promise<Outcome>((settle) => {
      if (account.spentMs >= options.requestBudgetMs) return settle({ kind: 'request-spent' });
      const seconds = budgets.retryAfterSeconds(account.tenant);
      if (seconds > 0) return settle({ kind: 'tenant-spent', seconds });
      const request: SandboxRequest = {
        id: nextId++,
        code,
        input,
        deadlineMs: POOL_CODE_LIMITS.deadlineMs,
        memoryBytes: POOL_CODE_LIMITS.memoryBytes,
      };
      const run: Run = {
        account,
        request,
        settle,
        watchdog: null,
        startedAt: null,
        slot: null,
        waitTimer: setTimeout(() => {
          queue.remove(account.tenant, run);
          // Sent but never started: the worker is stuck loading QuickJS, and goes.
          const slot = run.slot;
          if (slot?.current === run && slot.worker) replace(slot, slot.worker);
          finish(run, { kind: 'unavailable', reason: 'attente trop longue' });
        }, options.waitMs),
      };
      queue.push(account.tenant, run);
      dispatch();
    });

  return {
    async run(pool, input, account) {
      if (!isPoolCodeUsable(pool.compute_price_func_body)) return { defect: poolDefectMessage(pool.name) };
      if (options.waitMs <= 0) throw new PricingUnavailable(SANDBOX_UNAVAILABLE, SANDBOX_RETRY_AFTER_SECONDS);
      const outcome = await execute(pool.compute_price_func_body, input, account);
      if (outcome.kind !== 'reply') throw unavailable(outcome);
      return readPoolReply(pool, outcome.reply);
    },
    async trial(code, input, account) {
      if (options.waitMs <= 0) return { ok: false, unavailable: true };
      const outcome = await execute(code, input, account);
      return outcome.kind === 'reply' ? outcome.reply : { ok: false, unavailable: true };
    },
    async close() {
      for (const run of queue.drainAll()) finish(run, { kind: 'unavailable', reason: 'arrêt du serveur' });
      const running = slots.map((slot) => slot.worker);
      for (const slot of slots) {
        slot.worker = null;
        if (slot.current) finish(slot.current, { kind: 'unavailable', reason: 'arrêt du serveur' });
      }
      await Promise.all(running.map((worker) => worker?.terminate()));
    },
  };
}
