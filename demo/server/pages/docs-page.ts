import { escapeHtml } from './dashboard-page.ts';

/** The parts of custom-elements.json the page reads (the analyzer's schema, narrowed). */
interface Documented {
  name: string;
  description?: string;
  type?: { text: string };
}
interface ElementDeclaration {
  tagName: string;
  summary?: string;
  description?: string;
  attributes?: (Documented & { fieldName?: string })[];
  members?: (Documented & { kind: string; attribute?: string })[];
  events?: Documented[];
  cssProperties?: Documented[];
  cssParts?: Documented[];
}
interface Manifest {
  modules: { declarations?: (ElementDeclaration & { customElement?: boolean })[] }[];
}

/** The data blocks a host may put inside the tag: the same data as the properties of these names. */
const DATA_BLOCKS: Record<string, string> = { travelStore: 'travel', companyStore: 'company', travelInfos: 'infos' };

function table(caption: string, headings: string[], rows: string[][], lang = 'en'): string {
  if (rows.length === 0) return '';
  return `<table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr>${headings.map((heading) => `<th scope="col">${escapeHtml(heading)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((cells) => `<tr>${cells.map((cell, index) => (index === 0 ? `<th scope="row"><code>${cell}</code></th>` : `<td lang="${index === cells.length - 1 ? lang : 'en'}">${cell}</td>`)).join('')}</tr>`).join('\n')}
</tbody>
</table>`;
}

const code = (text: string | undefined) => (text ? `<code>${escapeHtml(text)}</code>` : '');

/** One element: its contract in tables, then a live example whose attributes the reader edits and whose events are listed. */
function elementSection(element: ElementDeclaration): string {
  const tag = element.tagName;
  const attributes = element.attributes ?? [];
  const properties = (element.members ?? []).filter((member) => member.kind === 'field');
  const fields = attributes.map((attribute) => {
    const id = `${tag}-${attribute.name}`;
    return `<div class="field"><label for="${id}"><code>${escapeHtml(attribute.name)}</code></label><input id="${id}" data-attribute="${escapeHtml(attribute.name)}" autocomplete="off"></div>`;
  });
  return `<section aria-labelledby="${tag}-title">
<h2 id="${tag}-title"><code>&lt;${escapeHtml(tag)}&gt;</code></h2>
<p>${escapeHtml(element.summary ?? '')}</p>
<p>${escapeHtml(element.description ?? '')}</p>
${table(
  `Attributes of <${tag}> (read live)`,
  ['attribute', 'property', 'type', 'description'],
  attributes.map((attribute) => [
    escapeHtml(attribute.name),
    code(attribute.fieldName),
    code(attribute.type?.text),
    escapeHtml(attribute.description ?? ''),
  ]),
)}
${table(
  `Properties of <${tag}>`,
  ['property', 'type', 'description'],
  properties.map((property) => [escapeHtml(property.name), code(property.type?.text), escapeHtml(property.description ?? '')]),
)}
${table(
  `Data blocks inside <${tag}>`,
  ['block', 'same as', 'description'],
  properties
    .filter((property) => property.name in DATA_BLOCKS)
    .map((property) => [
      escapeHtml(`<script type="application/json" data-store="${DATA_BLOCKS[property.name]}">`),
      code(property.name),
      escapeHtml(property.description ?? ''),
    ]),
)}
${table(
  `Events of <${tag}>`,
  ['event', 'detail', 'description'],
  (element.events ?? []).map((event) => [escapeHtml(event.name), code(event.type?.text), escapeHtml(event.description ?? '')]),
)}
${table(
  `CSS custom properties of <${tag}>`,
  ['property', 'description'],
  (element.cssProperties ?? []).map((property) => [escapeHtml(property.name), escapeHtml(property.description ?? '')]),
)}
${table(
  `Parts of <${tag}> (::part)`,
  ['part', 'description'],
  (element.cssParts ?? []).map((part) => [escapeHtml(part.name), escapeHtml(part.description ?? '')]),
  'fr',
)}
<h3>Live example</h3>
<div class="live" data-tag="${escapeHtml(tag)}" data-events="${escapeHtml((element.events ?? []).map((event) => event.name).join(' '))}">
<form class="attributes" aria-label="Attributes of the example &lt;${escapeHtml(tag)}&gt;">${fields.join('')}</form>
<h4 id="${tag}-log-title">Events emitted by the example</h4>
<ol class="event-log" aria-labelledby="${tag}-log-title" aria-live="polite"></ol>
<${tag} maps-provider="local"></${tag}>
</div>
</section>`;
}

/**
 * /docs.html: both elements' contract, generated from custom-elements.json (itself generated
 * from the source), never written twice; each with a live example. Works without a network.
 */
export function renderDocsPage(manifest: Manifest): string {
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>transport-quote-wizard: reference</title>
<link rel="stylesheet" href="/demo.css">
<link rel="stylesheet" href="/docs.css">
</head>
<body>
<header class="site-header"><strong>transport-quote-wizard</strong> · reference for integrators</header>
<main>
<h1>The elements’ contract</h1>
<p>Generated from <code>custom-elements.json</code>. Edit an attribute of an example: the element reads it at once. The events it emits are listed under it.</p>
<nav aria-label="Elements"><ul>${elements.map((element) => `<li><a href="#${element.tagName}-title">&lt;${escapeHtml(element.tagName)}&gt;</a></li>`).join('')}</ul></nav>
${elements.map(elementSection).join('\n')}
</main>
<script src="/docs.js"></script>
<script src="/dist/transport-quote-wizard.js"></script>
<script src="/dist/transport-quote-lite.js"></script>
</body>
</html>`;
}
