import { availableParallelism } from 'node:os';
import * as v from 'valibot';

/** How the server makes its documents: the devis PDFs, built off the requests' thread (pages/devis-pdf-pool.ts). */
export interface DocumentSettings {
  /**
   * How long one devis PDF may take to build (DEVIS_PDF_TIMEOUT_MS, 5000 ms): past it its worker
   * is stopped and replaced, and the request answers 503. The largest booking the API accepts
   * takes about a tenth of a second (docs/benchmarks.md).
   */
  pdfTimeoutMs: number;
  /** How many builds run at once: one worker per core but one, left to the requests, and at most two. */
  pdfWorkers: number;
}

const TIMEOUT_MESSAGE = 'DEVIS_PDF_TIMEOUT_MS doit être un nombre entier de millisecondes, de 1 à 60000';

const DocumentEnv = v.object({
  DEVIS_PDF_TIMEOUT_MS: v.pipe(
    v.string(),
    v.trim(),
    v.transform((raw) => (raw === '' ? 5000 : Number(raw))),
    v.number(TIMEOUT_MESSAGE),
    v.integer(TIMEOUT_MESSAGE),
    v.minValue(1, TIMEOUT_MESSAGE),
    v.maxValue(60_000, TIMEOUT_MESSAGE),
  ),
});

export function documentsFromEnv(env: NodeJS.ProcessEnv, cores = availableParallelism()): DocumentSettings {
  const parsed = v.safeParse(DocumentEnv, { DEVIS_PDF_TIMEOUT_MS: env.DEVIS_PDF_TIMEOUT_MS ?? '' });
  if (!parsed.success) throw new Error(`${parsed.issues[0].message} (reçu «\u00a0${env.DEVIS_PDF_TIMEOUT_MS}\u00a0»)`);
  return { pdfTimeoutMs: parsed.output.DEVIS_PDF_TIMEOUT_MS, pdfWorkers: Math.min(2, Math.max(1, cores - 1)) };
}
