// DEVIS_PDF_TIMEOUT_MS (issue 52): how long one devis PDF may take to build, read at start like
// every setting; a value the server cannot use stops the start with a French message naming it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentsFromEnv } from '../../config/documents.ts';

describe('the devis PDFs’ settings (issue 52)', () => {
  it('takes a whole number of milliseconds from 1 to 60000, 5000 when unset', () => {
    assert.equal(documentsFromEnv({}).pdfTimeoutMs, 5000);
    assert.equal(documentsFromEnv({ DEVIS_PDF_TIMEOUT_MS: ' ' }).pdfTimeoutMs, 5000);
    assert.equal(documentsFromEnv({ DEVIS_PDF_TIMEOUT_MS: '2500' }).pdfTimeoutMs, 2500);
    assert.equal(documentsFromEnv({ DEVIS_PDF_TIMEOUT_MS: '1' }).pdfTimeoutMs, 1);
    for (const wrong of ['abc', '0', '-5', '1.5', '60001', '5 s'])
      assert.throws(() => documentsFromEnv({ DEVIS_PDF_TIMEOUT_MS: wrong }), {
        message: `DEVIS_PDF_TIMEOUT_MS doit être un nombre entier de millisecondes, de 1 à 60000 (reçu «\u00a0${wrong}\u00a0»)`,
      });
  });

  it('builds on one core but the requests’ own, two at most', () => {
    for (const [cores, workers] of [
      [1, 1],
      [2, 1],
      [3, 2],
      [16, 2],
    ])
      assert.equal(documentsFromEnv({}, cores).pdfWorkers, workers, `${cores} cores`);
  });
});
