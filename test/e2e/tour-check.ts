// One check for every back-office tour (tour.ts), as its suite runs it: the tour walked as
// `npm run shots` pictures it, at 375 and 1280 px, on one demo server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type ServerEnv, startServer } from '../../server/test/api/support.ts';
import { assertAxeCleanWithoutSidewaysScroll, openPage, PHONE_AND_DESKTOP_VIEWPORTS, useDemo, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

/**
 * A describe block walking `tour` at both widths: every stop passes axe with nothing scrolling
 * sideways, the stops are `stops`, in that order, and no page logs an error or breaks its
 * policy. `atStop` checks what a stop must show beyond that; `env` starts the demo otherwise.
 */
export function checkTour({
  title,
  tour,
  label,
  stops,
  env,
  atStop,
}: {
  title: string;
  tour: keyof typeof backOfficeTours;
  /** How the test names the tour: `every stop of the ${label} at 375 px`. */
  label: string;
  stops: string[];
  env?: ServerEnv;
  atStop?: (page: Page, stop: string) => Promise<void>;
}) {
  describe(title, () => {
    const demo = useDemo({ before, after, startServer, env: async () => env ?? {} });
    for (const viewport of PHONE_AND_DESKTOP_VIEWPORTS) {
      it(`every stop of the ${label} at ${viewport.width} px`, async () => {
        const page = await openPage(demo.browser, { viewport });
        const problems = watchPage(page);
        const seen: string[] = [];
        for await (const stop of backOfficeTours[tour](page, demo.server.base, demo.server)) {
          await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
          await atStop?.(page, stop.name);
          seen.push(stop.name);
        }
        assert.deepEqual(seen, stops);
        assert.deepEqual(problems, []);
        await page.close();
      });
    }
  });
}
