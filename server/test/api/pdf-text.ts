// A PDF's text as a reader extracts it (pdfjs, as Firefox reads PDFs): one string per page,
// every kind of space written as a plain one, so a test compares words and figures.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Spaces of every kind (no-break, narrow no-break) as one plain space. */
export const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(plain(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')));
  }
  await document.destroy();
  return pages;
}

/** The PDF's metadata title. */
export async function pdfTitle(bytes: Uint8Array): Promise<string | null> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const { info } = (await document.getMetadata()) as { info: { Title?: string } };
  await document.destroy();
  return info.Title ?? null;
}

/** How many images the first page paints (a logo is one). */
export async function firstPageImages(bytes: Uint8Array): Promise<number> {
  const { getDocument: open, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await open({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const { fnArray } = await (await document.getPage(1)).getOperatorList();
  await document.destroy();
  return fnArray.filter((op) => op === OPS.paintImageXObject).length;
}
