// The date guard (npm test's 'dates' stage, or `node test/date-guard.mjs` alone after a build):
// runs the suites whose test clock meets a server's real one (the element suites, the journeys
// and the API suites that book, edit, remind, expire or purge) under Debian's faketime, at
// two dates taken from the machine's own (guardDates below: a summer month's last evening, already
// the next month in Paris, and February's, in winter). Every process of a run (the runner, the servers it starts, Chromium) lives at
// that date: faketime's library and setting go down through the environment. A run passes
// when every suite passes with as many tests as at the other dates; a date bomb (a day written
// in a test, an offset of winter time, a server reading a clock the test did not set) fails it.
import { spawn, spawnSync } from 'node:child_process';

/**
 * The browser suites where a day is typed, listed, booked or expected (the test clock and the
 * reference server's), and the Node suites where a day matters on the server.
 */
const BROWSER_FILES = ['booking', 'customer-trust', 'customer-doubts', 'lite', 'addresses', 'shell', 'clock'].map(
  (name) => `test/elements/${name}.test.ts`,
);
export const NODE_FILES = [
  // The customer's date, its edit deadline, the calendar mails and the filters by day.
  'server/test/api/back-office.test.ts',
  'server/test/api/customer-page.test.ts',
  'server/test/api/mail.test.ts',
  'server/test/api/day-quotes.test.ts',
  'server/test/api/devis-acceptance.test.ts',
  // The journeys: a page clock derived from the machine's date (test/support/test-instant.ts, as
  // the element suites' above), a booking made, reopened and edited against the demo server.
  'test/e2e/journeys.test.ts',
];
// Checked at the three dates when the guard was written, and left to the machine's date since to
// keep CI short (they hold no day of their own; each takes a minute a date): the invitation and
// reset links and the public bookings' retention (team, defences), the fourteen days' prices and
// the customer's page in the browser (e2e day-prices and customer-page).

const pad = (value) => String(value).padStart(2, '0');
/** 'yyyy-MM-dd HH:mm:ss' in UTC, as faketime reads it (the machine's zone is UTC here; TZ is set below). */
const faketimeStamp = (date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;

/**
 * The two instants, from the machine's date, each at 22:30 UTC on the last day of a month: the
 * next 31 August (summer time: already 1 September in Paris, a day, a month and a season's
 * prices apart from UTC, between eight and twenty months ahead) and the last day of the next
 * February (winter time, the day's last hour in Paris; the 28th or the 29th). A third date, the
 * end of the next month, added nothing the two did not test, for three minutes of each run.
 */
export function guardDates(now = new Date()) {
  const year = now.getUTCFullYear();
  let august = new Date(Date.UTC(year, 7, 31, 22, 30));
  // Far enough ahead that the machine's own day, in the tests' fixtures, is never that day.
  if (august.getTime() <= now.getTime() + 60 * 86_400_000) august = new Date(Date.UTC(year + 1, 7, 31, 22, 30));
  // The last day of the next February (Date.UTC's day 0 of March).
  let february = new Date(Date.UTC(year, 2, 0, 22, 30));
  if (february <= now) february = new Date(Date.UTC(year + 1, 2, 0, 22, 30));
  return [
    { label: 'dernier jour d’août, heure d’été', at: august },
    { label: 'dernier jour de février', at: february },
  ];
}

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const plain = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

/** Passed and failed counts of a run, from web-test-runner's summary or node:test's TAP. */
function counts(output) {
  const text = plain(output);
  const browser = [...text.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  if (browser) return { passed: Number(browser[1]), failed: Number(browser[2]) };
  const pass = [...text.matchAll(/^# pass (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
  const fail = [...text.matchAll(/^# fail (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
  return { passed: pass, failed: fail };
}

/** What failed in a run: TAP's `not ok` lines with their error, or web-test-runner's ❌ lines with theirs. */
function failures(output) {
  const lines = plain(output).split('\n');
  const picked = [];
  lines.forEach((line, index) => {
    if (!/^\s*not ok \d+|❌/.test(line)) return;
    picked.push(line.trimEnd(), ...lines.slice(index + 1, index + 12).filter((next) => /error|Error|expected|actual|at /.test(next)));
  });
  return picked.length > 0 ? picked.slice(0, 80) : lines.filter((line) => line.trim() !== '').slice(-40);
}

async function runAt({ label, at }, index) {
  const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: '0', NO_COLOR: '1' };
  const stamp = faketimeStamp(at);
  const runs = [
    {
      name: 'navigateur',
      // A port per date, so a run cut short never holds the next date's.
      args: [
        'npx',
        'web-test-runner',
        '--config',
        'web-test-runner.config.mjs',
        '--port',
        String(8710 + index),
        '--files',
        ...BROWSER_FILES,
      ],
    },
    { name: 'node', args: ['node', '--import', 'tsx', '--test', '--test-concurrency=1', ...NODE_FILES] },
  ];
  const results = [];
  for (const { name, args } of runs) {
    const { code, output } = await run('faketime', [stamp, ...args], env);
    results.push({ name, code, output, ...counts(output) });
  }
  return { label, stamp, results };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (spawnSync('faketime', ['--version']).error) {
    console.error('faketime introuvable : apt-get install -y faketime (paquet Debian).');
    process.exit(1);
  }
  const dates = guardDates();
  // One date after the other: three Chromiums and their servers at once, beside npm test's other
  // stages, starved the element suites' waits on a two-core machine.
  const outcomes = [];
  for (const [index, date] of dates.entries()) outcomes.push(await runAt(date, index));
  let passed = 0;
  let failed = 0;
  let wrong = false;
  for (const { label, stamp, results } of outcomes) {
    for (const result of results) {
      passed += result.passed;
      failed += result.failed;
      const ok = result.code === 0 && result.failed === 0 && result.passed > 0;
      console.log(
        `${ok ? 'ok' : 'ÉCHEC'} · ${stamp} UTC (${label}) · ${result.name} : ${result.passed} réussi(s), ${result.failed} échoué(s)`,
      );
      if (!ok) {
        wrong = true;
        console.log(failures(result.output).join('\n'));
      }
    }
  }
  // The same suites at every date: a test that ran at one and not at another is a difference too.
  for (const name of ['navigateur', 'node']) {
    const totals = outcomes.map(({ results }) => results.find((result) => result.name === name));
    const seen = new Set(totals.map((result) => result.passed + result.failed));
    if (seen.size > 1) {
      wrong = true;
      console.log(`ÉCHEC · ${name} : pas le même nombre de tests selon la date (${[...seen].join(', ')})`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(wrong ? 1 : 0);
}
