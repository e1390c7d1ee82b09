// The carrier's directory and catalogue (issue 43: Répertoire's places, customers, contacts and
// import; Réglages' Catalogue), walked as `npm run shots` pictures them: at 375 and 1280 px
// every page passes axe, nothing scrolls sideways, and the page logs no error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

describe('the directory and catalogue pages: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  const demo = useDemo({ before, after, startServer });
  for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
    it(`every stop of the Répertoire and Catalogue tour at ${viewport.width} px`, async () => {
      const page = await openPage(demo.browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.repertoire(page, demo.server.base)) {
        await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
        seen.push(stop.name);
      }
      assert.deepEqual(seen, [
        'repertoire-0-index',
        'repertoire-1-adresses',
        'repertoire-2-adresse-a-corriger',
        'repertoire-3-adresses-cherchees',
        'repertoire-4-adresse',
        'repertoire-5-import-apercu',
        'repertoire-6-contacts',
        'repertoire-7-clients',
        'catalogue-0-page',
        'catalogue-1-objet-a-corriger',
        'catalogue-2-preferes',
        'catalogue-3-objet',
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});
