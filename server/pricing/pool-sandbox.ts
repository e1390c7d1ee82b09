import { Worker } from 'node:worker_threads';
import { POOL_CODE_LIMITS, type PoolPriceInput } from 'transport-quote-wizard/domain';
import { isPoolCodeUsable } from 'transport-quote-wizard/domain';
import { poolDefectMessage } from 'transport-quote-wizard/domain';
import { readPoolReply } from 'transport-quote-wizard/domain';
import { type DriverPool } from 'transport-quote-wizard/domain';
import { type PoolAnswer } from 'transport-quote-wizard/domain';
import type { SandboxReply, SandboxRequest } from '../../src/services/pricing/run-pool-code.ts';

export interface PoolSandbox {
  /** The pool's answer, or the spec's defect message: a failing grid never fails the quote. */
  run(pool: DriverPool, input: PoolPriceInput): Promise<Exclude<PoolAnswer, null>>;
  /** A test run of code not saved yet (Réglages, Grilles), under the same limits: its raw reply, so the carrier learns why it failed. */
  trial(code: string, input: PoolPriceInput): Promise<SandboxReply>;
  close(): Promise<void>;
}

/**
 * Runs a pool's code from the server's own records (never code a page sent) in the worker
 * (pool-worker.ts, built next to this module), with the limits the page's sandbox has. A run
 * that outlives the watchdog kills the worker; the next run starts a new one.
 */
export function createPoolSandbox(): PoolSandbox {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, (reply: SandboxReply) => void>();

  const start = () => {
    const created = new Worker(new URL('./pool-worker.mjs', import.meta.url));
    created.unref();
    created.on('message', (reply: SandboxReply) => {
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    });
    created.on('error', () => replace(created));
    created.on('exit', () => replace(created));
    return created;
  };
  const replace = (dead: Worker) => {
    if (worker !== dead) return;
    worker = null;
    void dead.terminate();
  };

  const execute = (code: string, input: unknown) =>
    new Promise<SandboxReply>((resolve) => {
      worker ??= start();
      const running = worker;
      const id = nextId++;
      const watchdog = setTimeout(() => {
        waiting.delete(id);
        replace(running);
        resolve({ id, ok: false, error: 'délai dépassé' });
      }, POOL_CODE_LIMITS.watchdogMs);
      waiting.set(id, (reply) => {
        clearTimeout(watchdog);
        // Code that failed may have left the runtime in any state: the next run meets a fresh worker.
        if (!reply.ok) replace(running);
        resolve(reply);
      });
      const request: SandboxRequest = {
        id,
        code,
        input,
        deadlineMs: POOL_CODE_LIMITS.deadlineMs,
        memoryBytes: POOL_CODE_LIMITS.memoryBytes,
      };
      running.postMessage(request);
    });

  return {
    async run(pool, input) {
      if (!isPoolCodeUsable(pool.compute_price_func_body)) return { defect: poolDefectMessage(pool.name) };
      return readPoolReply(pool, await execute(pool.compute_price_func_body, input));
    },
    trial(code, input) {
      return execute(code, input);
    },
    async close() {
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}
