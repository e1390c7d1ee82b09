import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints; an idle checkpoint (nothing new in the WAL) costs almost nothing. */
const CHECKPOINT_INTERVAL_MS = 200;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Starts the checkpoint worker (sqlite-checkpointer.ts, built next to this module) on a database
 * file. Run from the source (tsx: the quick tier runs the server and its commands so), there is
 * no built worker and a worker thread would not read TypeScript: null, and the request thread
 * checkpoints alone (SQLite's wal_autocheckpoint), as it did before the worker existed.
 */
export function startCheckpointer(file: string): Checkpointer | null {
  if (import.meta.url.endsWith('.ts')) return null;
  const worker = new Worker(new URL('./sqlite-checkpointer.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // It never keeps the process alive, and a worker that dies leaves the checkpoints to the
  // request thread (wal_autocheckpoint), as before it existed.
  worker.unref();
  let exited = false;
  worker.once('exit', () => (exited = true));
  worker.on('error', () => {});
  return {
    async stop() {
      if (exited) return;
      const exit = once(worker, 'exit');
      // Waited for: the process must not end before the worker has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exit;
    },
  };
}
