// Theming (UX §2, §8): the colours the demo pages give the elements, read from the rendered
// element, keep the contrast WCAG 2.2 AA asks for; every page of the demo's carrier, public or
// intranet, shows its brand (issue 55).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { openPage, useDemo } from './support.ts';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex) {
  const channels = hex
    .match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i)
    .slice(1)
    .map((part) => parseInt(part, 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const TOKENS = ['--_brand', '--_brand-contrast', '--_link', '--_focus', '--_surface', '--_text', '--_muted', '--_danger', '--_success'];

async function tokensOf(browser, base, path, tag) {
  const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${base}${path}`);
    await page.locator(tag).getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
    return await page.evaluate(
      ({ tag, names }) => {
        const style = getComputedStyle(document.querySelector(tag));
        return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name).trim().toLowerCase()]));
      },
      { tag, names: TOKENS },
    );
  } finally {
    await page.close();
  }
}

describe('colours the host pages give the elements (UX §2.5)', () => {
  const demo = useDemo({ before, after, startServer });

  for (const [path, tag, brand] of [
    ['/', 'transport-quote-wizard', '#0f766e'],
    ['/company.html', 'transport-quote-wizard', '#0f766e'],
    ['/lite.html', 'transport-quote-lite', '#0f766e'],
  ]) {
    it(`${path}: brand ${brand}; white on brand, links, text and status colours reach 4.5:1, the focus ring 3:1`, async () => {
      const tokens = await tokensOf(demo.browser, demo.server.base, path, tag);
      assert.equal(tokens['--_brand'], brand);
      const ratios = {
        'brand-contrast on brand': contrast(tokens['--_brand-contrast'], tokens['--_brand']),
        'link on surface': contrast(tokens['--_link'], tokens['--_surface']),
        'text on surface': contrast(tokens['--_text'], tokens['--_surface']),
        'muted on surface': contrast(tokens['--_muted'], tokens['--_surface']),
        'danger on surface': contrast(tokens['--_danger'], tokens['--_surface']),
        'success on surface': contrast(tokens['--_success'], tokens['--_surface']),
      };
      for (const [pair, ratio] of Object.entries(ratios)) assert.ok(ratio >= 4.5, `${pair}: ${ratio.toFixed(2)}`);
      const focus = contrast(tokens['--_focus'], tokens['--_surface']);
      assert.ok(focus >= 3, `focus on surface: ${focus.toFixed(2)}`);
    });
  }

  it('the formula gives the guide’s figures: white on the default blue 6.7:1, on the company teal 5.5:1', () => {
    assert.equal(contrast('#ffffff', '#1d4ed8').toFixed(1), '6.7');
    assert.equal(contrast('#ffffff', '#0f766e').toFixed(1), '5.5');
  });
});
