// The deposit's states (issue 46, part 3), walked as `npm run shots` pictures them, on the demo
// with its stand-in for Stripe: the Réglages, the devis with 'Payer l'acompte', cancelled, being
// confirmed, paid (devis, customer's page, back office), refunded. At 375 and 1280 px every stop
// passes axe, nothing scrolls sideways, and no page breaks its policy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours, TOUR_SERVER_ENV } from './tour.ts';

describe('the deposit at each of its states: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  const demo = useDemo({ before, after, startServer, env: async () => TOUR_SERVER_ENV.acompte ?? {} });
  for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
    it(`every stop of the deposit tour at ${viewport.width} px`, async () => {
      const page = await openPage(demo.browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.acompte(page, demo.server.base)) {
        // The stand-in's own page is the demo's, not the product's: the tour never stops on it.
        await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
        seen.push(stop.name);
      }
      assert.deepEqual(seen, [
        'acompte-0-reglages',
        'acompte-1-a-regler',
        'acompte-2-annule',
        'acompte-3-en-cours',
        'acompte-4-paye',
        'acompte-5-suivi',
        'acompte-6-espace-transporteur',
        'acompte-7-rembourse',
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});
