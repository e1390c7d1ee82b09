import { Worker } from 'node:worker_threads';
import { POOL_CODE_LIMITS, type PoolPriceInput } from 'transport-quote-wizard/domain';
import { isPoolCodeUsable } from 'transport-quote-wizard/domain';
import { poolDefectMessage } from 'transport-quote-wizard/domain';
import { readPoolReply } from 'transport-quote-wizard/domain';
import { type DriverPool } from 'transport-quote-wizard/domain';
import { type PoolAnswer } from 'transport-quote-wizard/domain';
import type { SandboxReply, SandboxRequest } from '../../src/services/pricing/run-pool-code.ts';
import { PricingUnavailable } from './pricing-unavailable.ts';

/** What the worker (pool-worker.ts) posts: that a run started, or its reply; `technical` when QuickJS could not be loaded. */
export type WorkerMessage = { id: number; started: true } | (SandboxReply & { technical?: true });

export interface PoolSandbox {
  /**
   * The pool's answer, or the spec's defect message when the grid's code failed (it threw,
   * ran past its deadline, answered no numbers): that is the grid's answer, a trip without a
   * price. When the sandbox itself could not run the code (saturated past its wait, its
   * worker lost, QuickJS not loaded), it throws PricingUnavailable: no price, and no defect
   * either, as the grid never answered.
   */
  run(pool: DriverPool, input: PoolPriceInput): Promise<Exclude<PoolAnswer, null>>;
  /**
   * A test run of code not saved yet (Réglages, Grilles), under the same limits: its raw reply,
   * so the carrier learns why it failed; `unavailable` when the sandbox itself could not run it.
   */
  trial(code: string, input: PoolPriceInput): Promise<SandboxReply | { ok: false; unavailable: true }>;
  close(): Promise<void>;
}

export interface PoolSandboxOptions {
  /**
   * How long a run may wait for the sandbox before its request answers 503 (POOL_SANDBOX_WAIT_MS):
   * the runs take turns in one worker, and past this wait the server is saturated. 0 runs no
   * grid's code at all (an operator's switch): every quote on such a grid answers 503.
   */
  waitMs: number;
}

/** Seconds a client is asked to wait after the sandbox could not run a grid's code. */
export const SANDBOX_RETRY_AFTER_SECONDS = 5;
const SANDBOX_UNAVAILABLE = 'Le calcul du prix de cette grille est momentanément indisponible : réessayez dans quelques secondes.';

type Outcome = { kind: 'reply'; reply: SandboxReply } | { kind: 'unavailable'; reason: string };

interface Run {
  request: SandboxRequest;
  settle: (outcome: Outcome) => void;
  /** Fails the run if it has not started in time (the queue's limit); cleared when it starts. */
  waitTimer: NodeJS.Timeout;
  /** The run's own limit, from the moment the worker starts it. */
  watchdog: NodeJS.Timeout | null;
}

/**
 * Runs a pool's code from the server's own records (never code a page sent) in the worker
 * (pool-worker.ts, built next to this module), with the limits the page's sandbox has.
 *
 * Runs take turns: one at a time goes to the worker, the others wait here. The watchdog starts
 * when the worker says the run started, so a run is never charged for the queue before it (a
 * burst of large quotes once failed by itself, the watchdog running while runs were queued).
 * A run that outlives its watchdog kills the worker (the next run meets a fresh one): that is
 * the code's defect. A run that waited past `waitMs`, or whose worker died under it, never ran
 * to an answer: that is the sandbox's failure, and its request answers 503.
 */
export function createPoolSandbox(options: PoolSandboxOptions = { waitMs: 5000 }): PoolSandbox {
  let worker: Worker | null = null;
  let nextId = 1;
  const queue: Run[] = [];
  let current: Run | null = null;

  const finish = (run: Run, outcome: Outcome) => {
    clearTimeout(run.waitTimer);
    if (run.watchdog) clearTimeout(run.watchdog);
    if (current === run) current = null;
    run.settle(outcome);
    dispatch();
  };

  const replace = (dead: Worker) => {
    if (worker !== dead) return;
    worker = null;
    void dead.terminate();
  };

  const start = () => {
    const created = new Worker(new URL('./pool-worker.mjs', import.meta.url));
    created.unref();
    created.on('message', (message: WorkerMessage) => {
      const run = current;
      if (!run || run.request.id !== message.id || worker !== created) return;
      if ('started' in message) {
        clearTimeout(run.waitTimer);
        run.watchdog = setTimeout(() => {
          // Past QuickJS's own deadline and still running: the code's defect, and the worker goes.
          replace(created);
          finish(run, { kind: 'reply', reply: { id: run.request.id, ok: false, error: 'délai dépassé' } });
        }, POOL_CODE_LIMITS.watchdogMs);
        return;
      }
      // Code that failed may have left the runtime in any state: the next run meets a fresh worker.
      if (!message.ok) replace(created);
      if (!message.ok && message.technical) finish(run, { kind: 'unavailable', reason: message.error });
      else finish(run, { kind: 'reply', reply: message });
    });
    const lost = () => {
      if (worker !== created) return;
      replace(created);
      if (current) finish(current, { kind: 'unavailable', reason: 'le bac à sable s’est arrêté' });
    };
    created.on('error', lost);
    created.on('exit', lost);
    return created;
  };

  function dispatch() {
    if (current || queue.length === 0) return;
    current = queue.shift()!;
    worker ??= start();
    worker.postMessage(current.request);
  }

  const execute = (code: string, input: unknown) =>
    new Promise<Outcome>((settle) => {
      const request: SandboxRequest = {
        id: nextId++,
        code,
        input,
        deadlineMs: POOL_CODE_LIMITS.deadlineMs,
        memoryBytes: POOL_CODE_LIMITS.memoryBytes,
      };
      const run: Run = {
        request,
        settle,
        watchdog: null,
        waitTimer: setTimeout(() => {
          const waiting = queue.indexOf(run);
          if (waiting !== -1) queue.splice(waiting, 1);
          // Sent but never started: the worker is stuck loading QuickJS, and goes.
          if (current === run && worker) replace(worker);
          finish(run, { kind: 'unavailable', reason: 'attente trop longue' });
        }, options.waitMs),
      };
      queue.push(run);
      dispatch();
    });

  return {
    async run(pool, input) {
      if (!isPoolCodeUsable(pool.compute_price_func_body)) return { defect: poolDefectMessage(pool.name) };
      if (options.waitMs <= 0) throw new PricingUnavailable(SANDBOX_UNAVAILABLE, SANDBOX_RETRY_AFTER_SECONDS);
      const outcome = await execute(pool.compute_price_func_body, input);
      if (outcome.kind === 'unavailable') throw new PricingUnavailable(SANDBOX_UNAVAILABLE, SANDBOX_RETRY_AFTER_SECONDS);
      return readPoolReply(pool, outcome.reply);
    },
    async trial(code, input) {
      if (options.waitMs <= 0) return { ok: false, unavailable: true };
      const outcome = await execute(code, input);
      return outcome.kind === 'reply' ? outcome.reply : { ok: false, unavailable: true };
    },
    async close() {
      for (const run of queue.splice(0)) finish(run, { kind: 'unavailable', reason: 'arrêt du serveur' });
      const running = worker;
      worker = null;
      if (current) finish(current, { kind: 'unavailable', reason: 'arrêt du serveur' });
      await running?.terminate();
    },
  };
}
