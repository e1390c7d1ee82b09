// npm run lighthouse: Lighthouse 12 as a mid-range phone (its mobile preset: simulated slow 4G,
// CPU × 4) on the demo server's two pages, `/` (the wizard) and `/lite.html` (the lite), three
// runs each, the median printed beside issue 33's goals with the longest tasks and the scripts
// that spent them. It measures; it asserts nothing. `-- --runs 5` takes more runs, `-- --no-build`
// keeps dist/ as it is, `-- --only lite` (or wizard) measures one page. Chromium comes from
// CHROME_PATH (default /usr/bin/chromium).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startServer } from '../../server/test/api/support.ts';

const run = promisify(execFile);
const argument = (name) => process.argv[process.argv.indexOf(name) + 1];
const runs = process.argv.includes('--runs') ? Number(argument('--runs')) : 3;
const pages = [
  { label: 'wizard /', path: '/', name: 'wizard' },
  { label: 'lite /lite.html', path: '/lite.html', name: 'lite' },
].filter((page) => !process.argv.includes('--only') || argument('--only') === page.name);
const goals = { score: 95, tbtMs: 150, longestTaskMs: 200 };
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

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART): such a run is taken again, once. */
async function auditAgainOnce(url) {
  try {
    return await audit(url);
  } catch (error) {
    console.error(
      `une mesure a échoué, reprise : ${
        String(error.stderr ?? error)
          .trim()
          .split('\n')[0]
      }`,
    );
    return audit(url);
  }
}

const server = await startServer(undefined, 0, { LOG_LEVEL: 'warn' });
const short = (url) => url.replace(server.base, '') || url;
try {
  for (const page of pages) {
    const results = [];
    for (let index = 0; index < runs; index += 1) results.push(await auditAgainOnce(`${server.base}${page.path}`));
    const figure = (key) => median(results.map((result) => result[key]));
    const each = (key) => results.map((result) => result[key]).join(', ');
    console.log(`${page.label}  (median of ${runs}; each run in brackets)`);
    console.log(`  performance      ${figure('score')} [${each('score')}]  goal ≥ ${goals.score}`);
    console.log(`  TBT              ${figure('tbtMs')} ms [${each('tbtMs')}]  goal ≤ ${goals.tbtMs} ms`);
    console.log(`  longest task     ${figure('longestTaskMs')} ms [${each('longestTaskMs')}]  goal ≤ ${goals.longestTaskMs} ms`);
    console.log(`  TTI              ${figure('ttiMs')} ms [${each('ttiMs')}]`);
    // The run whose TBT is the median: its long tasks, and the script each ran in.
    const typical = results.find((result) => result.tbtMs === figure('tbtMs'));
    for (const task of typical.tasks) console.log(`    task of ${task.ms} ms at ${task.startMs} ms in ${short(task.url)}`);
  }
} finally {
  await server.stop();
}
