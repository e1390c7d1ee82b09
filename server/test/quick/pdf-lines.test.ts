// The devis PDF's lines (issue 52): a visitor's 2,000-character word once held the server for a
// second per stop, each cut measuring the whole rest of the word again. The lines are now
// measured in one pass; they must fall exactly where they fell, which the wrapping as it was
// (written out below, measuring every line it tries with pdf-lib) says. How fast it is, the
// bench measures (docs/benchmarks.md), not this test.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { FontMetrics, wrapLines } from '../../pages/pdf-lines.ts';

/** The wrapping before issue 52, as it was: each line tried is measured by pdf-lib. */
function wrappedBefore(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** The devis's page (A4, 50-point margins): its paragraphs, a stop's indented details, a price row's label. */
const WIDTHS = [495.28, 481.28, 305.28];

/** Letters with no space, as a visitor may paste them: 'Bellecourbellecour…' to `length` characters. */
const unbroken = (length: number) => 'Bellecour'.repeat(Math.ceil(length / 9)).slice(0, length);

const ORDINARY = [
  '',
  ' ',
  'Livraison · 3 Place Bellecour 69002 Lyon',
  'Voyage spécial\u00a0: le véhicule est affecté à ce seul déménagement. Manutention\u00a0: 2 manutentionnaires, 2 h. Emballage et démontage du mobilier\u00a0: par le client, sauf mention contraire ci-dessous.',
  'À la livraison, vous pouvez inscrire vos réserves sur la lettre de voiture. Vous disposez ensuite de dix jours calendaires à compter de la réception de vos biens pour adresser au déménageur, par lettre recommandée, une protestation motivée sur leur état ou leur caractère incomplet, même sans réserve à la livraison (code de la consommation, article L224-63).',
  '  deux  espaces   et plus,   en tête et en fin  ',
  'L’appartement «\u00a0T’as vu\u00a0?\u00a0» AVATAR WAVY Tyrol, 1 046,50\u00a0€ TTC — fin…',
];

describe('the devis PDF’s lines (issue 52)', () => {
  let fonts: PDFFont[];
  before(async () => {
    const doc = await PDFDocument.create();
    fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
  });

  it('cuts ordinary text where it was cut, in both fonts, at every width and size the devis uses', () => {
    for (const font of fonts) {
      const metrics = new FontMetrics(font);
      for (const size of [8, 9, 10, 11, 12, 18])
        for (const width of [...WIDTHS, 120])
          for (const text of ORDINARY)
            assert.deepEqual(
              wrapLines(text, metrics, size, width),
              wrappedBefore(text, font, size, width),
              `${size} pt, ${width} pt: ${text}`,
            );
    }
  });

  it('cuts a 2,000-character word into the same lines, each as long as fits, with words around it', () => {
    const [regular, bold] = fonts as [PDFFont, PDFFont];
    const word = unbroken(2000);
    const lines = wrapLines(word, new FontMetrics(regular), 10, WIDTHS[0]!);
    assert.deepEqual(lines, wrappedBefore(word, regular, 10, WIDTHS[0]!));
    assert.equal(lines.join(''), word, 'nothing lost');
    assert.ok(lines.length > 10, `${lines.length} lines`);
    const address = `1. Livraison · 12 rue du Faubourg Saint-Antoine 75011 Paris ${unbroken(400)} bâtiment B`;
    for (const [font, size, width] of [
      [regular, 10, WIDTHS[0]!],
      [bold, 10, WIDTHS[2]!],
      [regular, 9, WIDTHS[1]!],
    ] as const)
      assert.deepEqual(wrapLines(address, new FontMetrics(font), size, width), wrappedBefore(address, font, size, width), `${size} pt`);
  });
});
