import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { openPage, resolveAddress, useDemo, watchPage } from './support.ts';

describe('the wizard under the README’s strict Content-Security-Policy', () => {
  const demo = useDemo({ before, after, startServer });

  it('renders, styles itself and resolves addresses with no violation and no eval', async () => {
    const page = await openPage(demo.browser);
    const problems = watchPage(page);
    const response = await page.goto(`${demo.server.base}/csp.html`);
    assert.match(response!.headers()['content-security-policy'], /script-src 'nonce-[^']+' 'strict-dynamic'/);
    assert.doesNotMatch(response!.headers()['content-security-policy'], /unsafe-inline|unsafe-eval/);
    await page.getByRole('heading', { name: 'Vos adresses' }).waitFor();
    const styled = await page
      .locator('transport-quote-wizard')
      .evaluate((el) => el.shadowRoot!.adoptedStyleSheets.length > 0 && getComputedStyle(el).display === 'block');
    assert.equal(styled, true);
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
