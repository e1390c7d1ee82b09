import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { openPage, resolveAddress, useDemo, watchPage } from './support.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8'));
const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement);

describe('the reference page /docs.html', () => {
  const demo = useDemo({ before, after, startServer });

  it('lists every attribute, property, event, CSS custom property and part of both elements, says how to use them on a CMS, passes axe and loads nothing from elsewhere', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(demo.server.base)) elsewhere.push(request.url());
    });
    await page.goto(`${demo.server.base}/docs.html`);
    for (const element of elements) {
      const section = page.getByRole('region', { name: `<${element.tagName}>` });
      const suffix = { Attributes: ' (read live)', Parts: ' (::part)' };
      const caption = (what) => section.getByRole('table', { name: `${what} of <${element.tagName}>${suffix[what] ?? ''}`, exact: true });
      const firstColumn = async (what) => (await caption(what).locator('tbody th').allTextContents()).sort();
      assert.deepEqual(await firstColumn('Attributes'), element.attributes.map((a) => a.name).sort());
      assert.deepEqual(await firstColumn('Properties'), element.members.map((m) => m.name).sort());
      assert.deepEqual(await firstColumn('Events'), element.events.map((e) => e.name).sort());
      assert.deepEqual(await firstColumn('CSS custom properties'), element.cssProperties.map((p) => p.name).sort());
      assert.deepEqual(await firstColumn('Parts'), element.cssParts.map((p) => p.name).sort());
      for (const event of element.events) await caption('Events').getByText(event.type.text).first().waitFor();
    }
    // On a CMS page (issue 34): who may paste the snippet, the plugin, https, and the fix of each layout trap.
    const cms = page.getByRole('region', { name: 'WordPress and other CMS' });
    for (const text of [
      'unfiltered_html',
      'integrations/wordpress/transport-quote',
      'must be https',
      'overflow-x: clip',
      'scroll-padding-top',
    ])
      await cms.getByText(text).first().waitFor();
    await page.getByRole('heading', { name: 'Vos adresses' }).waitFor();
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.help}`));
    assert.deepEqual(violations, []);
    assert.deepEqual(elsewhere, []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('an attribute edited in the example reaches the element, and the events it emits are listed with their detail', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${demo.server.base}/docs.html`);
    const live = page.locator('.live[data-tag="transport-quote-wizard"]');
    const form = page.getByRole('form', { name: 'Attributes of the example <transport-quote-wizard>' });
    await form.getByLabel('mode', { exact: true }).fill('company');
    assert.equal(await live.locator('transport-quote-wizard').getAttribute('mode'), 'company');
    await form.getByLabel('mode', { exact: true }).fill('');
    assert.equal(await live.locator('transport-quote-wizard').getAttribute('mode'), null);
    // Both examples are on the page: the addresses are typed in the wizard's.
    await resolveAddress(live, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(live, 2, '3 place Bellecour 69002 Lyon');
    await live.getByRole('button', { name: 'Suivant' }).click();
    const log = page.getByRole('list', { name: 'Events emitted by the example' }).first();
    await log.getByText('next_step {"step":1}').waitFor();
    await page.close();
  });
});
