import { Worker } from 'node:worker_threads';
import type { DevisPdfOrder } from './devis-pdf.ts';

/** What the pool asks a worker (devis-pdf-worker.ts) to build. */
export interface PdfJob {
  id: number;
  order: DevisPdfOrder;
}

/** What a worker answers: that a build started, its bytes, or why it failed (`tooLarge`: past DEVIS_PDF_LIMITS). */
export type PdfWorkerMessage =
  { id: number; started: true } | { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; tooLarge: boolean; error: string };

/** Why a devis PDF was not made: the pool full or waited on too long, the build past its deadline, the document past its limits, or the build failed. */
export type PdfRefusal = 'busy' | 'timeout' | 'too-large' | 'failed';

const MESSAGES: Record<PdfRefusal, string> = {
  busy: 'Le devis en PDF est momentanément indisponible\u00a0: le serveur en prépare déjà beaucoup. Réessayez dans quelques secondes, ou lisez le devis en ligne.',
  timeout: 'Le devis en PDF n’a pas pu être préparé à temps. Réessayez dans quelques instants, ou lisez le devis en ligne.',
  'too-large': 'Ce devis est trop long pour être mis en PDF. Lisez-le en ligne, ou demandez-le au transporteur.',
  failed: 'Le devis en PDF n’a pas pu être préparé. Réessayez dans quelques instants, ou lisez le devis en ligne.',
};

/** Seconds before asking again: a busy pool frees itself in a few; the other failures are not helped by asking at once. */
const RETRY_AFTER_SECONDS: Record<PdfRefusal, number> = { busy: 5, timeout: 30, 'too-large': 60, failed: 30 };

/** A devis PDF not made, said in French for its reader; `detail` is for the log. */
export class DevisPdfUnavailable extends Error {
  readonly retryAfterSeconds: number;

  constructor(
    readonly reason: PdfRefusal,
    readonly detail: string,
  ) {
    super(MESSAGES[reason]);
    this.retryAfterSeconds = RETRY_AFTER_SECONDS[reason];
  }
}

/** Makes devis PDFs: their bytes, or DevisPdfUnavailable. */
export interface DevisPdfBuilder {
  build(order: DevisPdfOrder): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface DevisPdfPoolOptions {
  /** How many builds run at once, each in its worker thread. */
  workers: number;
  /** How long one build may run, from the moment its worker starts it. */
  timeoutMs: number;
  /** How many builds may wait for a worker; one more is refused at once. */
  queueLimit?: number;
  /** How long a build may wait for a worker before it is refused: twice the deadline, ten seconds at least (a worker takes a moment to start). */
  waitMs?: number;
  /** The worker's module: the built devis-pdf-worker.mjs beside this module. */
  workerUrl?: URL;
}

/** Builds waiting per worker: ten of the largest devis take a couple of seconds on one. */
const QUEUE_PER_WORKER = 16;
/**
 * A worker's heap: a devis of the largest booking with a logo at the Réglages' limit needs a
 * few tens of MB; a build that needs more was not made from what the server accepts, and its
 * worker stops rather than the process.
 */
const WORKER_HEAP_MB = 256;

interface Build {
  job: PdfJob;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: DevisPdfUnavailable) => void;
  /** Refuses the build if no worker started it in time; cleared when one does. */
  waitTimer: NodeJS.Timeout;
  /** The build's own deadline, from the moment its worker starts it. */
  deadline: NodeJS.Timeout | null;
}

interface Slot {
  worker: Worker | null;
  build: Build | null;
}

/**
 * Lays out devis PDFs in worker threads (devis-pdf-worker.ts, built beside this module), so a
 * long devis never holds the requests' thread: /healthz and every other request answer while
 * PDFs are made. Each worker builds one PDF at a time; the others wait here, so many, so long
 * (the pool refuses beyond: busy). A build still running at its deadline has its worker stopped
 * (the next build meets a fresh one) and is refused: never a request left hanging.
 */
export function createDevisPdfPool({
  workers,
  timeoutMs,
  queueLimit = QUEUE_PER_WORKER * workers,
  waitMs = Math.max(10_000, 2 * timeoutMs),
  workerUrl = new URL('./devis-pdf-worker.mjs', import.meta.url),
}: DevisPdfPoolOptions): DevisPdfBuilder {
  const slots: Slot[] = Array.from({ length: workers }, () => ({ worker: null, build: null }));
  const queue: Build[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (build: Build, outcome: Uint8Array | DevisPdfUnavailable) => {
    clearTimeout(build.waitTimer);
    if (build.deadline) clearTimeout(build.deadline);
    const slot = slots.find((candidate) => candidate.build === build);
    if (slot) slot.build = null;
    if (outcome instanceof DevisPdfUnavailable) build.reject(outcome);
    else build.resolve(outcome);
    dispatch();
  };

  /** Stops a slot's worker: the next build there starts a fresh one. */
  const retire = (slot: Slot) => {
    const worker = slot.worker;
    slot.worker = null;
    void worker?.terminate();
  };

  const start = (slot: Slot) => {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on('message', (message: PdfWorkerMessage) => {
      const build = slot.build;
      if (slot.worker !== worker || !build || build.job.id !== message.id) return;
      if ('started' in message) {
        clearTimeout(build.waitTimer);
        build.deadline = setTimeout(() => {
          retire(slot);
          finish(build, new DevisPdfUnavailable('timeout', `plus de ${timeoutMs} ms`));
        }, timeoutMs);
      } else if (message.ok) finish(build, message.bytes);
      else finish(build, new DevisPdfUnavailable(message.tooLarge ? 'too-large' : 'failed', message.error));
    });
    const lost = (error?: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const reason = error instanceof Error ? error.message : 'le processus de mise en page s’est arrêté';
      if (slot.build) finish(slot.build, new DevisPdfUnavailable('failed', reason));
    };
    worker.on('error', lost);
    worker.on('exit', () => lost());
    return worker;
  };

  function dispatch() {
    for (const slot of slots) {
      if (slot.build || queue.length === 0) continue;
      const build = queue.shift()!;
      slot.build = build;
      slot.worker ??= start(slot);
      slot.worker.postMessage(build.job);
    }
  }

  return {
    build(order) {
      if (closed) return Promise.reject(new DevisPdfUnavailable('busy', 'arrêt du serveur'));
      if (queue.length >= queueLimit) return Promise.reject(new DevisPdfUnavailable('busy', `${queue.length} devis en attente`));
      return new Promise<Uint8Array>((resolve, reject) => {
        const build: Build = {
          job: { id: nextId++, order },
          resolve,
          reject,
          deadline: null,
          waitTimer: setTimeout(() => {
            const waiting = queue.indexOf(build);
            if (waiting !== -1) queue.splice(waiting, 1);
            // Sent but never started: the worker is stuck starting, and goes.
            const slot = slots.find((candidate) => candidate.build === build);
            if (slot) retire(slot);
            finish(build, new DevisPdfUnavailable('busy', `aucun processus libre en ${waitMs} ms`));
          }, waitMs),
        };
        queue.push(build);
        dispatch();
      });
    },
    async close() {
      closed = true;
      const stopping = new DevisPdfUnavailable('busy', 'arrêt du serveur');
      for (const build of queue.splice(0)) finish(build, stopping);
      for (const slot of slots) if (slot.build) finish(slot.build, stopping);
      await Promise.all(
        slots.map((slot) => {
          const worker = slot.worker;
          slot.worker = null;
          return worker?.terminate();
        }),
      );
    },
  };
}
