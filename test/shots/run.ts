// `npm run shots`: every panel and main state of both elements, and the carrier's back office,
// at 375 × 812 and 1280 × 800, rendered by Debian's Chromium against the real demo server into
// docs/screenshots/.
// The pictures are for people (release checklist of UX.md §9); the experience test walks the
// same tours and checks each stop.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { launchBrowser, openPage } from '../e2e/support.ts';
import { backOfficeTours, TOUR_SERVER_ENV, tours } from '../e2e/tour.ts';

const OUT = path.join(ROOT, 'docs', 'screenshots');
const VIEWPORTS = [
  { size: '375', viewport: { width: 375, height: 812 } },
  { size: '1280', viewport: { width: 1280, height: 800 } },
];
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;

mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [tourName, tour] of Object.entries({ ...tours, ...backOfficeTours })) {
    // A tour that needs the demo otherwise started (the deposit's Stripe stand-in) gets a server of its own.
    const ownEnv = TOUR_SERVER_ENV[tourName as keyof typeof TOUR_SERVER_ENV];
    const tourServer = ownEnv ? await startServer(undefined, 0, ownEnv) : server;
    for (const { size, viewport } of VIEWPORTS) {
      const page = await openPage(browser, { viewport });
      try {
        for await (const stop of tour(page, tourServer.base, tourServer)) {
          if (only && !only.test(stop.name)) continue;
          // Let the sticky bar and the fonts settle: the picture is what a visitor sees now.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          await page.screenshot({ path: path.join(OUT, `${stop.name}-${size}.png`) });
          console.log(`  ${stop.name}-${size}.png`);
        }
      } catch (error) {
        // The page as the tour failed on it, outside docs/ so it never lands among the pictures.
        const failure = path.join(tmpdir(), `echec-${tourName}-${size}.png`);
        await page.screenshot({ path: failure });
        console.error(`  échec : ${failure}`);
        throw error;
      } finally {
        await page.close();
      }
    }
    if (tourServer !== server) await tourServer.stop();
  }
} finally {
  await browser.close();
  await server.stop();
}
