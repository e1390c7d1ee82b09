// The carrier's saved tariff in the page (issue 42): once an administrator saved a tariff in the
// Réglages, the intranet page's company data carries it, and the wizard's estimate, shown
// before the carrier's quote comes, is that quote to the cent: one tariff function prices both.
// The quote is held on its way, so the figure read first is the element's own.
import type { Quote } from 'transport-quote-wizard/domain';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../../server/test/api/back-office-client.ts';
import { startServer } from '../../server/test/api/support.ts';
import { openPage, resolveAddress, useDemo, watchPage } from './support.ts';

const TARIFS = '/espace-transporteur/reglages/tarifs';

/** Cents in a French price ('1 190,40 €'). */
const centsOf = (text) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** The Tarifs form's fields as the page holds them (inputs with a value, selects' chosen options, checked radios). */
function formFields(html) {
  const fields = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    const type = /\btype="([^"]+)"/.exec(tag)?.[1] ?? 'text';
    if (!name || name === '_csrf' || ((type === 'radio' || type === 'checkbox') && !/\bchecked\b/.test(tag))) continue;
    fields[name] = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? 'on';
  }
  for (const [, name, options] of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g))
    fields[name] = /<option value="([^"]*)"[^>]*selected/.exec(options)?.[1];
  return fields;
}

describe('the saved tariff prices the page’s estimate as the server’s quote', () => {
  const demo = useDemo({ before, after, startServer });

  it('an estimate on a tariff with bands, extra stops, floors per floor and day coefficients is the quote, to the cent', async () => {
    const office = await new BackOffice(demo.server.base).signInAs(1);
    const fields = formFields((await office.get(TARIFS)).text);
    const saved = await office.post(TARIFS, {
      ...fields,
      transport_ttc: 'ht',
      minimum: '95',
      prix_km: '1,35',
      tranche_1_km: '200',
      tranche_1_prix: '0,95',
      prix_heure: '31',
      prix_etape: '18',
      taux_standard: '23',
      taux_demenagement: '37',
      etages_mode: 'per_floor',
      etages_gratuits: '1',
      prix_etage: '11',
      ascenseur: '0,5',
      // Every day dearer, so that the day the page prices (chosen or not yet) is the quote's.
      ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`coef_${day}`, '1,15'])),
    });
    assert.equal(saved.status, 303, saved.text.slice(0, 600));

    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    const problems = watchPage(page);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    const quotes: Quote[] = [];
    await page.route('**/api/v1/quotes', async (route) => {
      await held;
      const response = await route.fetch();
      quotes.push(await response.json());
      await route.fulfill({ response });
    });
    await page.goto(`${demo.server.base}/company.html`);
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    const total = page.locator('transport-quote-wizard .total-amount');
    await total.waitFor();
    const estimated = await total.textContent();
    assert.equal(await page.getByText(/Prix garanti/).count(), 0, 'the quote is still held');

    release();
    await page
      .getByText(/Prix garanti/)
      .first()
      .waitFor();
    const figures = quotes.at(-1)!.figures;
    // The intranet shows HT (spec §6); the quote was priced on the saved tariff (a version of it).
    assert.equal(centsOf(estimated), figures.total_ht, `shown ${estimated}, quoted ${figures.total_ht}`);
    assert.equal(await total.textContent(), estimated);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
