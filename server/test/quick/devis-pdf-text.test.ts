// The devis's PDF writes in Noto Sans, embedded (issue 54): French keeps its accents, its
// typographic apostrophes and guillemets and the narrow no-break spaces of fr-FR figures; a
// customer's name in Polish, Vietnamese or Danish is written as typed (composed, so a name typed
// with combining accents draws the font's own letters); the few symbols the font lacks are
// written with what it has, anything else as '?', never a glyph the font does not have (PDF/A
// forbids it). What the font draws is read here from the font file itself, with fontkit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as fontkit from 'fontkit';
import { devisFaces, DEVIS_FONT_FILES, printable } from '../../pages/devis-pdf-fonts.ts';

/** The faces as the font package ships them, opened here. */
const fontPackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts');
const shipped = Object.values(DEVIS_FONT_FILES).map((file) => fontkit.create(readFileSync(path.join(fontPackage, file))) as fontkit.Font);
const drawn = (char: string) => shipped.every((font) => font.hasGlyphForCodePoint(char.codePointAt(0)!));

describe('the devis PDF’s text in Noto Sans (issue 54)', () => {
  const { charset } = devisFaces();

  it('keeps French as it is written, the narrow no-break spaces of its figures included', () => {
    const french = 'Déménagement à l’étage\u00a0: «\u00a0Bon pour accord\u00a0», n° 12, 2 m³, œuvre, Noël, ça — fin…';
    assert.equal(printable(french, charset), french);
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(20000);
    assert.ok(euros.includes('\u202f'), 'fr-FR groups thousands with a narrow no-break space');
    assert.equal(printable(euros, charset), euros);
  });

  it('writes names in Polish, Vietnamese and Danish as typed, composed when typed with combining accents', () => {
    for (const name of ['Łukasz Żółć, Gdańsk', 'Nguyễn Thị Ánh, Hồ Chí Minh', 'Søren Ørsted, Århus', 'Đorđe Ćosić', 'Ősz Ödön'])
      assert.equal(printable(name, charset), name);
    assert.equal(printable('Nguyễn Thị'.normalize('NFD'), charset), 'Nguyễn Thị');
  });

  it('writes what the font lacks with what it has, or as ?, and a text on one line', () => {
    assert.equal(printable('Paris → Lyon, ≤ 3 étages ✓', charset), 'Paris -> Lyon, <= 3 étages v');
    assert.equal(printable('Déménageur 🚚 東京', charset), 'Déménageur ? ??');
    assert.equal(printable('ligne 1\nligne 2\r\nligne 3\tfin', charset), 'ligne 1 ligne 2 ligne 3 fin');
    for (const char of printable('Ǆ ∑ 東京 \u202f → ł ő 🚚 ﬁ', charset)) assert.ok(drawn(char), `U+${char.codePointAt(0)!.toString(16)}`);
  });
});
