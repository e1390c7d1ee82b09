// The devis page with its 'Bon pour accord' (issue 46), walked as `npm run shots` pictures it:
// the form, filled by keyboard and accepted, the PDF's first page, the carrier's page marked
// 'Devis signé'. At 375 and 1280 px every stop passes axe, nothing scrolls sideways, and no
// page breaks its policy (the devis page runs no script and allows one style by its hash).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

describe('the devis and its Bon pour accord: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  const demo = useDemo({ before, after, startServer });
  for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
    it(`every stop of the devis tour at ${viewport.width} px`, async () => {
      const page = await openPage(demo.browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.devis(page, demo.server.base)) {
        await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
        seen.push(stop.name);
      }
      assert.deepEqual(seen, ['devis-0-bon-pour-accord', 'devis-1-accepte', 'devis-2-pdf', 'devis-3-espace-transporteur']);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});
