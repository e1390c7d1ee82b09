// npm run lighthouse: Lighthouse 12 as a mid-range phone (its mobile preset: simulated slow 4G,
// CPU × 4) on the demo server's two pages, `/` (the wizard) and `/lite.html` (the lite), and on
// the same page with a bare React 19 element instead (test/bench/bare-page.mjs), the yardstick of
// issue 47: absolute figures move with the host, so each figure is also given as a ratio to the
// bare page's, measured in the same run. The pages are audited in turn (bare, wizard, lite, then
// again), five times each by default; the median of each figure is printed beside the goals with
// each run's figure and the long tasks of the median run, and written into docs/benchmarks.md's
// Lighthouse section. It measures; it asserts nothing. `-- --runs 7` takes more runs, `-- --no-build`
// keeps dist/ as it is, `-- --only lite` (or wizard) measures one element's page (the bare page is
// always measured), `-- --no-write` leaves docs/benchmarks.md alone. Chromium comes from
// CHROME_PATH (default /usr/bin/chromium).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { startBarePage } from './bare-page.mjs';
import { writeLighthouseSection } from './benchmarks-doc.mjs';

const run = promisify(execFile);
const argument = (name) => process.argv[process.argv.indexOf(name) + 1];
const runs = process.argv.includes('--runs') ? Number(argument('--runs')) : 5;
const only = process.argv.includes('--only') ? argument('--only') : null;
// Issue 47's goals: the longest task within half again the bare element's, TBT and score absolute.
const goals = { score: 95, tbtMs: 150, longestTaskRatio: 1.5 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const lighthouseCli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

if (!process.argv.includes('--no-build')) execFileSync(process.execPath, [path.join(ROOT, 'build.mjs')], { stdio: 'ignore' });

/** One Lighthouse run of one page: its score, TBT, TTI and the long tasks with their script. */
async function audit(url) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tqw-lighthouse-'));
  const output = path.join(folder, 'report.json');
  try {
    await run(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(output, 'utf8'));
    if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
    const tasks = report.audits['long-tasks']?.details?.items ?? [];
    return {
      score: Math.round(report.categories.performance.score * 100),
      tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
      ttiMs: Math.round(report.audits.interactive.numericValue),
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      tasks: tasks.map((task) => ({ url: task.url, startMs: Math.round(task.startTime), ms: Math.round(task.duration) })),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, a runtime error): such a run is taken again, once. */
async function auditAgainOnce(url) {
  try {
    return await audit(url);
  } catch (error) {
    console.error(
      `une mesure a échoué, reprise : ${
        String(error.stderr || error.message || error)
          .trim()
          .split('\n')[0]
      }`,
    );
    return audit(url);
  }
}

const server = await startServer(undefined, 0, { LOG_LEVEL: 'warn' });
const bare = await startBarePage();
const pages = [
  { label: 'bare React 19 element', path: bare.url, name: 'bare' },
  { label: 'wizard /', path: `${server.base}/`, name: 'wizard' },
  { label: 'lite /lite.html', path: `${server.base}/lite.html`, name: 'lite' },
].filter((page) => page.name === 'bare' || !only || only === page.name);
const short = (url) => url.replace(server.base, '').replace(/^http:\/\/127\.0\.0\.1:\d+/, '') || url;
const startedAt = new Date();
const load = Number(loadavg()[0].toFixed(2));
try {
  const results = Object.fromEntries(pages.map((page) => [page.name, []]));
  // In turn: a busy moment of the machine falls on every page alike, the bare one included.
  for (let index = 0; index < runs; index += 1) for (const page of pages) results[page.name].push(await auditAgainOnce(page.path));

  const figure = (name, key) => median(results[name].map((result) => result[key]));
  const each = (name, key) => results[name].map((result) => result[key]).join(', ');
  const ratio = (name, key) => (figure('bare', key) > 0 ? figure(name, key) / figure('bare', key) : NaN);
  const asRatio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ×` : '—');
  const rows = [];
  for (const page of pages) {
    const typical = results[page.name].find((result) => result.tbtMs === figure(page.name, 'tbtMs'));
    const isBare = page.name === 'bare';
    console.log(`${page.label}  (median of ${runs}; each run in brackets; ratio to the bare element's median)`);
    console.log(`  performance      ${figure(page.name, 'score')} [${each(page.name, 'score')}]${isBare ? '' : `  goal ≥ ${goals.score}`}`);
    console.log(
      `  TBT              ${figure(page.name, 'tbtMs')} ms = ${asRatio(ratio(page.name, 'tbtMs'))} [${each(page.name, 'tbtMs')}]${isBare ? '' : `  goal ≤ ${goals.tbtMs} ms`}`,
    );
    console.log(
      `  longest task     ${figure(page.name, 'longestTaskMs')} ms = ${asRatio(ratio(page.name, 'longestTaskMs'))} [${each(page.name, 'longestTaskMs')}]${isBare ? '' : `  goal ≤ ${goals.longestTaskRatio} × bare`}`,
    );
    console.log(
      `  TTI              ${figure(page.name, 'ttiMs')} ms = ${asRatio(ratio(page.name, 'ttiMs'))} [${each(page.name, 'ttiMs')}]`,
    );
    // The run whose TBT is the median: its long tasks, and the script each ran in.
    for (const task of typical.tasks) console.log(`    task of ${task.ms} ms at ${task.startMs} ms in ${short(task.url)}`);
    rows.push(
      `| ${page.label} | ${figure(page.name, 'score')} (${each(page.name, 'score')}) | ${figure(page.name, 'tbtMs')} ms = ${asRatio(ratio(page.name, 'tbtMs'))} | ${figure(page.name, 'longestTaskMs')} ms = ${asRatio(ratio(page.name, 'longestTaskMs'))} (${each(page.name, 'longestTaskMs')}) | ${figure(page.name, 'ttiMs')} ms |`,
    );
  }
  if (!process.argv.includes('--no-write')) {
    const file = path.join(ROOT, 'docs/benchmarks.md');
    writeLighthouseSection(
      file,
      [
        '## Lighthouse, beside a bare React element (issue 47)',
        '',
        `Written by \`npm run lighthouse\` (test/bench/lighthouse.mjs) on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Lighthouse 12's phone (simulated slow 4G, CPU × 4), the pages audited in turn, median of ${runs} each (each run in brackets); machine: ${cpus().length} cores (${cpus()[0]?.model?.trim()}), load average ${load} at the start. Ratios are to the bare React 19 element's page measured in the same run. Goals on both elements' pages: performance ≥ ${goals.score}, TBT ≤ ${goals.tbtMs} ms, longest task ≤ ${goals.longestTaskRatio} × the bare page's.`,
        '',
        '| page | performance | TBT | longest task | TTI |',
        '|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
    console.log(`\nwritten to ${path.relative(ROOT, file)} (its Lighthouse section)`);
  }
} finally {
  await bare.stop();
  await server.stop();
}
