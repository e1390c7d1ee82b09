// The devis's PDF writes with pdf-lib's standard fonts, whose encoding is WinAnsi (Windows-1252):
// French text keeps its accents, the euro sign, its typographic apostrophes and guillemets, and
// the narrow no-break spaces of fr-FR figures become no-break spaces; anything else the
// encoding lacks is written without its accent, or as '?', never an error that loses the PDF.
// The encoding's characters are written here from its published table, not taken from the code tested.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { winAnsi } from '../../pages/devis-pdf.ts';

/** Windows-1252: ASCII and Latin-1 (0x20–0x7E, 0xA0–0xFF), and the 27 characters it puts at 0x80–0x9F. */
const WINDOWS_1252 = new Set(
  [
    ...Array.from({ length: 95 }, (_, index) => String.fromCharCode(0x20 + index)),
    ...Array.from({ length: 96 }, (_, index) => String.fromCharCode(0xa0 + index)),
    ...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ',
  ].map((char) => char.codePointAt(0)!),
);

describe('the devis PDF’s text in WinAnsi', () => {
  it('keeps French as it is written, and maps what the encoding lacks to what it has', () => {
    const french = 'Déménagement à l’étage : « Bon pour accord », 1 046,50 € TTC, n° 12, 2 m³, œuvre, Noël, ça — fin…';
    assert.equal(winAnsi(french, WINDOWS_1252), french);
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(20000);
    assert.ok(euros.includes('\u202f'), 'fr-FR groups thousands with a narrow no-break space');
    assert.equal(winAnsi(euros, WINDOWS_1252), euros.replace(/\u202f/g, '\u00a0'));
    assert.equal(winAnsi('Paris → Lyon', WINDOWS_1252), 'Paris -> Lyon');
    assert.equal(winAnsi('Łódź', WINDOWS_1252), 'Lódz');
    assert.equal(winAnsi('Ǆ', WINDOWS_1252), 'DŽ');
    assert.equal(winAnsi('Déménageur 🚚', WINDOWS_1252), 'Déménageur ?');
    assert.equal(winAnsi('ligne 1\nligne 2', WINDOWS_1252), 'ligne 1 ligne 2');
    for (const char of winAnsi('Ǆ ∑ 東京 \u202f → ł ő', WINDOWS_1252)) assert.ok(WINDOWS_1252.has(char.codePointAt(0)!), char);
  });
});
