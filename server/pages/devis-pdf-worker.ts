/**
 * A worker thread that makes devis PDFs (devis-pdf.ts): their content, hash and layout, so a
 * long one never holds the requests' thread. It says when a build starts, so its deadline counts the build and not the
 * time its request waited (devis-pdf-pool.ts); the PDF's bytes go back without a copy.
 */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { warmDevisFaces } from './devis-pdf-fonts.ts';
import { DevisPdfTooLarge, renderDevisPdfOrder } from './devis-pdf.ts';
import type { PdfJob, PdfWorkerMessage } from './devis-pdf-pool.ts';

/**
 * This thread yields the processor to the requests' thread: on a machine of one or two cores,
 * a build that wants a whole core must not delay a health check or a booking. Linux names the
 * thread in /proc/thread-self, and lowers one thread's priority by its id; elsewhere the
 * thread keeps the process's priority.
 */
function yieldToRequests() {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not Linux, or not allowed: the same priority as the requests.
  }
}
yieldToRequests();
// Before the first order is read: its deadline counts its build, not the faces' parsing.
warmDevisFaces();

const send = (message: PdfWorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

parentPort!.on('message', async ({ id, order }: PdfJob) => {
  send({ id, started: true });
  try {
    const bytes = await renderDevisPdfOrder(order);
    send({ id, ok: true, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    send({ id, ok: false, tooLarge: error instanceof DevisPdfTooLarge, error: error instanceof Error ? error.message : String(error) });
  }
});
