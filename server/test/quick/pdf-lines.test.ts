// The devis PDF's lines (issue 52): a visitor's 2,000-character word once held the server for a
// second per stop, each cut measuring the whole rest of the word again. The lines are now
// measured in one pass; they must fall exactly where they fall when every line tried is
// measured by the PDF library (the wrapping as it was, written out below; PDFKit and the devis's
// Noto Sans since issue 54). How fast it is, the bench measures (docs/benchmarks.md), not this test.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import PDFDocument from 'pdfkit';
import { devisFaces } from '../../pages/devis-pdf-fonts.ts';
import { wrapLines, type FontMetrics, type Measure } from '../../pages/pdf-lines.ts';

/** A face of the devis: PDFKit's measure of a line it draws, and the widths the devis learns once per thread. */
interface Face {
  name: string;
  measure: Measure;
  metrics: FontMetrics;
}

/**
 * The wrapping before issue 52: each line tried is measured by the PDF library. A word longer
 * than a line is cut at the longest head that fits, found by halving (a head only widens as it
 * grows) rather than one character at a time: PDFKit lays out every slice it measures, and
 * 2,000 of them per cut would take this test minutes.
 */
function wrappedBefore(text: string, face: Face, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (face.measure(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (face.measure(line, size) > width) {
      // The longest head in [1, length - 1] that fits, or 1.
      let [fits, wide] = [1, line.length];
      while (wide - fits > 1) {
        const middle = Math.floor((fits + wide) / 2);
        if (face.measure(line.slice(0, middle), size) <= width) fits = middle;
        else wide = middle;
      }
      const cut = fits;
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
  'L’appartement «\u00a0T’as vu\u00a0?\u00a0» AVATAR WAVY Tyrol, 1\u202f046,50\u00a0€ TTC — fin…',
  'Client · Łukasz Żółć, ul. Długa 5, 80-827 Gdańsk · Nguyễn Thị Ánh, Hồ Chí Minh · Søren Ørsted, Århus · définitif, affiné, efficace',
];

describe('the devis PDF’s lines (issue 52)', () => {
  let fonts: Face[];
  before(() => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const faces = devisFaces();
    // PDFKit 0.20 takes a face parsed by fontkit; its declarations predate that.
    const register = doc.registerFont.bind(doc) as (name: string, font: unknown) => void;
    register('regular', faces.regular);
    register('bold', faces.bold);
    fonts = (['regular', 'bold'] as const).map((name) => ({
      name,
      measure: (text, size) => doc.font(name).fontSize(size).widthOfString(text),
      metrics: faces.metrics[name],
    }));
  });

  it('cuts ordinary text where it was cut, in both fonts, at every width and size the devis uses', () => {
    for (const font of fonts) {
      const { metrics } = font;
      for (const size of [8, 9, 10, 11, 12, 18])
        for (const width of [...WIDTHS, 120])
          for (const text of ORDINARY)
            assert.deepEqual(
              wrapLines(text, metrics, size, width),
              wrappedBefore(text, font, size, width),
              `${font.name}, ${size} pt, ${width} pt: ${text}`,
            );
    }
  });

  it('cuts a 2,000-character word into the same lines, each as long as fits, with words around it', () => {
    const [regular, bold] = fonts as [Face, Face];
    const word = unbroken(2000);
    const lines = wrapLines(word, regular.metrics, 10, WIDTHS[0]!);
    assert.deepEqual(lines, wrappedBefore(word, regular, 10, WIDTHS[0]!));
    assert.equal(lines.join(''), word, 'nothing lost');
    assert.ok(lines.length > 10, `${lines.length} lines`);
    const address = `1. Livraison · 12 rue du Faubourg Saint-Antoine 75011 Paris ${unbroken(400)} bâtiment B`;
    for (const [font, size, width] of [
      [regular, 10, WIDTHS[0]!],
      [bold, 10, WIDTHS[2]!],
      [regular, 9, WIDTHS[1]!],
    ] as const)
      assert.deepEqual(wrapLines(address, font.metrics, size, width), wrappedBefore(address, font, size, width), `${size} pt`);
  });
});
