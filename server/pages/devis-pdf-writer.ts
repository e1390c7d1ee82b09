import PDFDocument from 'pdfkit';
import type { Font } from 'fontkit';
import { printable, type DevisFaces } from './devis-pdf-fonts.ts';
import { wrapLines } from './pdf-lines.ts';

/** A devis past its limits (DEVIS_PDF_LIMITS): its build stopped, nothing is sent. */
export class DevisPdfTooLarge extends Error {}

/** A colour as PDFKit takes it: red, green and blue from 0 to 255. */
export type Colour = [number, number, number];

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const FOOTER = 30;
const WIDTH = A4[0] - 2 * MARGIN;
export const TEXT: Colour = [31, 41, 56];
export const MUTED: Colour = [74, 84, 99];
const RULE: Colour = [209, 214, 219];

/** A structure element of the tagged PDF, as PDFKit makes them. */
type Element = PDFKit.PDFStructureElement;

/** The standard structure types the devis uses (PDF 1.7, 14.8.4). */
export type Role = 'P' | 'H1' | 'H2' | 'H3';

export interface Style {
  size?: number;
  bold?: boolean;
  color?: Colour;
  indent?: number;
  /** Space after the paragraph. */
  after?: number;
  /** What the paragraph is in the document's structure: a paragraph unless said otherwise. */
  role?: Role;
}

/** A picture opened by PDFKit: its size in pixels, drawn by `image`. */
interface OpenedImage {
  width: number;
  height: number;
}

/** A structure element's attributes: its text for whoever cannot see it, its box on the page (down from the top), a header cell's scope. */
interface ElementOptions {
  alt?: string;
  bbox?: [number, number, number, number];
  scope?: 'Column' | 'Row';
}

/**
 * What PDFKit does that its type declarations (@types/pdfkit, written for an older version)
 * do not say: open an image to know its size before drawing it, take a font parsed once by
 * fontkit, shared by every document of the thread (PDFKit 0.20), and give a structure element
 * its box and a header cell its scope (PDFKit 0.19).
 */
interface PdfKitBeyondTypes {
  openImage(data: Uint8Array): OpenedImage;
  image(image: OpenedImage, x: number, y: number, options: { width: number; height: number }): void;
  registerFont(name: string, font: Font): void;
  struct(type: string, options?: ElementOptions): Element;
}

/**
 * Writes a devis down A4 pages with PDFKit, a new page whenever the next line would not fit,
 * and tags what it writes: the document's structure tree holds its headings (H1, H2), its
 * paragraphs (P), its price table (Table, TR, TH, TD) and its logo (Figure, with a text for
 * whoever cannot see it), in reading order; the rules, the signature box and the page footers
 * are marked as artifacts, which a screen reader skips. A paragraph cut by a page break stays
 * one paragraph. Positions are counted up from the page's foot, as PDF does; PDFKit counts
 * down from its top.
 */
export class DevisPdfWriter {
  private y = 0;
  private pages = 0;
  private readonly root: Element;
  /** The price table being written, until something else is. */
  private table: Element | null = null;

  private readonly beyond: PdfKitBeyondTypes;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly faces: DevisFaces,
    private readonly brand: Colour,
    private readonly maxPages: number,
  ) {
    this.beyond = doc as unknown as PdfKitBeyondTypes;
    this.beyond.registerFont('regular', faces.regular);
    this.beyond.registerFont('bold', faces.bold);
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
    this.newPage();
  }

  private newPage() {
    if (this.pages >= this.maxPages) throw new DevisPdfTooLarge(`plus de ${this.maxPages} pages`);
    // A paragraph being written goes on with its tag on the next page.
    if (this.pages === 0) this.doc.addPage({ size: A4, margin: 0 });
    else this.doc.continueOnNewPage();
    this.pages += 1;
    this.y = A4[1] - MARGIN;
  }

  /** An annex starts on a page of its own, so the devis's last page ends with its signature. */
  startAnnex() {
    this.newPage();
  }

  /** Room for `height` more points on this page, or a new one. */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  private clean(text: string) {
    return printable(text, this.faces.charset);
  }

  /** The lines a text takes at this width, cut between words (a word longer than a line is cut where it must). */
  private wrap(text: string, bold: boolean, size: number, width: number): string[] {
    return wrapLines(this.clean(text), this.faces.metrics[bold ? 'bold' : 'regular'], size, width);
  }

  /** Draws one line whose baseline is at `baseline` (up from the page's foot). */
  private line(text: string, x: number, baseline: number, { size, bold, color }: { size: number; bold: boolean; color: Colour }) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color)
      .text(text, x, A4[1] - baseline, { lineBreak: false, baseline: 'alphabetic' });
  }

  /** `draw`'s marks as the content of a new element of type `role` under `parent`. */
  private tagged(role: string, parent: Element, draw: () => void, options: ElementOptions = {}) {
    const element = this.beyond.struct(role, options);
    parent.add(element);
    const content = this.doc.markStructureContent(role);
    draw();
    this.doc.endMarkedContent();
    // Added once drawn: the marks it made on a later page belong to it too.
    element.add(content);
    element.end();
  }

  /** `draw`'s marks as an artifact: layout a reader skips. */
  private artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** The table ends where anything else starts. */
  private closeTable() {
    this.table?.end();
    this.table = null;
  }

  paragraph(text: string, { size = 10, bold = false, color = TEXT, indent = 0, after = 4, role = 'P' }: Style = {}) {
    this.closeTable();
    const leading = size * 1.35;
    const lines = text.trim() === '' ? [] : this.wrap(text, bold, size, WIDTH - indent);
    // An empty paragraph is a blank line: space, nothing to tag.
    if (lines.length === 0) {
      this.ensure(leading);
      this.y -= leading + after;
      return;
    }
    this.ensure(leading);
    this.tagged(role, this.root, () => {
      for (const line of lines) {
        this.ensure(leading);
        this.y -= leading;
        this.line(line, MARGIN + indent, this.y + size * 0.25, { size, bold, color });
      }
    });
    this.y -= after;
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 10;
    this.paragraph(text, { size: 12, bold: true, color: this.brand, after: 2, role: 'H2' });
    this.rule();
  }

  rule(color: Colour = this.brand === TEXT ? RULE : this.brand) {
    this.horizontal(this.y, 0.6, color);
    this.y -= 6;
  }

  private horizontal(y: number, thickness: number, color: Colour) {
    this.artifact(() =>
      this.doc
        .moveTo(MARGIN, A4[1] - y)
        .lineTo(MARGIN + WIDTH, A4[1] - y)
        .lineWidth(thickness)
        .strokeColor(color)
        .stroke(),
    );
  }

  /** A row of the price table: the label wrapped on the left, HT and TTC aligned right; the header row's cells head their columns. */
  priceRow(label: string, ht: string, ttc: string, { bold = false, header = false }: { bold?: boolean; header?: boolean } = {}) {
    const size = 10;
    const strong = bold || header;
    const amountWidth = 90;
    const lines = this.wrap(label, strong, size, WIDTH - 2 * amountWidth - 10);
    const leading = size * 1.35;
    this.ensure(lines.length * leading + 4);
    if (!this.table) {
      this.table = this.doc.struct('Table');
      this.root.add(this.table);
    }
    const row = this.doc.struct('TR');
    this.table.add(row);
    const cell = header ? 'TH' : 'TD';
    const scope = header ? { scope: 'Column' as const } : {};
    const top = this.y;
    const style = { size, bold: strong, color: TEXT };
    this.tagged(
      cell,
      row,
      () => lines.forEach((line, index) => this.line(line, MARGIN, top - leading * (index + 1) + size * 0.25, style)),
      scope,
    );
    for (const [text, right] of [
      [ht, MARGIN + WIDTH - amountWidth],
      [ttc, MARGIN + WIDTH],
    ] as const) {
      const clean = this.clean(text);
      const width = clean === '' ? 0 : this.widthAsDrawn(clean, strong, size);
      this.tagged(
        cell,
        row,
        () => {
          if (clean !== '') this.line(clean, right - width, top - leading + size * 0.25, style);
        },
        scope,
      );
    }
    row.end();
    this.y = top - leading * lines.length - 3;
    this.horizontal(this.y, 0.4, RULE);
    this.y -= 2;
  }

  /** A short text's width as PDFKit draws it. */
  private widthAsDrawn(text: string, bold: boolean, size: number): number {
    return this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .widthOfString(text);
  }

  /** Opens a picture (PNG or JPEG); null when its bytes are not one PDFKit reads. */
  openImage(data: Uint8Array): OpenedImage | null {
    try {
      return this.beyond.openImage(data);
    } catch {
      return null;
    }
  }

  /** A picture at the left margin, within `box`, keeping its proportions, tagged as a figure described by `alt`. */
  image(image: OpenedImage, box: { width: number; height: number }, alt: string) {
    this.closeTable();
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 6);
    this.y -= height;
    const top = A4[1] - this.y - height;
    this.tagged('Figure', this.root, () => this.beyond.image(image, MARGIN, top, { width, height }), {
      alt,
      bbox: [MARGIN, top, MARGIN + width, top + height],
    });
    this.y -= 8;
  }

  /** A box to sign by hand, with its caption. */
  signatureBox(caption: string) {
    this.ensure(100);
    this.paragraph(caption, { size: 10, after: 4 });
    const boxTop = A4[1] - this.y;
    this.artifact(() => this.doc.rect(MARGIN, boxTop, 260, 70).lineWidth(0.8).strokeColor(MUTED).stroke());
    this.y -= 78;
  }

  /** 'Devis n° … · page 1 sur 3' at the foot of every page, once they are all written, as the pages' artifacts. */
  footers(label: string) {
    this.closeTable();
    const { start, count } = this.doc.bufferedPageRange();
    for (let index = 0; index < count; index += 1) {
      this.doc.switchToPage(start + index);
      const text = this.clean(`${label} · page ${index + 1} sur ${count}`);
      this.artifact(() => this.line(text, MARGIN, MARGIN / 2, { size: 8, bold: false, color: MUTED }), 'Pagination');
    }
  }

  /** Closes the structure tree: call once everything is written. */
  finish() {
    this.closeTable();
    this.root.end();
  }
}

/** The bytes a PDFKit document writes, collected as they come, once it ends. */
export function collectBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      // One buffer of its own, so the worker can hand it over without a copy.
      const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      resolve(bytes);
    });
  });
}

export { PDFDocument };
