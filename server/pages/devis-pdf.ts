import type { TravelPayload } from 'transport-quote-wizard/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { acceptedSentence, type ShownAcceptance } from './devis-acceptance-form.ts';
import { devisContent, devisHash, type DevisContent, type DevisSource } from './devis-content.ts';
import { FontMetrics, wrapLines } from './pdf-lines.ts';

/**
 * The devis as a PDF (A4), made by the server with pdf-lib: the same content as the page
 * (devis-content.ts: every mention of the arrêté of 27 April 2010 the page carries), paginated,
 * and, once the customer accepted it, the acceptance; until then, a box to sign by hand for
 * whoever prints it. Standard fonts only (Helvetica): no font file to ship, and WinAnsi covers
 * French; what it lacks is written with what it has (winAnsi).
 */
export interface DevisPdfInput {
  content: DevisContent;
  /** The acceptance that matches this devis, or null. */
  acceptance: ShownAcceptance | null;
  /** The carrier's brand colour (#rrggbb), for the titles and rules; null: dark grey. */
  brandColor?: string | null;
  /** Its logo (Réglages, Entreprise), PNG or JPEG as stored; null: none. */
  logo?: { contentType: string; data: Uint8Array } | null;
}

/**
 * What a devis PDF is made from, as a worker receives it (devis-pdf-pool.ts): what the
 * requests' thread read from the database, the booking's body as stored (JSON text); parsing
 * it, the devis's content, its hash and the whole layout are the worker's.
 */
export interface DevisPdfOrder {
  /** The booking's devis source but its body. */
  frame: Omit<DevisSource, 'payload'>;
  /** The booking's body as stored: JSON without its store_serialized. */
  payloadJson: string;
  /** The booking's latest acceptance: printed when it is the acceptance of this very devis. */
  latest: ShownAcceptance | null;
  brandColor: string | null;
  logo: DevisPdfInput['logo'];
}

/**
 * The most a devis may take: the largest booking the API accepts (50 stops, 200 items, every
 * text at its limit, server/test/api/largest-booking.ts) takes 34 pages and 53 kB, and a logo
 * at the Réglages' limit a few hundred kB more. Past them the build stops (DevisPdfTooLarge):
 * a document that grows past these was not made from a booking the server accepts.
 */
export const DEVIS_PDF_LIMITS = { pages: 200, bytes: 16 * 1024 * 1024 };

/** A devis past DEVIS_PDF_LIMITS: its build stopped, nothing is sent. */
export class DevisPdfTooLarge extends Error {}

/** The logo's largest size on the page, in points. */
const LOGO_BOX = { width: 160, height: 50 };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const FOOTER = 30;
const WIDTH = A4[0] - 2 * MARGIN;
const TEXT = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.29, 0.33, 0.39);
const RULE = rgb(0.82, 0.84, 0.86);

/** What WinAnsi lacks, written with what it has: a narrow no-break space is a no-break space. */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2007': '\u00a0',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2212': '-',
  '\u2011': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2248': '~',
  '\u2713': 'v',
  // Letters whose stroke no decomposition removes (Polish, Croatian names, Turkish dotless i).
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};

/**
 * A text the standard fonts can write: each character WinAnsi has kept, the few common ones it
 * lacks replaced, any other in its compatibility form or without its accent, and what is left a '?'.
 */
export function winAnsi(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.replace(/\r?\n/g, ' ')) {
    const code = char.codePointAt(0)!;
    if (charset.has(code)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      // Its compatibility form ('ﬁ' as 'fi', 'Ǆ' as 'DŽ'), else the same without accents, else '?'.
      const written = (form: string) => form !== '' && [...form].every((part) => charset.has(part.codePointAt(0)!));
      const forms = [char.normalize('NFKC'), char.normalize('NFKD').replace(/\p{M}/gu, '')];
      out += forms.find(written) ?? '?';
    }
  }
  return out;
}

function colourOf(hex: string | null | undefined): RGB {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return TEXT;
  const value = (start: number) => parseInt(hex.slice(start, start + 2), 16) / 255;
  return rgb(value(1), value(3), value(5));
}

interface Style {
  size?: number;
  bold?: boolean;
  color?: RGB;
  indent?: number;
  /** Space after the paragraph. */
  after?: number;
}

/** Writes lines down the pages, a new page whenever the next line would not fit. */
class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  private readonly charset: Set<number>;
  private readonly metrics = new Map<PDFFont, FontMetrics>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly brand: RGB,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.newPage();
  }

  private newPage() {
    if (this.pages.length >= DEVIS_PDF_LIMITS.pages) throw new DevisPdfTooLarge(`plus de ${DEVIS_PDF_LIMITS.pages} pages`);
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }

  /** Room for `height` more points on this page, or a new one. */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  clean(text: string) {
    return winAnsi(text, this.charset);
  }

  /** The lines a text takes at this width, cut between words (a word longer than a line is cut where it must). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    let metrics = this.metrics.get(font);
    if (!metrics) this.metrics.set(font, (metrics = new FontMetrics(font)));
    return wrapLines(this.clean(text), metrics, size, width);
  }

  paragraph(text: string, { size = 10, bold = false, color = TEXT, indent = 0, after = 4 }: Style = {}) {
    const font = bold ? this.bold : this.regular;
    const leading = size * 1.35;
    for (const line of this.wrap(text, font, size, WIDTH - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + size * 0.25, size, font, color });
    }
    this.y -= after;
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 10;
    this.paragraph(text, { size: 12, bold: true, color: this.brand, after: 2 });
    this.rule();
  }

  rule(color: RGB = this.brand === TEXT ? RULE : this.brand) {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.6, color });
    this.y -= 6;
  }

  /** A row of the price table: the label wrapped on the left, HT and TTC aligned right. */
  priceRow(label: string, ht: string, ttc: string, { bold = false, header = false }: { bold?: boolean; header?: boolean } = {}) {
    const size = 10;
    const font = bold || header ? this.bold : this.regular;
    const amountWidth = 90;
    const lines = this.wrap(label, font, size, WIDTH - 2 * amountWidth - 10);
    const leading = size * 1.35;
    this.ensure(lines.length * leading + 4);
    const top = this.y;
    lines.forEach((line, index) =>
      this.page.drawText(line, { x: MARGIN, y: top - leading * (index + 1) + size * 0.25, size, font, color: TEXT }),
    );
    for (const [text, right] of [
      [ht, MARGIN + WIDTH - amountWidth],
      [ttc, MARGIN + WIDTH],
    ] as const) {
      const clean = this.clean(text);
      this.page.drawText(clean, {
        x: right - font.widthOfTextAtSize(clean, size),
        y: top - leading + size * 0.25,
        size,
        font,
        color: TEXT,
      });
    }
    this.y = top - leading * lines.length - 3;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.4, color: RULE });
    this.y -= 2;
  }

  /** An image at the left margin, within `box`, keeping its proportions. */
  image(image: PDFImage, box: { width: number; height: number }) {
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 6);
    this.y -= height;
    this.page.drawImage(image, { x: MARGIN, y: this.y, width, height });
    this.y -= 8;
  }

  /** A box to sign by hand, with its caption. */
  signatureBox(caption: string) {
    this.ensure(100);
    this.paragraph(caption, { size: 10, after: 4 });
    this.page.drawRectangle({ x: MARGIN, y: this.y - 70, width: 260, height: 70, borderColor: MUTED, borderWidth: 0.8 });
    this.y -= 78;
  }

  /** 'Devis n° … · page 1 sur 3' at the foot of every page, once they are all written. */
  footers(label: string) {
    this.pages.forEach((page, index) => {
      const text = this.clean(`${label} · page ${index + 1} sur ${this.pages.length}`);
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 8, font: this.regular, color: MUTED });
    });
  }
}

/** The logo as pdf-lib embeds it; null when its bytes are not an image it reads (the devis goes without). */
async function embedLogo(doc: PDFDocument, logo: DevisPdfInput['logo']): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    return logo.contentType === 'image/png' ? await doc.embedPng(logo.data) : await doc.embedJpg(logo.data);
  } catch {
    return null;
  }
}

/** The PDF of a booking's devis as it stands, with its acceptance when the latest is of this devis (one of an earlier version is not printed on it). */
export function renderDevisPdfOrder({ frame, payloadJson, latest, brandColor, logo }: DevisPdfOrder): Promise<Uint8Array> {
  const payload: TravelPayload = { ...(JSON.parse(payloadJson) as Omit<TravelPayload, 'store_serialized'>), store_serialized: '' };
  const content = devisContent({ ...frame, payload });
  const acceptance = latest && latest.devisHash === devisHash(content) ? latest : null;
  return renderDevisPdf({ content, acceptance, brandColor, logo });
}

/** The PDF of a devis, as bytes; DevisPdfTooLarge past DEVIS_PDF_LIMITS. */
export async function renderDevisPdf({ content, acceptance, brandColor = null, logo = null }: DevisPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Devis de déménagement n° ${content.quoteId}`);
  doc.setLanguage('fr-FR');
  doc.setAuthor(content.carrier.name);
  doc.setSubject(`Réservation n° ${content.travelId}`);
  doc.setCreator('transport-quote-server');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const out = new PdfWriter(doc, regular, bold, colourOf(brandColor));
  const image = await embedLogo(doc, logo);
  if (image) out.image(image, LOGO_BOX);

  out.paragraph('Transporteur', { size: 9, bold: true, color: MUTED, after: 0 });
  out.paragraph(content.carrier.name, { size: 11, bold: true, after: 0 });
  for (const line of content.carrier.lines) out.paragraph(line, { size: 9, after: 0 });
  out.paragraph('', { after: 4 });
  out.paragraph('Client', { size: 9, bold: true, color: MUTED, after: 0 });
  out.paragraph(content.customer.name, { size: 11, bold: true, after: 0 });
  for (const line of content.customer.lines) out.paragraph(line, { size: 9, after: 0 });

  out.paragraph('', { after: 6 });
  out.paragraph('Devis de déménagement', { size: 18, bold: true, color: colourOf(brandColor), after: 2 });
  out.paragraph(`Devis n° ${content.quoteId} · réservation n° ${content.travelId} · établi le ${content.issuedAt}`, {
    size: 9,
    color: MUTED,
  });

  out.heading('Date');
  out.paragraph(content.date);

  out.heading('Trajet');
  content.stops.forEach((stop, index) => {
    out.paragraph(`${index + 1}. ${stop.label} · ${stop.address}`, { bold: false, after: 0 });
    out.paragraph(stop.details, { size: 9, color: MUTED, indent: 14, after: 3 });
  });
  out.paragraph(content.route);

  out.heading('Mobilier et prestation');
  if (content.items.length === 0) out.paragraph('Aucun objet');
  for (const item of content.items) out.paragraph(`• ${item}`, { indent: 6, after: 0 });
  out.paragraph('', { after: 2 });
  out.paragraph(content.volume);
  out.paragraph(content.service);

  out.heading('Prix');
  const { price } = content;
  if (price.kind === 'pending') {
    out.paragraph(price.said, { bold: true });
    out.paragraph(price.text);
  } else {
    out.priceRow('Prestation', 'HT', 'TTC', { header: true });
    for (const row of price.rows) out.priceRow(row.label, row.ht, row.ttc);
    out.priceRow('Total', price.total.ht, price.total.ttc, { bold: true });
    out.priceRow(price.vat.label, '', price.vat.amount);
    out.paragraph('', { after: 2 });
    out.paragraph(price.final, { bold: true });
    out.paragraph(price.validity, { size: 9, color: MUTED });
  }

  if (content.carrier.termsUrl) {
    out.heading('Conditions générales');
    out.paragraph(`Ce devis est accompagné des conditions générales du transporteur\u00a0: ${content.carrier.termsUrl}`);
  }
  out.heading('Paiement');
  out.paragraph(content.payment);
  out.heading('Responsabilité et réserves');
  for (const text of content.liability) out.paragraph(text);

  out.heading('Bon pour accord');
  if (acceptance) {
    out.paragraph(acceptedSentence(acceptance), { bold: true });
    out.paragraph('Accord donné en ligne, sur la page du devis.', { size: 9, color: MUTED, after: 0 });
    out.paragraph(`Empreinte SHA-256 du devis accepté\u00a0: ${acceptance.devisHash}`, { size: 8, color: MUTED });
  } else {
    out.paragraph('Acceptez ce devis en ligne depuis le lien de votre e-mail, ou renvoyez-le au transporteur daté et signé.', {
      size: 9,
      color: MUTED,
    });
    out.signatureBox('Date, nom et signature du client, précédés de la mention «\u00a0Bon pour accord\u00a0»\u00a0:');
  }
  out.footers(`Devis n° ${content.quoteId}`);
  const bytes = await doc.save();
  if (bytes.byteLength > DEVIS_PDF_LIMITS.bytes) throw new DevisPdfTooLarge(`${bytes.byteLength} octets`);
  return bytes;
}
