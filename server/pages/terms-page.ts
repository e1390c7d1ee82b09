import { escapeHtml } from './dashboard-page.ts';

/**
 * A carrier's general conditions as its customers read them (/conditions-generales/{id}):
 * its text, a paragraph per line, a short line without final punctuation read as a title.
 */
export function termsParagraphs(text: string): { kind: 'title' | 'paragraph'; text: string }[] {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ kind: line.length <= 80 && !/[.:;!?»)\]]$/.test(line) ? ('title' as const) : ('paragraph' as const), text: line }));
}

export function renderTermsPage(carrierName: string, text: string): string {
  const body = termsParagraphs(text)
    .map((part) => (part.kind === 'title' ? `<h2>${escapeHtml(part.text)}</h2>` : `<p>${escapeHtml(part.text)}</p>`))
    .join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conditions générales · ${escapeHtml(carrierName)}</title>
<link rel="stylesheet" href="/devis.css">
</head>
<body>
<main>
<p class="meta">${escapeHtml(carrierName)}</p>
<h1>Conditions générales</h1>
${body}
</main>
</body>
</html>`;
}
