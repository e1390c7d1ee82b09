import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { FontMetrics } from './pdf-lines.ts';

/**
 * The devis PDF's faces: Noto Sans regular and bold (SIL Open Font License 1.1), which write
 * Latin, Latin Extended (Łukasz, Ørsted, Đorđe), Vietnamese (Nguyễn), Greek and Cyrillic,
 * and every space French typography uses. The PDF embeds the glyphs it uses only (PDFKit
 * subsets each face), a few kB.
 *
 * The built server reads them from server/dist/fonts/, where server/build/build-server.mjs
 * copies them with their licence from the development package @embedpdf/fonts-latin: the
 * server's package ships the two files, not the eighteen faces of that package. Run from
 * source (the quick tests), they are read from that package.
 */
export const DEVIS_FONT_FILES = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;

function fontsDir(): string {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./fonts/', import.meta.url));
  // The package exports its list of faces; its files are in fonts/ beside dist/.
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts');
}

export interface DevisFaces {
  regular: fontkit.Font;
  bold: fontkit.Font;
  /**
   * The characters both faces draw, each one UTF-16 unit (the Basic Multilingual Plane): the
   * lines are measured by UTF-16 unit (pdf-lines.ts), and PDF/A forbids drawing a glyph the
   * font lacks.
   */
  charset: ReadonlySet<number>;
  /** Each face's widths, as PDFKit measures them, learnt once per thread (pdf-lines.ts). */
  metrics: { regular: FontMetrics; bold: FontMetrics };
}

let faces: DevisFaces | undefined;

/**
 * Noto Sans's 'ccmp' feature splits a few Vietnamese letters (ị, ọ, ụ, ẹ…) into a base letter
 * and a combining dot, although the font draws each of them whole. Split, the letter's
 * Unicode goes to the base glyph ('i' read back as 'ị' ever after: fontkit keeps a glyph's
 * first code points) and the dot carries none: 'Thị' would be read back as 'Thi'. Laid out
 * without it, every letter of a composed (NFC) text is one glyph of its own, read back as
 * typed. PDFKit lays out with the font's defaults (no features given), which this face
 * replaces.
 */
const WITHOUT_SPLIT_LETTERS: Record<string, boolean> = { ccmp: false };

function openFace(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(path.join(fontsDir(), file)));
  if (!('layout' in font)) throw new Error(`${file} : une collection de polices, pas une police`);
  const layout = font.layout.bind(font);
  font.layout = (text, features, ...rest) => layout(text, features ?? WITHOUT_SPLIT_LETTERS, ...rest);
  knowEveryGlyphsCharacter(font);
  return font;
}

/**
 * fontkit keeps each glyph it made, with the characters it was made for, and PDFKit reads
 * them back for the PDF's text (its ToUnicode map). A face shared by every devis of the thread
 * would keep a glyph made without them: the subsetter of one devis makes the 'A' inside 'Á'
 * as a bare component, and every later devis's 'A' would read back as nothing ('ccepté').
 * Each glyph the character map reaches is made first, here, for its first character.
 */
function knowEveryGlyphsCharacter(font: fontkit.Font) {
  for (const code of [...font.characterSet].sort((a, b) => a - b)) font.glyphForCodePoint(code);
}

/**
 * A text's width in points at `size`, as PDFKit lays it out (EmbeddedFont.layout): in runs
 * that end after each space or tab, kerned inside a run, in thousandths of the size. Measured
 * here with the face itself, so what is learnt serves every devis of the thread; the lines'
 * test checks it against PDFKit's own measure.
 */
function measureWith(font: fontkit.Font) {
  const run = (text: string) => font.layout(text).advanceWidth;
  return (text: string, size: number) => {
    let units = 0;
    let start = 0;
    for (let index = 0; index < text.length; index += 1)
      if (text[index] === ' ' || text[index] === '\t') {
        units += run(text.slice(start, index + 1));
        start = index + 1;
      }
    if (start < text.length) units += run(text.slice(start));
    return ((units * 1000) / font.unitsPerEm) * (size / 1000);
  };
}

/** The faces, read and parsed once per thread: each devis shares them (PDFKit subsets per document). */
export function devisFaces(): DevisFaces {
  if (!faces) {
    const regular = openFace(DEVIS_FONT_FILES.regular);
    const bold = openFace(DEVIS_FONT_FILES.bold);
    const inBold = new Set(bold.characterSet);
    const charset = new Set(regular.characterSet.filter((code) => code <= 0xffff && inBold.has(code)));
    const metrics = { regular: new FontMetrics(measureWith(regular)), bold: new FontMetrics(measureWith(bold)) };
    faces = { regular, bold, charset, metrics };
  }
  return faces;
}

/**
 * Reads the faces and lays a line out in each: fontkit parses a face's layout tables on its
 * first line, a few hundred milliseconds a worker thread spends when it starts rather than in
 * its first devis's deadline.
 */
export function warmDevisFaces() {
  const { regular, bold } = devisFaces();
  for (const face of [regular, bold]) face.layout('Devis n° 1 · Łukasz Żółć, Nguyễn Thị Ánh, Søren Ørsted : 1 046,50 €');
}

/**
 * Symbols a visitor may type that Noto Sans does not draw, written with what it has. Every
 * letter of a Latin, Vietnamese, Greek or Cyrillic name is drawn as typed.
 */
const SYMBOLS: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2248': '~',
  '\u2713': 'v',
};

/**
 * A text the faces draw, on one line: composed (NFC, so 'Nguyễn' typed with combining accents
 * draws the font's own letters), each character the faces have kept, a few symbols they lack
 * written as above, any other in its compatibility form ('ﬁ' as 'fi') or without its accent,
 * and what is left a '?': never a missing glyph, which a PDF/A reader may refuse.
 */
export function printable(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r?\n|\t/g, ' ')) {
    const code = char.codePointAt(0)!;
    if (charset.has(code)) out += char;
    else if (SYMBOLS[char] !== undefined) out += SYMBOLS[char];
    else {
      const drawn = (form: string) => form !== '' && [...form].every((part) => charset.has(part.codePointAt(0)!));
      const forms = [char.normalize('NFKC'), char.normalize('NFKD').replace(/\p{M}/gu, '')];
      out += forms.find(drawn) ?? '?';
    }
  }
  return out;
}
