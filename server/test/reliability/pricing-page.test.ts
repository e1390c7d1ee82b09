// Pricing code that loops forever, throws or allocates without end: the page stays responsive
// and the estimate shows the defect message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../api/support.ts';
import { openPage, resolveAddress, useDemo } from '../../../test/e2e/support.ts';

const CASES = [
  ['loops forever', 'while (true) {} return { transportation: 1, handling: 1 };'],
  ['throws', 'throw new Error("grille cassée, ligne 12");'],
  ['allocates without end', 'const a = []; while (true) { a.push(new Array(1e5).fill(7)); }'],
];

describe('hostile pricing code in the page', () => {
  const demo = useDemo({ before, after, startServer });

  for (const [label, code] of CASES) {
    it(`code that ${label}: responsive page, defect message`, async () => {
      const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
      await page.goto(`${demo.server.base}/`);
      await page.evaluate((body) => {
        (document.querySelector('transport-quote-wizard') as unknown as { companyStore: unknown }).companyStore = {
          preferred_items: [{ name: 'Carton standard', volume: 0.06 }],
          driver_pools: [
            { id: 'public', name: 'Grille publique' },
            { id: 9, name: 'Grille Piégée', default: true, apply_to: 'apply_to_travels', compute_price_func_body: body },
          ],
        };
      }, code);
      await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
      await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.getByRole('button', { name: 'Ajouter : Carton standard' }).click();
      await page.getByRole('button', { name: 'Suivant' }).click();
      const ticks = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let count = 0;
            const timer = setInterval(() => {
              count += 1;
            }, 20);
            setTimeout(() => {
              clearInterval(timer);
              resolve(count);
            }, 1000);
          }),
      );
      assert.ok(ticks >= 30, `${ticks} timer ticks in a second: the page froze`);
      await page
        .getByText('Prix non disponible : La grille de [Grille Piégée] présente un défaut technique, contactez son responsable')
        .waitFor({ timeout: 3000 });
      await page.close();
    });
  }
});
