/** Widths are asked at this size: in thousandths of the size, as PDF fonts count them (Noto Sans's own units). */
const UNITS = 1000;

/** How wide a text is in a font at a size, in points, as the PDF library lays it out (PDFKit's widthOfString). */
export type Measure = (text: string, size: number) => number;

/**
 * A font's widths, in thousandths of the size, each asked of the PDF library once: a
 * character's, and what a character adds before another (its width and their kerning).
 * PDFKit lays a text out word by word, kerning the pairs inside a word, so a slice's width is
 * a sum of these, and a whole paragraph is measured in one pass rather than once per line
 * tried.
 */
export class FontMetrics {
  /**
   * The pairs kept: a thread keeps its metrics for every devis it makes, and a text can hold
   * millions of distinct pairs of the font's 3,000 characters; past this many they are
   * forgotten and measured again.
   */
  static readonly MAX_PAIRS = 200_000;

  // By UTF-16 code: a pair's key is both codes in one number, no string made per character.
  private readonly widths = new Map<number, number>();
  private readonly steps = new Map<number, number>();

  constructor(private readonly measure: Measure) {}

  /** The width of one character alone (the last of a line: nothing kerns after it), by its code. */
  width(code: number): number {
    let width = this.widths.get(code);
    if (width === undefined) {
      width = this.measure(String.fromCharCode(code), UNITS);
      this.widths.set(code, width);
    }
    return width;
  }

  /** What the character `code` adds to a line when `next` follows it: its width and the pair's kerning. */
  step(code: number, next: number): number {
    const pair = code * 0x10000 + next;
    let step = this.steps.get(pair);
    if (step === undefined) {
      step = this.measure(String.fromCharCode(code, next), UNITS) - this.width(next);
      if (this.steps.size >= FontMetrics.MAX_PAIRS) this.steps.clear();
      this.steps.set(pair, step);
    }
    return step;
  }
}

/**
 * The lines a text takes at `width` points, cut between words, a word longer than a line cut
 * where it must: each line holds as much as fits. `text` is already written with what the
 * font draws (devis-pdf-fonts.ts: `printable`, one UTF-16 unit per character).
 *
 * The widths are added up once, left to right (`before`), so every slice is measured in
 * constant time and the whole text in linear time: a 2,000-character word once took a second,
 * each cut measuring the whole rest again. The sums are those PDFKit makes when it measures
 * a slice (the font's integer advances and kerning, at the same scale), so the cuts fall where
 * they fall when each line is measured by PDFKit itself. Adding a character never makes a
 * line narrower (no kerning of the font outweighs a character's width), so the longest head
 * that fits is found walking forward.
 */
export function wrapLines(text: string, metrics: FontMetrics, size: number, width: number): string[] {
  const length = text.length;
  // before[i]: the width of text[0, i) followed by text[i], kerning included.
  const before = new Float64Array(length + 1);
  for (let index = 0; index < length; index += 1)
    before[index + 1] = before[index]! + (index + 1 < length ? metrics.step(text.charCodeAt(index), text.charCodeAt(index + 1)) : 0);
  const scale = size / UNITS;
  /** Whether text[start, end) fits on a line. */
  const fits = (start: number, end: number) =>
    end <= start || (before[end - 1]! - before[start]! + metrics.width(text.charCodeAt(end - 1))) * scale <= width;

  const lines: string[] = [];
  // The line being filled is text[start, end): empty when start === end.
  let start = 0;
  let end = 0;
  for (let wordStart = 0; wordStart <= length;) {
    const space = text.indexOf(' ', wordStart);
    const wordEnd = space === -1 ? length : space;
    const empty = start === end;
    if (fits(empty ? wordStart : start, wordEnd)) {
      if (empty) start = wordStart;
      end = wordEnd;
    } else {
      if (!empty) lines.push(text.slice(start, end));
      start = wordStart;
      end = wordEnd;
      while (!fits(start, end)) {
        // The longest head of the word that fits, one character at least.
        let cut = start + 1;
        while (cut + 1 < end && fits(start, cut + 1)) cut += 1;
        lines.push(text.slice(start, cut));
        start = cut;
      }
    }
    wordStart = wordEnd + 1;
  }
  if (start !== end || lines.length === 0) lines.push(text.slice(start, end));
  return lines;
}
