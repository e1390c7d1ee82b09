// Playwright (playwright-core) driving Debian's Chromium against the real server.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export async function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Collects CSP violations and page errors of a page. */
export function watchPage(page) {
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  return problems;
}

/** Types an address and picks the first suggestion, waiting for it to be verified. */
export async function resolveAddress(page, step, text) {
  await page.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
  await page.getByRole('listbox', { name: `Suggestions pour Adresse ${step}` }).getByRole('option').first().click();
  await page.getByText('adresse vérifiée').nth(step - 1).waitFor();
}

/**
 * The demo server and a browser for a describe block: started before its tests, stopped
 * after. Read `demo.server` and `demo.browser` inside the tests.
 */
export function useDemo({ before, after, startServer }) {
  const demo = { server: null, browser: null };
  before(async () => {
    demo.server = await startServer();
    demo.browser = await launchBrowser();
  });
  after(async () => {
    await demo.browser?.close();
    await demo.server?.stop();
  });
  return demo;
}
