import { escapeHtml } from 'transport-quote-server/compose';

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
 * Putting the elements on a CMS page: who may paste the snippet, the WordPress plugin, https,
 * and the two layout traps of themes (issue 34), each with its fix.
 */
function cmsSection(): string {
  return `<section aria-labelledby="cms-title">
<h2 id="cms-title">WordPress and other CMS</h2>
<p>The snippet (the element's tag and one script tag) works in any block that keeps HTML as written: WordPress's Custom HTML block, Drupal's Full HTML format, an embed block. WordPress keeps <code>&lt;script&gt;</code> and unknown tags only for users allowed <code>unfiltered_html</code>: administrators, and editors of a single site. For an author or a contributor, on a multisite network, or on a site that sets <code>DISALLOW_UNFILTERED_HTML</code>, the block is saved empty, without a warning.</p>
<p>The WordPress plugin (<code>integrations/wordpress/transport-quote</code>) needs no such right: it gives any editor the block <span lang="fr">Devis de transport</span> and the shortcode <code>[transport_quote variante="lite" carte="oui"]</code>, writes the tag itself with every attribute escaped, loads each element's script once per page, and shows the element at its full height in the block editor's preview. Its settings page (administrators) holds the scripts' folder and the API's address, the maps provider, the company token and the intranet page that alone receives it, the brand colour (<code>--tqw-brand</code>) and the fixed header's height (<code>--tqw-scroll-offset</code>).</p>
<p>Both addresses, the scripts' and the API's, must be https: a page served over https loads neither a script nor data over http.</p>
<h3>Two layout traps of themes</h3>
<ul>
<li><strong>The action bar stops sticking.</strong> It is <code>position: sticky</code> at the bottom of the screen, which works only while no ancestor of the element is a scroll container. Many themes put <code>overflow-x: hidden</code> on a wrapper (<code>#page</code>, <code>.site</code>): that makes it a scroll container as tall as its content, and the bar sits at the end of the element, on a phone far below the screen. The element then says so once on the console, in French, naming the wrapper. Replace it with <code>overflow-x: clip</code>: what overflows is still cut, and the bar sticks again.</li>
<li><strong>A fixed site header covers the panel's title.</strong> Declare the header's height for the whole page with <code>html { scroll-padding-top: 72px; }</code>, which the browser and the element both honour (the element reads it when <code>--tqw-scroll-offset</code> is not set), or set <code>--tqw-scroll-offset</code> on the element.</li>
</ul>
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
<nav aria-label="Elements"><ul>${elements.map((element) => `<li><a href="#${element.tagName}-title">&lt;${escapeHtml(element.tagName)}&gt;</a></li>`).join('')}<li><a href="#cms-title">WordPress and other CMS</a></li></ul></nav>
${elements.map(elementSection).join('\n')}
${cmsSection()}
</main>
<script src="/docs.js"></script>
<script src="/dist/transport-quote-wizard.js"></script>
<script src="/dist/transport-quote-lite.js"></script>
</body>
</html>`;
}
