// npm run bench: bytes, first render, interaction latency, network economy and API
// throughput, printed as a table, written to test/bench/results/latest.json (this machine's
// previous run, not in git) and to docs/benchmarks.md (generated, in git).
// Benchmarks measure; tests assert behaviour.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { launchBrowser } from '../e2e/support.ts';
import { serveBenchPages } from './bench-pages.mjs';
import { measureApi } from './api.mjs';
import { measureQuoteCost } from './quote-cost.mjs';
import { measureSandboxFairness } from './sandbox-fairness.mjs';
import { measureDevisPdf } from './devis-pdf.mjs';
import { fixedRateLoad } from '../../server/test/reliability/fixed-rate-load.ts';
import { common, targets } from '../../build.mjs';
import { commitRecorderScript, summariseCommits } from './react-commits.mjs';
import { machineFacts, readDocReport, writeBenchmarksDoc } from './benchmarks-doc.mjs';
import { benchSections } from './report-rows.mjs';
import { TRIPS, controlsOf, tripData } from './trips.mjs';

const dist = path.join(ROOT, 'dist');
const results = path.join(ROOT, 'test/bench/results');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// The previous run's figures, printed beside today's: this machine's last run (results/ is not
// in git), or the run docs/benchmarks.md was generated from, whichever is the more recent.
const latestFile = path.join(results, 'latest.json');
const docFile = path.join(ROOT, 'docs/benchmarks.md');
const [previous, previousSource] = [
  [existsSync(latestFile) ? JSON.parse(readFileSync(latestFile, 'utf8')) : null, 'test/bench/results/latest.json'],
  [readDocReport(docFile), 'the run docs/benchmarks.md held'],
]
  .filter(([run]) => run)
  .sort(([a], [b]) => String(b.measuredAt).localeCompare(String(a.measuredAt)))[0] ?? [null, null];
const report = {
  measuredAt: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, Node ${process.version}`,
  machineFacts: machineFacts(),
};

execFileSync(process.execPath, [path.join(ROOT, 'build.mjs')], { stdio: 'ignore' });

// `npm run bench -- --pdf-only`: the devis PDF alone (issue 52, test/bench/devis-pdf.mjs), every
// other figure kept, with the date of the run that measured it.
if (process.argv.includes('--pdf-only')) {
  report.pdf = await measureDevisPdf();
  const keptAt = previous ? (previous.keptMeasuredAt ?? previous.measuredAt) : undefined;
  const run = { ...previous, ...report, goals: previous?.goals ?? report.goals, keptMeasuredAt: keptAt };
  const keptNote = keptAt ? `Measured on ${keptAt.slice(0, 16).replace('T', ' ')} UTC, kept by this --pdf-only run.` : undefined;
  const sections = benchSections({ report: run, previous, serverRun: run, keptNote }).map((section) => ({
    ...section,
    // A figure the kept run did not measure either is left out, and a section without any is 'not measured'.
    rows: section.rows.filter((row) => row[1] !== '—'),
  }));
  for (const [label, value, goal = ''] of sections.find((section) => section.pdf).rows)
    console.log(`${label.padEnd(58)} ${value.padEnd(90)} ${goal}`);
  mkdirSync(results, { recursive: true });
  writeFileSync(latestFile, JSON.stringify(run, null, 2));
  writeBenchmarksDoc(docFile, { report: run, previous, previousSource, kind: 'pdf-only', sections });
  console.log(`\nwritten to ${[latestFile, docFile].map((file) => path.relative(ROOT, file)).join(' and ')}`);
  process.exit(0);
}

// 1. Bytes -------------------------------------------------------------------------------
const meta = JSON.parse(readFileSync(path.join(dist, 'esm/meta.json'), 'utf8'));
/** The ES module files an entry brings: its static imports only (first panel), or its dynamic ones too (all it can load). */
function closure(entries, withDynamic) {
  const seen = new Set();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of meta.outputs[file].imports)
      if (!imported.external && (imported.kind === 'import-statement' || (withDynamic && imported.kind === 'dynamic-import')))
        pending.push(imported.path);
  }
  return [...seen];
}
/** Each file gzipped on its own, as it travels, plus the one-script loader(s). */
const transferred = (files, loaders) =>
  files.reduce((sum, file) => sum + gz(path.join(ROOT, file)), 0) + loaders.reduce((sum, tag) => sum + gz(path.join(dist, `${tag}.js`)), 0);
const chunkHolding = (fragment) =>
  Object.entries(meta.outputs).find(
    ([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).some((input) => input.includes(fragment)),
  )?.[0];
const WIZARD = 'dist/esm/transport-quote-wizard.js';
const LITE = 'dist/esm/transport-quote-lite.js';
report.bytes = {
  wizardFirstPanelGzip: transferred(closure([WIZARD], false), ['transport-quote-wizard']),
  liteFirstPanelGzip: transferred(closure([LITE], false), ['transport-quote-lite']),
  wizardEverythingGzip: transferred(closure([WIZARD], true), ['transport-quote-wizard']),
  bothOnOnePageGzip: transferred(closure([WIZARD, LITE], false), ['transport-quote-wizard', 'transport-quote-lite']),
  lazyLaterPanelsGzip: gz(path.join(ROOT, chunkHolding('src/ui/chunk-later-panels.ts'))),
  // The stop times, the lite's date and luxon: fetched as the first panel shows, after it.
  lazyTimePartsGzip: transferred(
    closure([chunkHolding('src/ui/chunk-time-fields.ts')], false).filter((file) => !closure([WIZARD], false).includes(file)),
    [],
  ),
  lazyDragLibraryGzip: gz(path.join(ROOT, chunkHolding('sortablejs'))),
  lazyMapsLoaderGzip: gz(path.join(ROOT, chunkHolding('@googlemaps/js-api-loader'))),
  lazyPricingSandboxGzip: gz(path.join(dist, 'pricing-worker.js')),
};
/**
 * The goals, gzip -9 bytes and milliseconds. Issue 33: the first panel counted with its times
 * (every script fetched until the address field answers and the network is quiet), and the
 * interactions of the 50-stop trip and of a typical one (3 stops, 12 items); issue 17's 'everything ≤ 150 KB' is withdrawn (React, react-dom, luxon
 * and sortablejs are the product's chosen parts).
 */
report.goals = {
  wizardUsableGzip: 125 * 1024,
  liteUsableGzip: 120 * 1024,
  bothOnOnePageGzip: 155 * 1024,
  firstRenderRatio: 1.5,
  reorderMs: 100,
  quantityChangeMs: 50,
  addressKeyMs: 50,
  typicalReorderMs: 25,
  typicalQuantityChangeMs: 25,
  typicalAddressKeyMs: 25,
};

// `npm run bench -- --bytes-only`: the bytes alone (the build's metafile and one Chromium load of
// each element), which are the same on a busy machine; no timing, and latest.json is left as it is.
const bytesOnly = process.argv.includes('--bytes-only');
// `npm run bench -- --server-only`: the server's figures alone, no browser; the elements' figures
// are kept from the run that measured them, as --ui-only keeps the server's.
const serverOnly = process.argv.includes('--server-only');

// 2-4. Browser measures ----------------------------------------------------------------------
if (!bytesOnly && !serverOnly) {
  await build({
    entryPoints: [path.join(ROOT, 'test/bench/bare-element.tsx')],
    outfile: path.join(dist, 'bench/bare-element.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  // The same elements with their component names kept, so the commit recorder can name what ran.
  const elements = targets.find((target) => target.options.splitting);
  await build({
    ...common,
    ...elements.options,
    outdir: path.join(dist, 'bench/named'),
    keepNames: true,
    sourcemap: false,
    absWorkingDir: ROOT,
    logLevel: 'silent',
  });
}
const page = (body) => `<!doctype html><html lang="fr"><meta charset="utf-8"><body>${body}</body></html>`;
const firstRender = (tag, script) =>
  page(`<script>window.__t0 = performance.now();</script><${tag} maps-provider="local"></${tag}>
<script src="${script}"></script>
<script>
  const el = document.querySelector('${tag}');
  (function poll() {
    const input = el.shadowRoot && el.shadowRoot.querySelector('input[role=combobox]');
    if (input) { window.__ready = performance.now() - window.__t0; return; }
    requestAnimationFrame(poll);
  })();
</script>`);
const tripPage = (trip, provider, extra = '', script = '<script src="/dist/transport-quote-wizard.js"></script>') =>
  page(
    `${extra}<transport-quote-wizard id="bench-${provider}" maps-provider="${provider}"><script type="application/json" data-store="travel">${JSON.stringify(tripData(trip))}</script></transport-quote-wizard>${script}`,
  );
const fakeGoogle = `<script>
  window.__routeRequests = 0;
  window.google = { maps: { importLibrary: async (name) => name === 'routes' ? { Route: { computeRoutes: async (r) => { window.__routeRequests += 1; const n = (r.intermediates || []).length + 1; return { routes: [{ legs: Array.from({ length: n }, () => ({ distanceMeters: 1000, durationMillis: 120000 })) }] }; } } } : {} } };
</script>`;
mkdirSync(path.join(dist, 'bench'), { recursive: true });
writeFileSync(path.join(dist, 'bench/first-render-wizard.html'), firstRender('transport-quote-wizard', '/dist/transport-quote-wizard.js'));
for (const tag of ['transport-quote-wizard', 'transport-quote-lite'])
  writeFileSync(
    path.join(dist, `bench/usable-${tag}.html`),
    page(`<${tag} maps-provider="local"></${tag}><script src="/dist/${tag}.js"></script>`),
  );
writeFileSync(path.join(dist, 'bench/first-render-bare.html'), firstRender('bare-react-element', '/dist/bench/bare-element.js'));
for (const trip of Object.values(TRIPS))
  writeFileSync(
    path.join(dist, 'bench', trip.page),
    tripPage(trip, 'local', commitRecorderScript, '<script type="module" src="/dist/bench/named/esm/transport-quote-wizard.js"></script>'),
  );
writeFileSync(path.join(dist, 'bench/big-trip-google.html'), tripPage(TRIPS.fifty, 'google', fakeGoogle));

/** Per element, the files its first panel fetched (printed by a --bytes-only run). */
const usableFiles = {};
if (!serverOnly) await measureElements();

/** The bytes a browser fetches, then (but for --bytes-only) the timings, on a server of their own. */
async function measureElements() {
  const server = await startServer();
  const launched = await launchBrowser();
  const browser = await launched.newContext();
  await serveBenchPages(browser, server);
  try {
    // Issue 33: what a visitor's first panel really fetches, its times included: every element
    // script asked for until the first address field answers and the network is quiet, each file
    // counted gzip -9 as it travels (the same count as above, file by file).
    const usableBytes = async (tag) => {
      const tab = await browser.newPage();
      const asked = new Set();
      tab.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/dist/') && url.pathname.endsWith('.js')) asked.add(url.pathname.replace('/dist/', ''));
      });
      await tab.goto(`${server.base}/dist/bench/usable-${tag}.html`);
      await tab.getByRole('combobox', { name: 'Adresse 1', exact: true }).fill('1');
      await tab.waitForLoadState('networkidle');
      await tab.close();
      usableFiles[tag] = [...asked].sort();
      return { gzip: [...asked].reduce((sum, file) => sum + gz(path.join(dist, file)), 0), files: asked.size };
    };
    const wizardUsable = await usableBytes('transport-quote-wizard');
    const liteUsable = await usableBytes('transport-quote-lite');
    report.bytes.wizardUsableGzip = wizardUsable.gzip;
    report.bytes.wizardUsableFiles = wizardUsable.files;
    report.bytes.liteUsableGzip = liteUsable.gzip;
    report.bytes.liteUsableFiles = liteUsable.files;

    if (!bytesOnly) await measureTimings(browser, server);
  } finally {
    await browser.close();
    await launched.close();
    await server.stop();
  }
}

// 5. API throughput against a bare node:http server, on SQLite and PostgreSQL (test/bench/api.mjs)
// `npm run bench -- --ui-only` skips it while working on the elements.
const uiOnly = process.argv.includes('--ui-only');
const elementsOnly = uiOnly || bytesOnly;
report.api = elementsOnly ? null : await measureApi();
// 6. What a quote costs the server beside a booking (test/bench/quote-cost.mjs).
report.quotes = elementsOnly ? null : await measureQuoteCost();

// 6. The reliability suite's fixed-rate load, for a whole minute (npm test runs it for a few
// seconds): what a steady stream of visitors gets, and whether every booking it was told of is kept.
async function measureFixedRateLoad() {
  const api = await startServer(undefined, 0, { LOG_LEVEL: 'warn' });
  try {
    const { seconds, search, booking, stored } = await fixedRateLoad(api, 60);
    const side = (result) => ({
      ok: result['2xx'],
      failed: result.errors + result.timeouts + result.non2xx,
      p99Ms: result.latency.p99,
    });
    return { seconds, search: side(search), booking: side(booking), storedBookings: stored };
  } finally {
    await api.stop();
  }
}
report.fixedRateLoad = elementsOnly ? null : await measureFixedRateLoad();
// 7. Another company's quote while one saturates its sandbox budget (test/bench/sandbox-fairness.mjs).
report.fairness = elementsOnly ? null : await measureSandboxFairness();
// 8. The devis PDF of the largest booking, and the health check while ten are made (issue 52).
report.pdf = elementsOnly ? null : await measureDevisPdf();

// Every run is kept as the next run's 'previous' (results/ is not in git); a --ui-only run keeps
// the last API figures it did not measure; a --bytes-only run writes nothing there.
if (!bytesOnly) {
  mkdirSync(results, { recursive: true });
  writeFileSync(latestFile, JSON.stringify(kept(), null, 2));
}

/**
 * What a run leaves for the next: a --ui-only run keeps the server figures of the run that
 * measured them, a --server-only run the elements' figures.
 */
function kept() {
  if (!previous || !(uiOnly || serverOnly)) return report;
  if (serverOnly) {
    const { bytes, firstRender, interaction, typicalInteraction, network } = previous;
    const elementsMeasuredAt = previous.elementsMeasuredAt ?? previous.measuredAt;
    return { ...report, bytes, firstRender, interaction, typicalInteraction, network, elementsMeasuredAt };
  }
  const serverMeasuredAt = previous.api ? (previous.serverMeasuredAt ?? previous.measuredAt) : undefined;
  return {
    ...report,
    api: previous.api,
    quotes: previous.quotes,
    fixedRateLoad: previous.fixedRateLoad,
    fairness: previous.fairness,
    pdf: previous.pdf,
    serverMeasuredAt,
  };
}

// A --ui-only run shows the server figures it kept (from the run that measured them), a
// --server-only run the elements' figures.
const serverRun = uiOnly ? kept() : report;
const elementsRun = serverOnly ? kept() : report;
const keptNote = (at, flag) => (at ? `Measured on ${at.slice(0, 16).replace('T', ' ')} UTC, kept by this ${flag} run.` : undefined);
const serverNote = uiOnly ? keptNote(serverRun.serverMeasuredAt, '--ui-only') : undefined;
const elementsNote = serverOnly ? keptNote(elementsRun.elementsMeasuredAt, '--server-only') : undefined;
const sections = benchSections({
  report: elementsRun,
  previous,
  serverRun,
  serverNote,
  elementsNote,
  // Timings are shown when this run (or, for --server-only, the run it keeps them from) took them.
  bytesOnly: bytesOnly || (serverOnly && !elementsRun.firstRender),
});
const rows = sections.flatMap((section) => section.rows);
console.log(`${'measure'.padEnd(56)} ${'today'.padEnd(14)} ${'goal'.padEnd(12)} previous run (${previous?.measuredAt ?? 'none'})`);
for (const [label, value, goal = '', before = ''] of rows)
  console.log(`${label.padEnd(56)} ${value.padEnd(14)} ${goal.padEnd(12)} ${before}`);
// docs/benchmarks.md from the same figures; a --bytes-only run writes its bytes alone there.
writeBenchmarksDoc(docFile, {
  report: kept(),
  previous,
  previousSource,
  kind: bytesOnly ? 'bytes-only' : uiOnly ? 'ui-only' : serverOnly ? 'server-only' : 'full',
  sections,
});
if (bytesOnly)
  for (const [tag, files] of Object.entries(usableFiles)) {
    console.log(`\n${tag}: the files its first panel fetched, gzip -9`);
    for (const file of files) console.log(`  ${file.padEnd(54)} ${kb(gz(path.join(dist, file))).padStart(10)}`);
  }
console.log(`\nwritten to ${[...(bytesOnly ? [] : [latestFile]), docFile].map((file) => path.relative(ROOT, file)).join(' and ')}`);

/** First render, interaction latency and network economy: timings, which another workload spoils. */
async function measureTimings(browser, server) {
  // Issue 17: the median of 20 loads, with the CPU slowed 4× as on a mid-range phone.
  const renderTimes = async (file) => {
    const times = [];
    for (let run = 0; run < 22; run += 1) {
      const tab = await browser.newPage();
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.goto(`${server.base}/dist/bench/${file}`);
      await tab.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30000 });
      times.push(await tab.evaluate(() => window.__ready));
      await tab.close();
    }
    return median(times.slice(2)); // the first two warm the cache
  };
  const wizardMs = await renderTimes('first-render-wizard.html');
  const bareMs = await renderTimes('first-render-bare.html');
  report.firstRender = {
    wizardMs: Math.round(wizardMs),
    bareReactElementMs: Math.round(bareMs),
    ratio: Number((wizardMs / bareMs).toFixed(2)),
    cpuThrottling: 4,
    loads: 20,
  };

  // Interaction latency, CPU throttled 4×: the 50-stop trip, then the typical one, measured
  // alike. Returns the figures, and the trip's tab left on its items panel, CPU unthrottled.
  const measureInteractions = async (trip) => {
    const controls = controlsOf(trip);
    const tab = await browser.newPage();
    await tab.setViewportSize({ width: 1000, height: 1200 });
    const cdp = await tab.context().newCDPSession(tab);
    await tab.goto(`${server.base}/dist/bench/${trip.page}`);
    await tab.getByRole('button', { name: 'Suivant' }).waitFor({ timeout: 15000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Time from the click until the change is in the DOM (React's render and commit), looked for
    // after every task, then what React did for the same interaction: commits and components run.
    const timeUntilChange = (selector, action) =>
      tab.evaluate(
        async ({ selector, action }) => {
          const root = document.querySelector('transport-quote-wizard').shadowRoot;
          const read = () => {
            const node = root.querySelector(selector);
            return node ? node.textContent + (node.value ?? '') : null;
          };
          const before = read();
          const channel = new MessageChannel();
          const nextTask = () =>
            new Promise((resolve) => {
              channel.port1.onmessage = () => resolve();
              channel.port2.postMessage(null);
            });
          const start = performance.now();
          root.querySelector(action).click();
          while (read() === before) await nextTask();
          return performance.now() - start;
        },
        { selector, action },
      );
    const commitsOf = async (selector, action) => {
      await tab.evaluate(() => window.__tqwCommits.start());
      await timeUntilChange(selector, action);
      // Follow-up commits (effects, a route fetched again) count too: wait until React is quiet.
      await tab.waitForTimeout(1500);
      return summariseCommits(await tab.evaluate(() => window.__tqwCommits.stop()));
    };
    const reorders = [];
    for (let run = 0; run < 5; run += 1) reorders.push(await timeUntilChange(controls.firstAddress, controls.reorderButton));
    const reorderCommits = await commitsOf(controls.firstAddress, controls.reorderButton);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await tab.getByRole('button', { name: 'Suivant' }).click();
    await tab.getByRole('heading', { name: 'Vos objets' }).waitFor();
    // The items panel is a lazy chunk: measured once it is there.
    await tab.locator(controls.quantityInput).waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const quantities = [];
    for (let run = 0; run < 5; run += 1) quantities.push(await timeUntilChange(controls.quantityInput, controls.quantityButton));
    const quantityCommits = await commitsOf(controls.quantityInput, controls.quantityButton);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Typing in an address field of the same trip: per key, the time from the input event until
    // the main thread is free again (React's render and commit, and whatever they queued first).
    const typing = await browser.newPage();
    await typing.setViewportSize({ width: 1000, height: 1200 });
    const typingCdp = await typing.context().newCDPSession(typing);
    await typing.goto(`${server.base}/dist/bench/${trip.page}`);
    await typing.getByRole('button', { name: 'Suivant' }).waitFor({ timeout: 15000 });
    await typingCdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const keyTimes = await typing.evaluate(async (selector) => {
      const input = document.querySelector('transport-quote-wizard').shadowRoot.querySelector(selector);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const channel = new MessageChannel();
      const nextTask = () =>
        new Promise((resolve) => {
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      input.focus();
      setValue.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const times = [];
      for (const letter of '12 rue de la Paix') {
        const start = performance.now();
        setValue.call(input, input.value + letter);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await nextTask();
        times.push(performance.now() - start);
        // A visitor's pace: about eight keys a second.
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      return times;
    }, controls.typedAddress);
    await typing.close();
    const figures = {
      cpuThrottling: 4,
      stops: trip.stops,
      items: trip.items,
      quantityChangeMs: Math.round(median(quantities)),
      reorderMs: Math.round(median(reorders)),
      addressKeyMs: Math.round(median(keyTimes)),
      addressKeyMaxMs: Math.round(Math.max(...keyTimes)),
      quantityChangeReact: quantityCommits,
      reorderReact: reorderCommits,
    };
    return { figures, tab };
  };
  const fifty = await measureInteractions(TRIPS.fifty);
  report.interaction = fifty.figures;
  const typical = await measureInteractions(TRIPS.typical);
  report.typicalInteraction = typical.figures;
  await typical.tab.close();
  // The network measures go on in the 50-stop trip's tab, on its items panel.
  const tab = fifty.tab;

  // Network economy.
  const google = await browser.newPage();
  await google.goto(`${server.base}/dist/bench/big-trip-google.html`);
  await google.getByRole('button', { name: 'Suivant' }).waitFor({ timeout: 15000 });
  const routeRequests = await google.evaluate(() => window.__routeRequests);
  const requests = [];
  tab.on('request', (request) => requests.push(request.url()));
  await tab.getByRole('combobox', { name: 'Rechercher un objet' }).pressSequentially('frigidaire', { delay: 80 });
  // Counted once the answer is on screen (a slow machine must not count the request as never sent).
  await tab.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().waitFor({ timeout: 10000 });
  const searchRequests = requests.filter((url) => url.includes('/api/v1/items/search')).length;
  await tab.getByRole('button', { name: 'Précédent' }).click();
  const address = tab.getByRole('combobox', { name: 'Adresse 1', exact: true });
  await address.fill('');
  requests.length = 0;
  await address.pressSequentially('10 rue de Rivoli 75004 Paris', { delay: 80 });
  await tab.getByRole('listbox', { name: 'Suggestions pour Adresse 1' }).getByRole('option').first().waitFor({ timeout: 10000 });
  report.network = {
    fiftyStopTrip: { geocodeRequests: 0, routeRequests, note: 'stops from a data block are already resolved; routes go in chunks of 25' },
    typingTenLetterItemSearch: { requests: searchRequests, keystrokes: 10 },
    typingTwentyEightCharacterAddress: { requests: requests.filter((url) => url.includes('/api/v1/geo/search')).length, keystrokes: 28 },
  };
}
