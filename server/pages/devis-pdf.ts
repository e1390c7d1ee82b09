import { termsParagraphs } from './terms-page.ts';
import type { TravelPayload } from 'transport-quote-wizard/domain';
import { acceptedSentence, type ShownAcceptance } from './devis-acceptance-form.ts';
import { devisContent, devisHash, type DevisContent, type DevisSource } from './devis-content.ts';
import { devisFaces } from './devis-pdf-fonts.ts';
import { collectBytes, DevisPdfTooLarge, DevisPdfWriter, MUTED, PDFDocument, TEXT, type Colour } from './devis-pdf-writer.ts';

export { DevisPdfTooLarge };

/**
 * The devis as a PDF (A4), made by the server with PDFKit: the same content as the page
 * (devis-content.ts: every mention of the arrêté of 27 April 2010 the page carries), paginated,
 * and, once the customer accepted it, the acceptance; until then, a box to sign by hand for
 * whoever prints it. It is kept as evidence, so it is a PDF/A-2b (its fonts embedded, an sRGB
 * output intent, XMP metadata), tagged for screen readers in French (devis-pdf-writer.ts),
 * and written in Noto Sans (devis-pdf-fonts.ts): any Latin, Vietnamese, Greek or Cyrillic
 * name prints as typed.
 */
export interface DevisPdfInput {
  content: DevisContent;
  /** The carrier's general conditions the product holds, printed as the devis's annex; null: none. */
  terms?: string | null;
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
 * text at its limit, server/test/api/largest-booking.ts) takes 35 pages and 101 kB, and a logo
 * at the Réglages' limit a few hundred kB more. Past them the build stops (DevisPdfTooLarge):
 * a document that grows past these was not made from a booking the server accepts.
 */
export const DEVIS_PDF_LIMITS = { pages: 200, bytes: 16 * 1024 * 1024 };

/** The logo's largest size on the page, in points. */
const LOGO_BOX = { width: 160, height: 50 };

function colourOf(hex: string | null | undefined): Colour {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return TEXT;
  const value = (start: number) => parseInt(hex.slice(start, start + 2), 16);
  return [value(1), value(3), value(5)];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A value of the document's information that PDFKit writes twice: in the Info dictionary from
 * its own text (valueOf), and in the XMP metadata through a template (toString), which PDFKit
 * does not escape: a carrier called 'Dupont & Fils' would make the XMP malformed XML, which
 * PDF/A forbids. Escaped there, both say the same.
 */
class InfoText extends String {
  override toString() {
    return escapeXml(this.valueOf());
  }
}
const infoText = (text: string) => new InfoText(text) as unknown as string;

/** The PDF of a booking's devis as it stands, with its acceptance when the latest is of this devis (one of an earlier version is not printed on it). */
export function renderDevisPdfOrder({ frame, payloadJson, latest, brandColor, logo }: DevisPdfOrder): Promise<Uint8Array> {
  const payload: TravelPayload = { ...(JSON.parse(payloadJson) as Omit<TravelPayload, 'store_serialized'>), store_serialized: '' };
  const content = devisContent({ ...frame, payload });
  const acceptance = latest && latest.devisHash === devisHash(content) ? latest : null;
  return renderDevisPdf({ content, acceptance, brandColor, logo, terms: frame.terms?.body ?? null });
}

/** The PDF of a devis, as bytes; DevisPdfTooLarge past DEVIS_PDF_LIMITS. */
export async function renderDevisPdf({
  content,
  acceptance,
  brandColor = null,
  logo = null,
  terms = null,
}: DevisPdfInput): Promise<Uint8Array> {
  const doc = new PDFDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: 'fr-FR',
    displayTitle: true,
    autoFirstPage: false,
    // The footers are written once every page is: 'page 1 sur 34'.
    bufferPages: true,
    // No default font: PDFKit's is Helvetica, a font PDF/A forbids since it is not embedded.
    font: null as unknown as string,
    info: {
      Title: infoText(`Devis de déménagement n° ${content.quoteId}`),
      Author: infoText(content.carrier.name),
      Subject: infoText(`Réservation n° ${content.travelId}`),
      Creator: 'transport-quote-server',
    },
  });
  const bytes = collectBytes(doc);
  const out = new DevisPdfWriter(doc, devisFaces(), colourOf(brandColor), DEVIS_PDF_LIMITS.pages);
  const image = logo ? out.openImage(logo.data) : null;
  if (image) out.image(image, LOGO_BOX, `Logo de ${content.carrier.name}`);

  out.paragraph('Transporteur', { size: 9, bold: true, color: MUTED, after: 0 });
  out.paragraph(content.carrier.name, { size: 11, bold: true, after: 0 });
  for (const line of content.carrier.lines) out.paragraph(line, { size: 9, after: 0 });
  out.paragraph('', { after: 4 });
  out.paragraph('Client', { size: 9, bold: true, color: MUTED, after: 0 });
  out.paragraph(content.customer.name, { size: 11, bold: true, after: 0 });
  for (const line of content.customer.lines) out.paragraph(line, { size: 9, after: 0 });

  out.paragraph('', { after: 6 });
  out.paragraph('Devis de déménagement', { size: 18, bold: true, color: colourOf(brandColor), after: 2, role: 'H1' });
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

  if (terms) {
    out.heading('Conditions générales');
    out.paragraph(
      'Ce devis est accompagné des conditions générales du transporteur, qui en font partie\u00a0: elles sont jointes en annexe.',
    );
  } else if (content.carrier.termsUrl) {
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
  // The general conditions, as the carrier wrote them (Réglages): the devis's annex (arrêté du 27 avril 2010, art. 1).
  if (terms) {
    out.startAnnex();
    out.heading('Annexe\u00a0: conditions générales');
    for (const part of termsParagraphs(terms)) {
      if (part.kind === 'title') out.paragraph(part.text, { bold: true, after: 2, role: 'H3' });
      else out.paragraph(part.text, { size: 9 });
    }
  }
  out.finish();
  out.footers(`Devis n° ${content.quoteId}`);
  doc.end();
  const pdf = await bytes;
  if (pdf.byteLength > DEVIS_PDF_LIMITS.bytes) throw new DevisPdfTooLarge(`${pdf.byteLength} octets`);
  return pdf;
}
