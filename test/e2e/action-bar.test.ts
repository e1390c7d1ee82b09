import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { openPage, resolveAddress, useDemo } from './support.ts';

/** Where the focused field ends and where the sticky bar begins, in the viewport. */
async function fieldAndBar(page, field) {
  const fieldBox = await field.boundingBox();
  const barBox = await page.locator('transport-quote-wizard .action-bar').boundingBox();
  return { fieldBottom: fieldBox.y + fieldBox.height, barTop: barBox.y, barHeight: barBox.height };
}

describe('the action bar keeps the next move in view without hiding the focused field (UX §3.2, WCAG 2.4.11)', () => {
  const demo = useDemo({ before, after, startServer });

  it('on a phone, a field focused low on the page ends above the bar, and still does when the bar grows under it', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 375, height: 812 } });
    await page.goto(`${demo.server.base}/`);
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    const address = page.getByRole('combobox', { name: 'Adresse 2', exact: true });
    // From the top of the page the second address is below the fold, where the bar sits.
    await page.evaluate(() => window.scrollTo(0, 0));
    await address.focus();
    let seen = await fieldAndBar(page, address);
    assert.ok(seen.fieldBottom <= seen.barTop + 1, `focused: the field ends at ${seen.fieldBottom}, the bar starts at ${seen.barTop}`);

    await address.pressSequentially('3 place Bellecour 69002 Lyon');
    await page.getByRole('listbox', { name: 'Suggestions pour Adresse 2' }).getByRole('option').first().waitFor();
    // The field sits just above the bar; once the address is chosen, the total appears in the
    // bar, which grows upwards over where the field is, unless the field is scrolled clear.
    const before = await fieldAndBar(page, address);
    await page.evaluate((by) => window.scrollBy(0, by), Math.floor(before.fieldBottom - before.barTop + 4));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('transport-quote-wizard .action-bar').getByText('Total').waitFor();
    await page.waitForFunction(
      (height) =>
        document.querySelector('transport-quote-wizard')!.shadowRoot!.querySelector('.action-bar')!.getBoundingClientRect().height > height,
      before.barHeight,
    );
    await page.waitForFunction(() => {
      const root = document.querySelector('transport-quote-wizard')!.shadowRoot;
      const field = root!.querySelector('input[data-target="address-2"]')!.getBoundingClientRect();
      return field.bottom <= root!.querySelector('.action-bar')!.getBoundingClientRect().top + 1;
    });
    seen = await fieldAndBar(page, address);
    assert.ok(seen.barHeight > before.barHeight, 'the bar grew');
    assert.ok(seen.fieldBottom <= seen.barTop + 1, `grown: the field ends at ${seen.fieldBottom}, the bar starts at ${seen.barTop}`);
    await page.close();
  });
});
