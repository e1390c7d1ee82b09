// The one test command: type-check, build, browser suites in headless Chromium, Node suites.
// Runs every stage even after a failure, then prints one closing line and exits non-zero
// if anything failed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium introuvable (${chromium}). Installez-le : apt-get update && apt-get install -y chromium`);
  process.exit(1);
}

const nodeDirs = ['test/server', 'test/e2e', 'test/reliability'].filter(
  (dir) => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.test.mjs')),
);

// The API and reliability suites run a second time on PostgreSQL when one answers
// (.ci/postgres.sh installs and starts it); otherwise that stage is reported as not run.
// Its load and fuzz runs are shorter than the SQLite ones: same checks, fewer cases.
const POSTGRES_SUITES = [
  'test/server/travels.test.mjs',
  'test/server/catalogue.test.mjs',
  'test/server/two-processes.test.mjs',
  'test/server/defences.test.mjs',
  'test/server/operations.test.mjs',
  'test/server/openapi.test.mjs',
  'test/server/quotes.test.mjs',
  'test/server/back-office.test.mjs',
  'test/server/webhooks.test.mjs',
  'test/server/mail.test.mjs',
  'test/reliability/price-authority.test.mjs',
  'test/server/upgrade.test.mjs',
  'test/server/backup.test.mjs',
  'test/reliability/crash.test.mjs',
  'test/reliability/fuzz.test.mjs',
  'test/reliability/load.test.mjs',
  'test/postgres/',
];
const { postgresAvailable, POSTGRES_ADMIN_URL } = await import('./server/support.mjs');
const withPostgres = await postgresAvailable();
const notRun = [];
if (!withPostgres) {
  const where = POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//');
  notRun.push(`PostgreSQL (aucun serveur à ${where} : bash .ci/postgres.sh l’installe et le démarre)`);
  if (process.env.TQW_REQUIRE_POSTGRES === '1') {
    console.error(`PostgreSQL est exigé (TQW_REQUIRE_POSTGRES=1) mais ne répond pas à ${where}.`);
    process.exit(1);
  }
}

const stages = [
  { name: 'types', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  // ESLint (eslint.config.mjs) and Prettier's formatting (npm run format writes it).
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'] },
  // The layers of DESIGN §2 (.dependency-cruiser.cjs): a breach fails the run.
  { name: 'layers', cmd: 'npx', args: ['depcruise', 'src', 'elements', 'demo/server', '--config', '.dependency-cruiser.cjs'] },
  { name: 'build', cmd: 'node', args: ['build.mjs'] },
  {
    name: 'browser',
    cmd: 'npx',
    args: ['web-test-runner', '--config', 'web-test-runner.config.mjs'],
    counts: /(\d+) passed, (\d+) failed/g,
  },
  ...(nodeDirs.length > 0
    ? [
        {
          name: 'node',
          cmd: 'node',
          args: ['--test', '--test-concurrency=1', ...nodeDirs.map((dir) => `${dir}/`)],
          counts: /^# (pass|fail) (\d+)/gm,
        },
      ]
    : []),
  ...(withPostgres
    ? [
        {
          name: 'node-postgres',
          cmd: 'node',
          args: ['--test', '--test-concurrency=1', ...POSTGRES_SUITES],
          counts: /^# (pass|fail) (\d+)/gm,
          env: { TQW_TEST_STORE: 'postgres', FUZZ_RUNS: '400', LOAD_SECONDS: '15' },
        },
      ]
    : []),
];

function run(stage) {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...stage.env },
    });
    let output = '';
    const relay = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        target.write(chunk);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

let passed = 0;
let failed = 0;
const failures = [];
const timings = [];
for (const stage of stages) {
  console.log(`\n── ${stage.name} ──`);
  const started = performance.now();
  const { code, output: raw } = await run(stage);
  timings.push(`${stage.name} ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // ANSI colour codes out, so the counts can be read.
  // eslint-disable-next-line no-control-regex -- the escape character is what is matched
  const output = raw.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  if (stage.name === 'browser') {
    const last = [...output.matchAll(stage.counts)].pop();
    if (last) {
      passed += Number(last[1]);
      failed += Number(last[2]);
    }
  } else if (stage.name.startsWith('node')) {
    for (const match of output.matchAll(stage.counts)) {
      if (match[1] === 'pass') passed += Number(match[2]);
      else failed += Number(match[2]);
    }
  }
  if (code !== 0) failures.push(stage.name);
}

// Where the time goes, so a slow stage is found before anything is cut.
console.log(`\nDurée : ${timings.join(' · ')}`);
if (failures.length > 0) console.error(`\nÉchec : ${failures.join(', ')}`);
for (const what of notRun) console.log(`\nNon exécuté : ${what}`);
console.log(`\n${passed} passed, ${failed} failed${notRun.length > 0 ? `, ${notRun.length} stage not run` : ''}`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
