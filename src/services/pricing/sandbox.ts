import { isPoolCodeUsable } from '../../domain/validation/pool-code.ts';
import { poolDefectMessage } from '../../domain/messages.ts';
import { POOL_CODE_LIMITS, type PoolPriceInput, type PoolPriceOutput } from '../../domain/pools/pool-io.ts';
import { readPoolReply } from '../../domain/pools/pool-answer.ts';
import type { DriverPool } from '../../domain/entities/driver-pool.ts';
import { hold } from '../live-resources.ts';
import type { SandboxReply, SandboxRequest } from './pricing-worker.ts';

const { deadlineMs: CODE_DEADLINE_MS, watchdogMs: WATCHDOG_MS, memoryBytes: CODE_MEMORY_BYTES } = POOL_CODE_LIMITS;

export type PoolRun = { ok: true; output: PoolPriceOutput } | { ok: false; message: string };

export interface PricingSandbox {
  run(pool: DriverPool, input: PoolPriceInput): Promise<PoolRun>;
  dispose(): void;
}

/**
 * The page side of the sandbox. The worker script is fetched once and started from a blob
 * URL, so it works when the element's script comes from another origin (CSP: worker-src
 * blob:, and 'wasm-unsafe-eval' for QuickJS). It is loaded only when a pool has code.
 */
export function createPricingSandbox(workerUrl: string): PricingSandbox {
  let worker: Promise<Worker> | null = null;
  let nextId = 1;
  const waiting = new Map<number, (reply: SandboxReply) => void>();
  const releases = new Map<Worker, () => void>();

  async function start(): Promise<Worker> {
    const response = await fetch(workerUrl);
    if (!response.ok) throw new Error(`sandbox indisponible (${response.status})`);
    const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
    const created = new Worker(url);
    // The worker has read its script: the blob URL is not needed any more.
    URL.revokeObjectURL(url);
    releases.set(created, hold('worker'));
    created.onmessage = (event: MessageEvent<SandboxReply>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    };
    return created;
  }

  function restart() {
    void worker?.then(
      (w) => {
        w.terminate();
        releases.get(w)?.();
        releases.delete(w);
      },
      () => undefined,
    );
    worker = null;
  }

  async function execute(code: string, input: unknown): Promise<SandboxReply> {
    if (!worker) {
      worker = start();
      // A failed download is retried next time rather than kept as a defect of the grid.
      worker.catch(() => {
        worker = null;
      });
    }
    const running = await worker;
    const id = nextId++;
    const request: SandboxRequest = { id, code, input, deadlineMs: CODE_DEADLINE_MS, memoryBytes: CODE_MEMORY_BYTES };
    return new Promise<SandboxReply>((resolve) => {
      // Should QuickJS ever miss its deadline, the page still answers: the worker is killed.
      const releaseTimer = hold('timer');
      const watchdog = setTimeout(() => {
        releaseTimer();
        waiting.delete(id);
        restart();
        resolve({ id, ok: false, error: 'délai dépassé' });
      }, WATCHDOG_MS);
      waiting.set(id, (reply) => {
        clearTimeout(watchdog);
        releaseTimer();
        // Code that failed may have left the runtime in any state (an abort, memory at its cap):
        // the worker is replaced, so valid code after it always meets a fresh one.
        if (!reply.ok) restart();
        resolve(reply);
      });
      running.postMessage(request);
    });
  }

  return {
    async run(pool, input) {
      if (!isPoolCodeUsable(pool.compute_price_func_body)) return { ok: false, message: poolDefectMessage(pool.name) };
      let reply: SandboxReply;
      try {
        reply = await execute(pool.compute_price_func_body, input);
      } catch {
        return { ok: false, message: poolDefectMessage(pool.name) };
      }
      const answer = readPoolReply(pool, reply);
      return 'output' in answer ? { ok: true, output: answer.output } : { ok: false, message: answer.defect };
    },
    dispose() {
      restart();
      // Runs still waiting end now, as stopped: their watchdogs go with them.
      for (const [id, settle] of waiting) settle({ id, ok: false, error: 'arrêté' });
      waiting.clear();
    },
  };
}
