// The carrier's options and a start from the home (issue 45), walked as `npm run shots` pictures
// them (tour.ts, options): at 375 and 1280 px every stop passes axe, nothing scrolls sideways,
// and the page logs no error. The estimate's options are chosen by keyboard alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { launchBrowser, openPage, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe('options and a start from the home: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    it(`every stop of the options tour at ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.options(page, server.base)) {
        await page.evaluate(AXE);
        const violations = await page.evaluate(async () =>
          (await window.axe.run(document)).violations.map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          ),
        );
        assert.deepEqual(violations, [], stop.name);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${stop.name}: ${overflow} px de défilement horizontal`);
        seen.push(stop.name);
      }
      assert.deepEqual(seen, [
        'options-0-reglages',
        'options-1-logement',
        'options-2-estimation',
        'options-3-succes',
        'options-4-reservation',
        'options-5-devis',
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});
