// The devis PDF as a worker thread makes them (issue 54): one devis after another, sharing the
// thread's faces, each reads back as written, whatever the devis before it wrote; a carrier's
// name with & or < leaves XMP metadata that says what the Info dictionary says (PDF/A asks
// both to agree); qpdf finds nothing in any of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DevisContent } from '../../pages/devis-content.ts';
import { renderDevisPdf } from '../../pages/devis-pdf.ts';
import { pdfAccessibility, qpdfProblems } from '../api/pdf-archive.ts';
import { pdfPages, pdfTitle } from '../api/pdf-text.ts';

/** A devis whose price is still to set: the carrier's name and the customer's are the only names in bold. */
function devis(carrier: string, customer: string): DevisContent {
  return {
    quoteId: 'q-54',
    travelId: 54,
    issuedAt: 'lundi 7 décembre 2026 à 14 h 30',
    carrier: { name: carrier, lines: ['12 rue des Docks, 93200 Saint-Denis'], termsUrl: null },
    customer: { name: customer, lines: ['06 12 34 56 78'] },
    date: 'À convenir avec le transporteur',
    stops: [{ label: 'Chargement', address: '10 Rue de Rivoli 75004 Paris', details: 'Accès\u00a0: rez-de-chaussée' }],
    route: 'Distance aller\u00a0: 12\u00a0km',
    items: ['1 × Canapé 3 places'],
    volume: 'Volume du mobilier\u00a0: 2\u00a0m³',
    service: 'Voyage spécial\u00a0: le véhicule est affecté à ce seul déménagement.',
    price: { kind: 'pending', said: 'Prix à fixer', text: 'Le transporteur vous indique son prix.' },
    payment: 'Aucun paiement n’est demandé à la réservation.',
    liability: ['Réserves à la livraison (article L224-63).'],
  };
}

const text = async (bytes: Uint8Array) => (await pdfPages(bytes)).join(' ');

describe('the devis PDFs one thread makes (issue 54)', () => {
  // First in this file: the faces are fresh, as in a worker that has just started.
  it('issue 54: reads each back as written, whatever the one before it wrote (a bold Á before a bold A)', async () => {
    for (const name of ['Nguyễn Thị Ánh', 'Łukasz Żółć', 'Søren Ørsted']) {
      const bytes = await renderDevisPdf({ content: devis('Transports Martin', name), acceptance: null });
      assert.equal(qpdfProblems(bytes), null);
      assert.ok((await text(bytes)).includes(`Client ${name}`), name);
    }
    const accepted = await renderDevisPdf({
      content: devis('Transports Martin', 'Marie Curie'),
      acceptance: { acceptedAt: '2026-12-07T13:30:00.000Z', signerName: 'Marie Curie', devisHash: 'a'.repeat(64) },
    });
    assert.equal(qpdfProblems(accepted), null);
    assert.match(await text(accepted), /Accepté le lundi 7 décembre 2026 à 14 h 30 par Marie Curie\./);
  });

  it('issue 54: a carrier named with & and < has XMP metadata that parses and says what the Info dictionary says', async () => {
    const carrier = 'Dupont & Fils <Sud>';
    const bytes = await renderDevisPdf({ content: devis(carrier, 'Marie Curie'), acceptance: null });
    assert.equal(qpdfProblems(bytes), null);
    const { xmp } = await pdfAccessibility(bytes);
    assert.equal(xmp['pdfaid:part'], '2', 'a PDF/A-2…');
    assert.equal(xmp['pdfaid:conformance'], 'B', '…level B');
    assert.deepEqual(xmp['dc:creator'], [carrier]);
    assert.equal(xmp['dc:title'], await pdfTitle(bytes));
    assert.equal(xmp['dc:title'], 'Devis de déménagement n° q-54');
    assert.ok((await text(bytes)).includes(`Transporteur ${carrier}`));
  });
});
