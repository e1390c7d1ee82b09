// custom-elements.json, generated at build time by @custom-elements-manifest/analyzer.
// The analyzer finds the two tags, their classes and their @summary in elements/*.ts; this
// plugin adds the contract written once and gathered in elements/contract.ts (attributes,
// properties, events, parts) and the CSS custom properties read by src/ui/styles.css, each
// with its default and the description written beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** elements/contract.ts as a module: bundled on the fly, since Node 20 does not read TypeScript. */
async function loadContract() {
  const { outputFiles } = await esbuild.build({
    entryPoints: [path.join(ROOT, 'elements/contract.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

/**
 * The public tokens of styles.css: each `--_alias: var(--tqw-name, default); /* description *\/`
 * line gives one; a first-round name kept as the fallback (`var(--tqw-new, var(--tqw-old, x))`)
 * gives another.
 */
export function cssPropertiesOf(css) {
  const properties = [];
  for (const match of css.matchAll(/^\s*--_[\w-]+:\s*var\((--tqw-[\w-]+),\s*(.*)\);\s*\/\*\s*(.*?)\s*\*\/\s*$/gm)) {
    const [, name, fallback, description] = match;
    // A default the element reads from the page (`var(--_page-…, 0px)`) is documented by its last resort.
    properties.push({ name, default: fallback.trim().replace(/^var\(--_[\w-]+,\s*(.*)\)$/, '$1'), description });
    const legacy = /^var\((--tqw-[\w-]+),\s*(.*)\)$/.exec(fallback.trim());
    if (legacy)
      properties.push({ name: legacy[1], default: legacy[2].trim(), description: `Ancien nom de ${name} (conservé une version)` });
  }
  return properties;
}

// Loaded before the analyzer starts: its phases are synchronous.
const contract = await loadContract();

function contractPlugin() {
  return {
    name: 'transport-quote-contract',
    packageLinkPhase({ customElementsManifest }) {
      const cssProperties = cssPropertiesOf(readFileSync(path.join(ROOT, 'src/ui/styles.css'), 'utf8'));
      customElementsManifest.readme = 'README.md';
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!declaration.customElement) continue;
          // The factory behind both classes is not a mixin, nor the React view a superclass.
          delete declaration.mixins;
          delete declaration.superclass;
          const attributes = Object.entries(contract.ATTRIBUTES);
          declaration.attributes = attributes.map(([property, spec]) => ({
            name: spec.attribute,
            fieldName: property,
            type: { text: contract.attributeTypeText(spec) },
            description: contract.ATTRIBUTE_DESCRIPTIONS[property],
          }));
          declaration.members = [
            ...attributes.map(([property, spec]) => ({
              kind: 'field',
              name: property,
              type: { text: 'string | undefined' },
              description: contract.ATTRIBUTE_DESCRIPTIONS[property],
              attribute: spec.attribute,
            })),
            ...contract.DATA_PROPERTIES.map(({ name, type, description }) => ({ kind: 'field', name, type: { text: type }, description })),
          ];
          declaration.events = contract.EVENTS.map(({ name, type, description }) => ({ name, type: { text: type }, description }));
          declaration.cssProperties = cssProperties;
          declaration.cssParts = contract.CSS_PARTS.map(({ name, description }) => ({ name, description }));
        }
      }
    },
  };
}

export default {
  globs: ['elements/transport-quote-wizard.ts', 'elements/transport-quote-lite.ts'],
  outdir: '.',
  packagejson: false,
  plugins: [contractPlugin()],
};
