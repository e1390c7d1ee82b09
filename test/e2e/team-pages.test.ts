// The team's pages (issue 43: «Mot de passe oublié», Équipe, Mon compte, a forgotten password's
// link, an unknown link, an invitation and the sign-in after it), walked as `npm run shots`
// pictures them: at 375 and 1280 px every page passes axe, nothing scrolls sideways, and the
// page logs no error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

describe('the team’s pages: axe at 0, no sideways scrolling, at 375 and 1280 px', () => {
  const demo = useDemo({ before, after, startServer });
  for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
    it(`every stop of the team's tour at ${viewport.width} px`, async () => {
      const page = await openPage(demo.browser, { viewport });
      const problems = watchPage(page);
      const seen: string[] = [];
      for await (const stop of backOfficeTours.equipe(page, demo.server.base, demo.server)) {
        await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
        seen.push(stop.name);
      }
      assert.deepEqual(seen, [
        'equipe-0-mot-de-passe-oublie',
        'equipe-1-equipe',
        'equipe-2-invitation-refusee',
        'equipe-3-invitation-envoyee',
        'equipe-4-compte',
        'equipe-5-compte-refuse',
        'equipe-6-nouveau-mot-de-passe',
        'equipe-7-lien-inconnu',
        'equipe-8-invitation',
        'equipe-9-compte-cree',
      ]);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});
