// custom-elements.json against the built elements, both ways (issue 16): every attribute,
// property, event and CSS custom property it lists exists in what `npm start` serves, and
// everything the element observes, exposes or dispatches is listed. The manifest is the one
// the build generates from the source.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { after, before, describe, it } from 'node:test';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { openPage, useDemo } from './support.ts';
import { tours } from './tour.ts';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8'));
const declarations = manifest.modules.flatMap((module) => module.declarations).filter((declaration) => declaration.customElement);
const PAGES = { 'transport-quote-wizard': '/', 'transport-quote-lite': '/lite.html' };
const sorted = (values) => [...new Set(values)].sort();

/** All the code an element can load: its ES module entry and every chunk it imports, at once or later. */
function builtCode(tag) {
  const meta: Metafile = JSON.parse(readFileSync(path.join(ROOT, 'dist/esm/meta.json'), 'utf8'));
  const seen = new Set<string>();
  const pending = [`dist/esm/${tag}.js`];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file!)) continue;
    seen.add(file!);
    for (const imported of meta.outputs[file!].imports) if (!imported.external) pending.push(imported.path);
  }
  return [...seen].map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
}

/** What the defined class offers: its observed attributes and the accessors above HTMLElement. */
function classSurface(tag) {
  const element = customElements.get(tag);
  const accessors: string[] = [];
  for (let proto = element!.prototype; proto && proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (descriptor!.get || descriptor!.set) accessors.push(name);
    }
  }
  return { observed: [...(element as unknown as { observedAttributes: string[] }).observedAttributes], accessors };
}

describe('custom-elements.json is the built elements’ contract', () => {
  const demo = useDemo({ before, after, startServer });

  it('the committed manifest is the one generated from the source', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'cem-'));
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js'),
        'analyze',
        '--quiet',
        '--config',
        'elements/custom-elements-manifest.config.mjs',
        '--outdir',
        // The analyzer puts its outdir under the working directory.
        path.relative(ROOT, out),
      ],
      { cwd: ROOT },
    );
    assert.deepEqual(
      JSON.parse(readFileSync(path.join(out, 'custom-elements.json'), 'utf8')),
      manifest,
      'run npm run build and commit custom-elements.json',
    );
  });

  for (const declaration of declarations) {
    const tag = declaration.tagName;

    it(`${tag}: attributes and properties listed ⇄ observed and defined by the element`, async () => {
      const page = await openPage(demo.browser, { viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(`${demo.server.base}${PAGES[tag]}`);
        await page.waitForFunction((name) => Boolean(customElements.get(name)), tag);
        const surface = await page.evaluate(classSurface, tag);
        // `id` is the element's own (HTML's), observed because it names drafts and messages.
        assert.deepEqual(sorted(surface.observed), sorted([...declaration.attributes.map((attribute) => attribute.name), 'id']));
        assert.deepEqual(sorted(surface.accessors), sorted(declaration.members.map((member) => member.name)));
        for (const member of declaration.members.filter((m) => m.attribute)) {
          const reflected = await page.evaluate(
            ({ tag, property, attribute }) => {
              const element = document.createElement(tag);
              element[property] = 'x';
              return element.getAttribute(attribute);
            },
            { tag, property: member.name, attribute: member.attribute },
          );
          assert.equal(reflected, 'x', `${member.name} → ${member.attribute}`);
        }
      } finally {
        await page.close();
      }
    });

    it(`${tag}: CSS custom properties listed ⇄ read by the built stylesheet`, () => {
      const bundle = builtCode(tag);
      const read = sorted([...bundle.matchAll(/var\((--tqw-[\w-]+)/g)].map((match) => match[1]));
      assert.deepEqual(sorted(declaration.cssProperties.map((property) => property.name)), read);
    });
  }

  it('events listed ⇄ dispatched: a visitor’s booking dispatches only listed events, and the built script dispatches each', async () => {
    const wizard = declarations.find((declaration) => declaration.tagName === 'transport-quote-wizard');
    const listed = wizard.events.map((event) => event.name);
    const bundle = builtCode('transport-quote-wizard');
    for (const name of listed) assert.ok(bundle.includes(`"${name}"`), `${name} is never dispatched by the built script`);

    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 800 } });
    try {
      // Every CustomEvent an element dispatches on itself, whatever its name.
      await page.addInitScript(() => {
        const dispatch = EventTarget.prototype.dispatchEvent;
        window.__dispatched = [];
        EventTarget.prototype.dispatchEvent = function (event) {
          if (event instanceof CustomEvent && this instanceof HTMLElement && this.localName.startsWith('transport-quote'))
            window.__dispatched.push(event.type);
          return dispatch.call(this, event);
        };
      });
      for await (const stop of tours.wizard(page, demo.server.base)) void stop;
      const dispatched = await page.evaluate(() => window.__dispatched);
      assert.ok(dispatched.includes('travel_creation_succeed'), 'the booking should have been announced');
      assert.deepEqual(sorted(dispatched.filter((name) => !listed.includes(name))), []);
    } finally {
      await page.close();
    }
  });
});
