// The carrier's own preset inventory (issue 45, item 2), from its Réglages › Catalogue to its
// public page: Transports Martin makes its T3 'normalement meublé' its own (ten chairs, two of
// its own 'Palette Europe', no television); the wizard on its test page (its key) fills the
// list with those lines, says their count and volume, and the estimate's total is the server's
// quote of the same objects named only, to the cent: a preset's lines are ordinary item lines.
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../../server/test/api/back-office-client.ts';
import { json, startServer } from '../../server/test/api/support.ts';
import { openPage, resolveAddress, useDemo, watchPage } from './support.ts';

const KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
const T3 = '/espace-transporteur/reglages/catalogue/inventaires/t3/normalement-meuble';

/** Cents in a French price ('1 190,40'). */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
/** A total in cents as the estimate writes it, thousands spaced or not: '1 190,40', '980'. */
const priceText = (cents: number) => {
  const euros = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '[\\s\u00a0\u202f]?');
  return new RegExp(`(^|\\D)${euros}${cents % 100 === 0 ? '(?!,\\d)' : `,${String(cents % 100).padStart(2, '0')}`}`);
};
/** The preset page's count fields: object name → field name and value. */
const countFields = (html: string) =>
  new Map(
    [...html.matchAll(/<tr><th scope="row">([^<]+?)(?: <span[^>]*>[^<]*<\/span>)?<\/th>[\s\S]*?name="(n-\d+)"[^>]*value="([^"]*)"/g)].map(
      ([, name, field, value]) => [name!.replace(/&#39;/g, "'"), { field: field!, value: value! }],
    ),
  );

describe('the carrier’s preset used by the wizard on its public page, priced as the server prices it', () => {
  const demo = useDemo({ before, after, startServer });

  before(async () => {
    const office = await new BackOffice(demo.server.base).signInAs(1);
    const fields = countFields((await office.get(T3)).text);
    const counts = Object.fromEntries([...fields.values()].map(({ field, value }) => [field, value]));
    assert.equal((await office.post(T3, { ...counts, [fields.get('Chaise')!.field]: '10' })).status, 303);
    await office.get(T3);
    assert.equal((await office.post(`${T3}/ajouter`, { nom: 'Palette Europe', nombre: '2' })).status, 303);
    await office.get(T3);
    assert.equal((await office.post(`${T3}/retirer/${fields.get('Téléviseur 55 pouces')!.field.slice(2)}`)).status, 303);
  });

  it('fills the list with the carrier’s lines; the estimate’s total is the server’s quote of those objects by name', async () => {
    const carrier = (await json(demo.server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': KEY } })).data;
    const [preset] = carrier.home_presets;
    assert.equal(`${preset.size} ${preset.furnishing}`, 'T3 normalement meublé');
    const count = preset.items.reduce((sum, item) => sum + item.quantity, 0);
    const volume = preset.items.reduce((sum, item) => sum + item.volume * item.quantity, 0);

    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    const arrivals = new EventEmitter();
    const quotes: Array<{ request: { items: Array<Record<string, unknown>> } & Record<string, unknown>; total: number }> = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/v1/quotes') || response.request().method() !== 'POST') return;
      const answer = await response.json().catch(() => null);
      if (!answer?.figures) return;
      quotes.push({ request: JSON.parse(response.request().postData()!), total: answer.figures.total });
      arrivals.emit('quote');
    });
    await page.goto(`${demo.server.base}/integration/essai?cle=${KEY}&adresses=local`);
    const wizard = page.locator('transport-quote-wizard');
    await resolveAddress(wizard, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(wizard, 2, '3 place Bellecour 69002 Lyon');
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByLabel('Logement').selectOption('T3');
    await wizard.getByLabel('Ameublement').selectOption('normalement meublé');
    await wizard.getByRole('button', { name: 'Remplir la liste' }).click();
    // To the hundredth of a m³, as every screen shows a volume (one rounding rule).
    const volumeText = `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(Math.round(volume * 100) / 100)}\u00a0m³`;
    await wizard
      .getByRole('status')
      .filter({ hasText: `Liste remplie pour un T3 normalement meublé\u00a0: ${count} objets, ${volumeText}` })
      .waitFor();
    await wizard.getByText('Palette Europe').first().waitFor();
    assert.equal(await wizard.getByText('Téléviseur 55 pouces').count(), 0, 'the carrier removed it');

    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    // The quote the element asked for its list: the carrier's lines, each with its catalogue id and count.
    const carrierLines = preset.items.map((item) => [item.id, item.name, item.quantity]);
    const asked = async () => {
      for (;;) {
        const found = quotes.findLast(({ request }) =>
          carrierLines.every(([id, name, quantity]) =>
            request.items.some((item) => item.id === id && item.name === name && item.quantity === quantity),
          ),
        );
        if (found) return found;
        // The next answer read (its body is read after the response event): within the quote's time.
        await once(arrivals, 'quote', { signal: AbortSignal.timeout(30_000) });
      }
    };
    const { request } = await asked();
    // The server's quote of the same objects named only (no id, no figure): the catalogue prices them.
    const named = await json(demo.server.base, 'POST', '/api/v1/quotes', {
      body: { ...request, items: request.items.map((item) => ({ name: item.name, category: item.category, quantity: item.quantity })) },
      headers: { 'x-carrier-key': KEY },
    });
    assert.equal(named.status, 201, named.text);
    const total = named.data.figures.total;
    // The total shown settles on the quote's (a local estimate may show first): its euros and cents.
    const shown = wizard.locator('.total-amount').filter({ hasText: priceText(total) });
    await shown.waitFor();
    assert.equal(centsOf((await shown.textContent())!), total);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
