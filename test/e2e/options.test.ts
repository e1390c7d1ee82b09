// The carrier's options and a start from the home (issue 45), walked as `npm run shots` pictures
// them (tour.ts, options): at 375 and 1280 px every stop passes axe, nothing scrolls sideways,
// and the page logs no error. The estimate's options are chosen by keyboard alone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

describe('options and a start from the home: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  const demo = useDemo({ before, after, startServer });
  for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
    it(`every stop of the options tour at ${viewport.width} px`, async () => {
      const page = await openPage(demo.browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.options(page, demo.server.base)) {
        await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
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
