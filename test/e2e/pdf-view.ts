// A PDF's page drawn in the browser by pdfjs (the library Firefox reads PDFs with), so a
// tour can picture it and check its page: headless Chromium has no PDF viewer of its own.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const resolve = createRequire(import.meta.url).resolve;
const PDFJS = readFileSync(resolve('pdfjs-dist/legacy/build/pdf.min.mjs'), 'utf8');
const WORKER = readFileSync(resolve('pdfjs-dist/legacy/build/pdf.worker.min.mjs'), 'utf8');

/** Shows the first page of `bytes`, whole, in the page's viewport, on a page of its own (lang, title, the image named). */
export async function showPdfFirstPage(page: Page, bytes: Uint8Array, label: string) {
  await showPdfPage(page, bytes, label, 1);
}

/** Shows page `number` of `bytes` (1 the first; -1 the last), as showPdfFirstPage does. */
export async function showPdfPage(page: Page, bytes: Uint8Array, label: string, number: number) {
  await page.goto('about:blank');
  await page.setContent(
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${label}</title>
<style>body{margin:0;background:#525659;display:flex;justify-content:center}h1{position:absolute;left:-9999px}canvas{background:#fff;box-shadow:0 2px 8px rgba(0,0,0,.4)}</style></head>
<body><main><h1>${label}</h1><canvas role="img" aria-label="${label}"></canvas></main></body></html>`,
  );
  await page.evaluate(
    async ({ library, worker, data, number }) => {
      const url = (text: string) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
      const pdfjs = await import(/* @vite-ignore */ url(library));
      pdfjs.GlobalWorkerOptions.workerSrc = url(worker);
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const document = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
      const first = await document.getPage(number > 0 ? number : document.numPages + 1 + number);
      const natural = first.getViewport({ scale: 1 });
      // The whole page in the window, drawn at twice its size on screen for sharp text.
      const fit = Math.min(window.innerWidth / natural.width, window.innerHeight / natural.height);
      const viewport = first.getViewport({ scale: fit * 2 });
      const canvas = window.document.querySelector('canvas')!;
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      canvas.style.width = `${viewport.width / 2}px`;
      canvas.style.height = `${viewport.height / 2}px`;
      await first.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise;
      canvas.dataset.drawn = 'oui';
    },
    { library: PDFJS, worker: WORKER, data: Buffer.from(bytes).toString('base64'), number },
  );
  await page.locator('canvas[data-drawn="oui"]').waitFor();
}
