// Playwright (playwright-core) driving Debian's Chromium against the real server.
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import type { after as afterHook, before as beforeHook } from 'node:test';
import type { ServerEnv, startServer as startDemoServer, TestServer } from '../../server/test/api/support.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { firstMondayAfter } from '../support/test-instant.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * tsx keeps functions' names by wrapping them in `__name(fn, 'name')`, and the functions a suite
 * hands to page.evaluate() carry those calls into the page: every page of the suites' browsers
 * gets that helper (a no-op) before its own scripts.
 */
const KEEP_NAMES = 'globalThis.__name = (target) => target;';

export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(KEEP_NAMES);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await page.context().addInitScript(KEEP_NAMES);
    await page.evaluate(KEEP_NAMES);
    return page;
  };
  return browser;
}

/**
 * The instant the journeys live at: the first Monday at least three days after the machine's
 * date, at 09:00 UTC (10:00 in Paris in winter, 11:00 in summer). Every page gets it as its
 * clock, and every date typed or expected is derived from it, so the journeys give the same
 * answers on any day the machine runs them: always a Monday (the weekdays fall as the tests
 * expect), and always ahead of the servers' clock (the machine's), so no day they book, quote
 * or edit has passed there.
 */
export const E2E_NOW = firstMondayAfter(new Date(), 3, 9);

/** The day `days` after the clock's day in Paris, 'yyyy-MM-dd' (the test clock is at 10:00 there: no midnight to cross). */
export function dayAfterToday(days: number) {
  return new Date(E2E_NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A day as a French reader says it: 'lundi 30 novembre', 'mardi 1er décembre' (Intl's, not the element's). */
export function frenchDay(date: string) {
  const text = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return text.replace(/^(\S+) 1 /, '$1 1er ');
}

/** A day's time in Paris with its offset of that day (winter +01:00, summer +02:00): '2026-12-02T09:00:00+01:00'. */
export function parisTime(date: string, time: string) {
  const noon = new Date(`${date}T12:00:00Z`);
  const paris = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
  const hours = Math.round((paris.getTime() - utc.getTime()) / 3_600_000);
  return `${date}T${time}:00+0${hours}:00`;
}

/** A page whose clock is the test clock (Date only: timers run as usual). */
export async function openPage(browser: Browser, options?: BrowserContextOptions) {
  const page = await browser.newPage(options);
  await page.clock.setFixedTime(E2E_NOW);
  return page;
}

/** Collects CSP violations and page errors of a page. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  return problems;
}

/** The wizard's customer form, booked for the 15th day after the test clock's at 09:00. */
export async function fillCustomer(page: Page | Locator) {
  await page.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Marie Curie');
  await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
  await page.getByLabel('E-mail', { exact: true }).fill('marie@exemple.fr');
  await page.getByLabel('Date du transport').selectOption(dayAfterToday(15));
  await page.getByLabel('Heure de début').selectOption('09:00');
}

/**
 * Types in a stop's address field and picks the suggestion named `option` (a saved place), from
 * the list that answers the text typed: the saved places shown on focus stay on screen, busy,
 * while the search runs, and a click on them then is not taken.
 */
export async function pickSuggestion(page: Page | Locator, step: number, text: string, option: RegExp) {
  await page.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
  await page
    .getByRole('listbox', { name: `Suggestions pour Adresse ${step}` })
    .and(page.locator(':not([aria-busy])'))
    .getByRole('option', { name: option })
    .click();
}

/** Types an address and picks the first suggestion, waiting for it to be verified; `page` may be a locator to search within. */
export async function resolveAddress(page: Page | Locator, step: number, text: string) {
  await page.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
  // The list answering the text as typed: one still showing an earlier answer (the saved places
  // shown on focus) is busy and takes no click.
  await page
    .getByRole('listbox', { name: `Suggestions pour Adresse ${step}` })
    .and(page.locator(':not([aria-busy])'))
    .getByRole('option')
    .first()
    .click();
  await page
    .getByText('adresse vérifiée')
    .nth(step - 1)
    .waitFor();
}

/** The two widths UX.md's checklist asks every page at: a phone's and a desktop's. */
export const PHONE_AND_DESKTOP_VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/**
 * The demo server and a browser for a describe block: started before its tests, stopped
 * after. Read `demo.server` and `demo.browser` inside the tests.
 */
export function useDemo({
  before,
  after,
  startServer,
  env = async () => ({}),
}: {
  before: typeof beforeHook;
  after: typeof afterHook;
  startServer: typeof startDemoServer;
  env?: () => Promise<ServerEnv>;
}) {
  // Set by `before`, before any test reads them.
  const demo = { server: null as unknown as TestServer, browser: null as unknown as Browser };
  before(async () => {
    demo.server = await startServer(undefined, 0, await env());
    demo.browser = await launchBrowser();
  });
  after(async () => {
    await demo.browser?.close();
    await demo.server?.stop();
  });
  return demo;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A tour's stop as the back-office pages' suites check it: axe finds nothing, nothing scrolls sideways. */
export async function assertAxeCleanWithoutSidewaysScroll(page: Page, stopName: string) {
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
  assert.deepEqual(violations, [], stopName);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${stopName}: ${overflow} px de défilement horizontal`);
}
