/**
 * Worker thread: checkpoints the SQLite WAL into the database file through its own connection,
 * so the fsyncs of a checkpoint (tens of milliseconds on a slow disk) never stop the request
 * thread. Started and stopped by checkpointer.ts.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new Database(file);

const timer = setInterval(() => {
  try {
    // PASSIVE takes no write lock and waits for no one: it copies what it can, the rest next time.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or failing checkpoint is retried at the next tick; the request thread's own
    // checkpoints (wal_autocheckpoint) still bound the WAL meanwhile.
  }
}, intervalMs);

parentPort?.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
