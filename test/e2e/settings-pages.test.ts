// The Réglages a carrier fills (issue 42: Entreprise, Intégrer à mon site, the journal, and the
// test page its snippet opens), walked as `npm run shots` pictures them: at 375 and 1280 px
// every page passes axe, nothing scrolls sideways, and the page logs no error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

describe('the Réglages pages: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  const demo = useDemo({ before, after, startServer });
  for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
    it(`every stop of the Réglages tour at ${viewport.width} px`, async () => {
      const page = await openPage(demo.browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.reglages(page, demo.server.base)) {
        await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
        seen.push(stop.name);
      }
      assert.deepEqual(seen, [
        'reglages-0-index',
        'reglages-1-entreprise',
        'reglages-2-entreprise-a-corriger',
        'reglages-3-entreprise-logo',
        'reglages-4-integration',
        'reglages-5-journal',
        'reglages-6-page-essai',
        'reglages-7-inventaires-types',
        'reglages-8-inventaire-a-corriger',
        'reglages-9-inventaire-le-votre',
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});
