// The server as a carrier installs it for production: both packages packed, installed from
// their tarballs with --omit=dev into an empty folder, configured by transport-quote.env in that
// folder, started with NODE_ENV=production. It must start, serve the element scripts compressed
// and cached, show nothing of the demo, let the operator create the first company with the
// installed command run as the README shows (no variable: the same configuration file), refuse
// that command where no database exists, and drain on SIGTERM.
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { pdfObjects, qpdfProblems } from './pdf-archive.ts';
import { startInbox } from './smtp-inbox.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';
import { DEMO_COMPANY_TOKEN, json, logMessages, logRecords, ROOT, SERVER_NODE, untilNotReady } from './support.ts';
import { registerEndpoint, startReceiver, waitFor } from './webhook-receiver.ts';

const runFile = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function pack(args, destination) {
  const [{ filename }] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', destination, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  return path.join(destination, filename);
}

/**
 * better-sqlite3 has no prebuilt binary this machine may download, and compiling it takes
 * about 80 s on two cores. Its installer first looks for a "local prebuild": the module this
 * repository already compiled for the same version and Node ABI, packed the way its
 * installer expects, as a carrier's CI cache would hold it.
 */
function localPrebuild(work) {
  // The module compiled for the Node that installs and runs the server: the repository's own, or
  // on npm test's Node 24 stage the copy .ci/node24.sh compiled against Node 24 (TQW_BETTER_SQLITE3_DIR).
  const module = process.env.TQW_BETTER_SQLITE3_DIR || path.join(ROOT, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(path.join(module, 'package.json'), 'utf8'));
  const folder = path.join(work, 'prebuilds');
  mkdirSync(folder);
  const abi = execFileSync(SERVER_NODE, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const name = `better-sqlite3-v${version}-node-v${abi}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['czf', path.join(folder, name), '-C', module, 'build/Release/better_sqlite3.node']);
  return folder;
}

/** A zip archive's entries by name, each read on demand: its central directory, then the entry (stored or deflated). */
function zipEntries(bytes) {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map();
  let at = bytes.readUInt32LE(end + 16);
  for (let index = bytes.readUInt16LE(end + 10); index > 0; index--) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    entries.set(bytes.toString('utf8', at + 46, at + 46 + nameLength), () => (method === 8 ? inflateRawSync(data) : data));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** Files under a folder, relative to it, with / between folders. */
const filesUnder = (dir, prefix = '') =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );

/**
 * The command of the systemd unit the package ships (deploy/transport-quote.service): node
 * started directly on the server's bin file, in the unit's WorkingDirectory. Here that folder is
 * the test's installation and /usr/bin/node this Node.
 */
function unitCommand(app) {
  const unit = readFileSync(path.join(app, 'node_modules/transport-quote-server/deploy/transport-quote.service'), 'utf8');
  const setting = (name) => unit.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1];
  const home = setting('WorkingDirectory');
  const execStart = setting('ExecStart');
  const [node, script, ...args] = execStart!.split(/\s+/);
  return { unit, home, execStart, node, script, args: [script.replace(home!, app), ...args] };
}

/** The installed server running: its process, its address, what it wrote on each output. */
interface InstalledServer {
  child: ChildProcess;
  base: string;
  logs(): string;
  errors(): string;
}

/** Starts the installed server as its systemd unit does; resolves with its base URL once it printed READY. */
function startInstalled(app, env) {
  const child = spawn(SERVER_NODE, unitCommand(app).args, {
    cwd: app,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  return new Promise<InstalledServer>((resolve, reject) => {
    // Killed past the bound, so its pipes do not keep the suite alive after the failure.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`le serveur installé n'a pas démarré :\n${logs}`));
    }, 60000);
    const onData = (chunk) => {
      logs += chunk;
      const ready = /READY (http:\/\/\S+)/.exec(logs);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, base: ready[1], logs: () => logs, errors: () => errors });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`le serveur installé s'est arrêté (${code}) :\n${logs}`)));
  });
}

describe('the server package installed for production from its tarball', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'tqw-prod-'));
  const app = path.join(work, 'app');
  const databasePath = path.join(work, 'data', 'production.sqlite');
  let server;
  /** What the operator noted from the commands: company 1's token, its administrator's password. */
  let companyToken = '';
  let adminPassword = '';

  /** An installed command, run in `cwd` as an operator's shell runs it: none of the server's variables. */
  const command = (name, args, cwd = app) =>
    execFileSync(SERVER_NODE, [path.join(app, 'node_modules/transport-quote-server/dist', name), ...args], {
      cwd,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
  const carrier = (...args) => command('carrier.mjs', args);

  before(async () => {
    const elements = pack([], work);
    const serverPackage = pack(['--workspace', 'server'], work);
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'serveur-transporteur', private: true, type: 'module' }));
    execFileSync(npm, ['install', '--omit=dev', '--no-audit', '--no-fund', elements, serverPackage], {
      cwd: app,
      stdio: 'pipe',
      // npm and the install scripts on the server's Node, so better-sqlite3 is installed for it.
      env: {
        ...process.env,
        PATH: `${path.dirname(SERVER_NODE)}${path.delimiter}${process.env.PATH}`,
        npm_config_better_sqlite3_local_prebuilds: localPrebuild(work),
      },
    });
    // The server's configuration, which its commands read too. The straight-line route: a
    // production server asks IGN's service by default, and no test reaches outside this machine.
    writeFileSync(
      path.join(app, 'transport-quote.env'),
      [`DATABASE_PATH=${databasePath}`, 'SHUTDOWN_DELAY_MS=1500', 'ROUTE_SERVICE=straight-line', ''].join('\n'),
    );
    server = await startInstalled(app, {});
  });
  after(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('installs without the development packages: no test runner, bundler or browser driver', () => {
    const installed = (name) => existsSync(path.join(app, 'node_modules', name, 'package.json'));
    // The devis's font package too: the server's package ships the two faces it uses (issue 54).
    for (const devOnly of ['esbuild', '@web/test-runner', 'playwright-core', 'typescript', 'eslint', 'autocannon', '@embedpdf/fonts-latin'])
      assert.ok(!installed(devOnly), `${devOnly} is not installed`);
    for (const runtime of [
      'fastify',
      'better-sqlite3',
      'pg',
      'prom-client',
      '@fastify/compress',
      'nodemailer',
      '@fastify/csrf-protection',
      'pdfkit',
      'fontkit',
    ])
      assert.ok(installed(runtime), `${runtime} is installed`);
  });

  it('ships a systemd unit that starts node directly on the server’s bin file (never npx), and a configuration example', () => {
    const { unit, home, execStart, node, script } = unitCommand(app);
    const { bin } = JSON.parse(readFileSync(path.join(app, 'node_modules/transport-quote-server/package.json'), 'utf8'));
    assert.match(node, /^\/.*\/node$/, 'an absolute path to node');
    assert.doesNotMatch(execStart!, /npx|npm/);
    assert.equal(script, path.posix.join(home!, 'node_modules/transport-quote-server', bin['transport-quote-server']));
    assert.match(unit, /^KillMode=mixed$/m, 'SIGTERM to the server alone');
    const timeout = Number(unit.match(/^TimeoutStopSec=(\d+)$/m)?.[1]);
    assert.ok(timeout > 20, 'longer than the default drain (5 s) and in-flight bound (15 s)');
    const example = readFileSync(path.join(app, 'node_modules/transport-quote-server/deploy/transport-quote.env.example'), 'utf8');
    assert.match(example, /^DATABASE_PATH=\/srv\/transport-quote\//m);
  });

  it('starts in production: health answers, no demo page and no demo company, and says how to create the first company', async () => {
    assert.equal((await json(server.base, 'GET', '/healthz')).status, 200);
    assert.equal((await json(server.base, 'GET', '/readyz')).data.ready, true);
    for (const page of ['/', '/index.html', '/company.html', '/lite.html', '/iframe-host.html', '/csp.html', '/docs.html', '/demo.css']) {
      const response = await fetch(server.base + page);
      assert.equal(response.status, 404, page);
      assert.ok(!(await response.text()).includes('démonstration'), `${page}: no link to demo pages`);
    }
    assert.equal(
      (await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}`)).status,
      404,
      'the public demo token opens nothing',
    );
    assert.ok(
      logMessages(server.logs()).some((message) =>
        /^Aucune entreprise encore\u00a0: créez la première avec npx transport-quote-carrier add-company/.test(message),
      ),
    );
    // The release it is, and the schema it made, each step in one line.
    const { version } = JSON.parse(readFileSync(path.join(app, 'node_modules/transport-quote-server/package.json'), 'utf8'));
    assert.notEqual(version, '0.1.0', 'a release of its own, not the first placeholder');
    assert.ok(
      logMessages(server.logs()).includes(
        `Transport quote wizard\u00a0: serveur ${version} prêt (production\u00a0: ni page ni entreprise de démonstration)`,
      ),
    );
    assert.ok(logMessages(server.logs()).some((message) => /^Base de données\u00a0: schéma mis à jour en version 1\/\d+ \(/.test(message)));
    // The catalogue is the product's own data: it is there.
    const search = await json(server.base, 'GET', '/api/v1/items/search?q=canape');
    assert.ok(search.data.length > 0);
  });

  it('offers the WordPress plugin as a zip to download, with the plugin’s main PHP file inside', async () => {
    const response = await fetch(`${server.base}/integrations/wordpress/transport-quote.zip`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="transport-quote.zip"');
    const entries = zipEntries(Buffer.from(await response.arrayBuffer()));
    const main = entries.get('transport-quote/transport-quote.php');
    assert.ok(main, [...entries.keys()].join(', '));
    assert.match(main().toString('utf8'), /^ \* Plugin Name: +Devis de transport$/m);
    // The plugin's folder whole, as WordPress's upload expects it: every file under transport-quote/.
    assert.deepEqual(
      [...entries.keys()].filter((name) => !name.endsWith('/')).sort(),
      filesUnder(path.join(ROOT, 'integrations/wordpress/transport-quote'), 'transport-quote/').sort(),
    );
  });

  it('the installed commands’ help names them as installed (package.json’s bin), not scripts of the repository', () => {
    const { bin } = JSON.parse(readFileSync(path.join(app, 'node_modules/transport-quote-server/package.json'), 'utf8'));
    for (const [name, file] of [
      ['transport-quote-db', 'db.mjs'],
      ['transport-quote-carrier', 'carrier.mjs'],
    ]) {
      assert.equal(bin[name], `./dist/${file}`);
      assert.ok(existsSync(path.join(app, 'node_modules/.bin', name)), `npx ${name} finds it`);
      const help = command(file, ['--help']);
      assert.match(help, new RegExp(`^Usage\\s: ${name} <commande>`));
      assert.match(help, new RegExp(`npx ${name} `));
      assert.doesNotMatch(help, /npm run/);
    }
  });

  it('serves the element scripts from the installed elements package, compressed and cached', async () => {
    const loader = await fetch(`${server.base}/dist/transport-quote-wizard.js`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(loader.status, 200);
    assert.equal(loader.headers.get('content-encoding'), 'br');
    assert.equal(loader.headers.get('cache-control'), 'public, max-age=300');
    const preloads = [...(await loader.text()).matchAll(/chunks\/(chunk-[A-Z0-9]{8}\.js)/g)].map((match) => match[1]);
    assert.ok(preloads.length > 0, 'the loader preloads its chunks');
    const chunk = await fetch(`${server.base}/dist/esm/chunks/${preloads[0]}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers.get('content-encoding'), 'gzip');
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('the operator creates the first company with the installed command, without DATABASE_PATH; its token opens its data and books, its devis comes as a PDF', async () => {
    assert.ok(logMessages(server.logs()).includes(`Configuration\u00a0: ${path.join(app, 'transport-quote.env')}`));
    const output = carrier('add-company', 'Déménagements Lefèvre', '--telephone', '02 40 12 34 56');
    assert.match(output, new RegExp(`Base de données : ${databasePath}`), 'the server’s database, read from transport-quote.env');
    assert.match(output, /Entreprise n° 1 créée : Déménagements Lefèvre/);
    assert.ok(!existsSync(path.join(app, 'data')), 'no second database beside the server’s');
    const token = output.trim().split('\n').pop();
    assert.match(token!, /^[\w-]{43}$/, 'a token of 256 random bits');
    companyToken = token!;
    const company = await json(server.base, 'GET', `/api/v1/companies/${token}`);
    assert.equal(company.status, 200);
    assert.equal(company.data.transportation_company.name, 'Déménagements Lefèvre');
    assert.equal(company.data.company_mode, true);
    assert.equal(company.data.vat, 0.2);
    const booked = await json(server.base, 'POST', '/api/v1/travels', { body: { ...bookingBody(), company_token: token } });
    assert.equal(booked.status, 201, booked.text);
    // Its devis as a PDF: made by the package's own worker thread (dist/devis-pdf-worker.mjs, issue 52).
    const pdf = await fetch(`${server.base}/devis/${booked.data.id}.pdf?token=${booked.data.token}`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(pdf.status, 200, bytes.toString('utf8', 0, 500));
    assert.equal(bytes.toString('latin1', 0, 5), '%PDF-');
    // Written in the faces the package ships with their licence (issue 54), embedded, and whole for qpdf.
    const fonts = path.join(app, 'node_modules/transport-quote-server/dist/fonts');
    assert.deepEqual(readdirSync(fonts).sort(), ['NotoSans-Bold.ttf', 'NotoSans-Regular.ttf', 'OFL.txt']);
    assert.match(readFileSync(path.join(fonts, 'OFL.txt'), 'utf8'), /SIL OPEN FONT LICENSE Version 1\.1/);
    const embedded = pdfObjects(new Uint8Array(bytes)).dictionaries.filter((entry) => entry['/Type'] === '/FontDescriptor');
    assert.deepEqual(embedded.map((font) => String(font['/FontName']).replace(/^\/[A-Z]{6}\+/, '')).sort(), [
      'NotoSans-Bold',
      'NotoSans-Regular',
    ]);
    assert.ok(
      embedded.every((font) => font['/FontFile2']),
      'both embedded',
    );
    assert.equal(qpdfProblems(new Uint8Array(bytes)), null);
  });

  it('run from a folder without the configuration, the command refuses, names the path and the variables, and creates nothing', () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'tqw-ailleurs-'));
    let refusal;
    try {
      command('carrier.mjs', ['add-company', 'Transports Martin & Fils'], elsewhere);
    } catch (error) {
      refusal = error;
    }
    assert.equal(refusal?.status, 1, 'the command fails');
    assert.match(refusal.stderr, new RegExp(`Aucune base de données à ${path.join(elsewhere, 'data', 'transport-quote.sqlite')}`));
    assert.match(refusal.stderr, /DATABASE_PATH .*transport-quote\.env/s);
    assert.doesNotMatch(refusal.stdout, /créée/);
    assert.ok(!existsSync(path.join(elsewhere, 'data')), 'no database created');
  });

  it('the operator gives the company its first back-office account; it signs in and sees the company’s bookings, not the public pages’', async () => {
    const output = carrier('add-user', '--entreprise', '1', 'Bureau@Lefevre-Demenagements.fr');
    assert.match(output, /Compte créé pour Déménagements Lefèvre \(entreprise n° 1\) : bureau@lefevre-demenagements\.fr/);
    const lines = output.trim().split('\n');
    const password = lines[lines.findIndex((line) => line.startsWith('Mot de passe')) + 1];
    assert.match(password, /^[\w-]{5}(-[\w-]{5}){3}$/, 'a generated password of 120 random bits');
    adminPassword = password;
    const publicBooking = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(publicBooking.status, 201);
    const office = new BackOffice(server.base);
    assert.equal((await office.signIn('bureau@lefevre-demenagements.fr', password)).status, 303);
    const list = await office.get('/espace-transporteur/reservations');
    assert.equal(list.status, 200);
    const listed = BackOffice.listedIds(list.text);
    assert.equal(listed.length, 1, 'the company’s booking');
    assert.ok(!listed.includes(publicBooking.data.id), 'without PUBLIC_COMPANY_ID nobody’s back office sees the public pages');
    assert.ok(logMessages(server.logs()).includes('Réservations du site public\u00a0: vues par aucun espace (PUBLIC_COMPANY_ID)'));
    // Nor does any company's records price them: the keyless carrier data is refused, in French.
    const keyless = await json(server.base, 'GET', '/api/v1/carrier');
    assert.equal(keyless.status, 400);
    assert.match(keyless.data.error, /aucune entreprise ne tient les pages sans clé/);
    assert.ok(logMessages(server.logs()).some((message) => message.startsWith('E-mails aux clients\u00a0: désactivés')));
  });

  /**
   * An installed command run to its end (bounded: a command that would serve instead is stopped
   * and fails), without blocking this process: the suite's own servers and connections go on.
   */
  const run = async (name: string, args: string[], cwd: string, env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await runFile(SERVER_NODE, [path.join(app, 'node_modules/transport-quote-server/dist', name), ...args], {
        cwd,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
        timeout: 30_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number | string | null; stdout: string; stderr: string };
      return { code: typeof failed.code === 'number' ? failed.code : null, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  /** Every file of a folder with the hash of its bytes: what a command that changes nothing leaves as it was. */
  const snapshot = (dir: string) =>
    Object.fromEntries(
      filesUnder(dir).map((file) => [
        file,
        createHash('sha256')
          .update(readFileSync(path.join(dir, file)))
          .digest('hex'),
      ]),
    );
  const userVersion = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return Number(db.pragma('user_version', { simple: true }));
    } finally {
      db.close();
    }
  };
  /** The database `migrate` prepared (below), and its schema version: this release's. */
  let migrated = '';
  let schemaVersion = 0;

  it('issue 58 --help and --version of every command print and exit, and make nothing: no database, no folder', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'tqw-aide-'));
    const { version } = JSON.parse(readFileSync(path.join(app, 'node_modules/transport-quote-server/package.json'), 'utf8'));
    const cases: [string, string[], RegExp][] = [
      ['main.mjs', ['--help'], /^Usage\s: transport-quote-server \[commande\]\n[\s\S]* {2}migrate [\s\S]* {2}check /],
      [
        'main.mjs',
        ['--version'],
        new RegExp(`^transport-quote-server ${version.replaceAll('.', '\\.')} \\(schéma de base de données version \\d+, Node `),
      ],
      ['main.mjs', ['start', '--help'], /^Usage\s: transport-quote-server \[start\]/],
      ['main.mjs', ['migrate', '--help'], /^Usage\s: transport-quote-server migrate\n/],
      ['main.mjs', ['check', '--help'], /^Usage\s: transport-quote-server check\n/],
      ['carrier.mjs', ['--version'], new RegExp(`^transport-quote-carrier ${version.replaceAll('.', '\\.')} `)],
      ['carrier.mjs', ['add-user', '--help'], /^Usage\s: transport-quote-carrier <commande>/],
      ['db.mjs', ['--version'], new RegExp(`^transport-quote-db ${version.replaceAll('.', '\\.')} `)],
      ['db.mjs', ['restore', '--help'], /^Usage\s: transport-quote-db <commande>/],
    ];
    for (const [file, args, expected] of cases) {
      const answer = await run(file, args, empty);
      assert.equal(answer.code, 0, `${file} ${args.join(' ')}: ${answer.stdout}${answer.stderr}`);
      assert.match(answer.stdout, expected, `${file} ${args.join(' ')}`);
      assert.equal(answer.stderr, '');
    }
    assert.deepEqual(readdirSync(empty), [], 'nothing made where they ran');
  });

  it('issue 58 check reads and changes nothing; migrate prepares the database and ends; check then finds it at the server’s schema', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tqw-migrer-'));
    migrated = path.join(folder, 'data', 'base.sqlite');
    writeFileSync(path.join(folder, 'transport-quote.env'), `DATABASE_PATH=${migrated}\nROUTE_SERVICE=straight-line\n`);
    const before = await run('main.mjs', ['check'], folder);
    assert.equal(before.code, 0, before.stdout);
    assert.match(before.stdout, /^Note {6}Base de données .*base\.sqlite\s: pas encore préparée/m);
    assert.ok(!existsSync(path.join(folder, 'data')), 'check made no database');

    const done = await run('main.mjs', ['migrate'], folder);
    assert.equal(done.code, 0, done.stdout + done.stderr);
    assert.equal(done.stderr, '');
    const records = logRecords(done.stdout);
    schemaVersion = userVersion(migrated);
    assert.ok(schemaVersion > 1);
    assert.equal(records.filter((record) => record.event === 'migration').length, schemaVersion, 'each step, one JSON line');
    assert.deepEqual(
      { event: records.at(-1).event, version: records.at(-1).version },
      { event: 'migrated', version: schemaVersion },
      'the last line says where the schema stands',
    );
    assert.ok(!records.some((record) => record.event === 'ready'), 'nothing served');

    const files = snapshot(folder);
    const after = await run('main.mjs', ['check'], folder);
    assert.equal(after.code, 0, after.stdout);
    assert.match(
      after.stdout,
      new RegExp(`^OK {8}Base de données .*base\\.sqlite\\s: schéma version ${schemaVersion}, celle de ce serveur$`, 'm'),
    );
    assert.match(after.stdout, /^Aucun problème\s: le serveur peut démarrer\.$/m);
    assert.deepEqual(snapshot(folder), files, 'check changed no byte and made no file');

    const refused = await run('main.mjs', ['check'], folder, { LOG_LEVEL: 'bavard' });
    assert.equal(refused.code, 1);
    assert.match(
      refused.stdout,
      /^Problème {2}Réglages\s: journal \(LOG_LEVEL\)\s: LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace, silent \(reçu\s«\sbavard\s»\)$/m,
    );
  });

  it('issue 58 a database one schema version ahead of the server is refused by its start, migrate and check, naming both versions', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tqw-avance-'));
    const ahead = path.join(folder, 'avance.sqlite');
    copyFileSync(migrated, ahead);
    const db = new Database(ahead);
    db.pragma(`user_version = ${schemaVersion + 1}`);
    db.close();
    const both = new RegExp(`version ${schemaVersion + 1} du schéma, plus récente que la version ${schemaVersion} que connaît ce serveur`);
    const start = await run('main.mjs', [], folder, { DATABASE_PATH: ahead, ROUTE_SERVICE: 'straight-line' });
    assert.equal(start.code, 1, start.stdout);
    const last = logRecords(start.stdout).at(-1);
    assert.equal(last.level, 60);
    assert.equal(last.reason, 'schema-too-new');
    assert.match(last.msg, both);
    assert.doesNotMatch(start.stdout, /READY/);
    const migrating = await run('main.mjs', ['migrate'], folder, { DATABASE_PATH: ahead });
    assert.equal(migrating.code, 1);
    assert.match(logRecords(migrating.stdout).at(-1).msg, both);
    const checking = await run('main.mjs', ['check'], folder, { DATABASE_PATH: ahead });
    assert.equal(checking.code, 1);
    assert.match(
      checking.stdout,
      new RegExp(`schéma version ${schemaVersion + 1}, plus récent que la version ${schemaVersion} de ce serveur`),
    );
    assert.equal(userVersion(ahead), schemaVersion + 1, 'left as it was');
  });

  it('issue 58 a restored copy started with SEND_NOTHING=1 sends nothing (mail sink, webhook receiver, Stripe stand-in silent) and says so; started without it, what waited leaves', async () => {
    const inbox = await startInbox();
    const receiver = await startReceiver();
    const stripe = await startStripeStandIn();
    const started: InstalledServer[] = [];
    try {
      // The guide's restore drill: a backup while the server runs, restored into a new database.
      const drill = mkdtempSync(path.join(tmpdir(), 'tqw-copie-'));
      const backup = path.join(drill, 'sauvegarde.sqlite');
      const copyPath = path.join(drill, 'copie.sqlite');
      assert.equal((await run('db.mjs', ['backup', backup], app)).code, 0);
      const restored = await run('db.mjs', ['restore', backup], app, { DATABASE_PATH: copyPath });
      assert.equal(restored.code, 0, restored.stderr);
      // The deposit asked once the carrier accepts (Réglages, Acompte), as a carrier with Stripe sets it.
      const db = new Database(copyPath);
      db.prepare(
        "INSERT INTO deposit_settings (company_id, kind, percent, due, updated_at) VALUES (1, 'percent', 30, 'booking_accepted', ?)",
      ).run(new Date().toISOString());
      db.close();
      const env = {
        DATABASE_PATH: copyPath,
        SMTP_URL: inbox.url,
        MAIL_FROM: 'devis@lefevre-demenagements.example',
        STRIPE_SECRET_KEY: 'sk_test_copie_0123456789',
        STRIPE_WEBHOOK_SECRET: 'whsec_copie_0123456789',
        STRIPE_API_BASE: stripe.url,
        WEBHOOK_ALLOW_LOOPBACK: '1',
        OUTBOX_POLL_MS: '50',
        ACCEPTANCE_UNDO_SECONDS: '0',
        PUBLIC_URL: 'http://127.0.0.1:9',
        SHUTDOWN_DELAY_MS: '0',
      };
      const pay = (base: string, id: number, token: string) =>
        fetch(`${base}/devis/${id}/acompte?token=${encodeURIComponent(token)}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        });

      const copy = await startInstalled(app, { ...env, SEND_NOTHING: '1' });
      started.push(copy);
      assert.deepEqual((await json(copy.base, 'GET', '/healthz')).data, { status: 'ok', send_nothing: true });
      assert.deepEqual((await json(copy.base, 'GET', '/readyz')).data, { ready: true, send_nothing: true });
      assert.ok(
        logMessages(copy.logs()).includes('Envois vers l’extérieur\u00a0: aucun, SEND_NOTHING=1 (ni e-mail, ni webhook, ni paiement)'),
      );
      assert.equal(logRecords(copy.logs()).find((record) => record.event === 'ready').send_nothing, true);
      // Company 1's webhook endpoint (on this machine: the copy lets webhooks call it).
      const copyOffice = new BackOffice(copy.base);
      assert.equal((await copyOffice.signIn('bureau@lefevre-demenagements.fr', adminPassword)).status, 303);
      await registerEndpoint(copyOffice, receiver.url);
      // A booking with its customer's e-mail (the confirmation, the event), accepted (the acceptance, its event, the deposit due).
      const booked = await json(copy.base, 'POST', '/api/v1/travels', { body: { ...bookingBody(), company_token: companyToken } });
      assert.equal(booked.status, 201, booked.text);
      const { id, token } = booked.data;
      await copyOffice.get(`/espace-transporteur/reservations/${id}`);
      assert.equal((await copyOffice.post(`/espace-transporteur/reservations/${id}/accepter`)).status, 303);
      assert.equal((await pay(copy.base, id, token)).status, 404, 'no payment session on a copy');
      await copyOffice.get('/espace-transporteur/equipe');
      assert.ok(
        (await copyOffice.post('/espace-transporteur/equipe/invitations', { email: 'collegue@lefevre-demenagements.fr' })).status < 400,
      );
      const exited = new Promise((resolve) => copy.child.once('exit', (code) => resolve(code)));
      copy.child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.deepEqual(
        { mails: inbox.messages.length, deliveries: receiver.received.length, stripe: stripe.requests.length },
        { mails: 0, deliveries: 0, stripe: 0 },
        'nothing left the copy',
      );
      assert.equal(copy.errors(), '', 'nothing on standard error');
      assert.ok(logRecords(copy.logs()).length > 0, 'every line JSON');

      // The same database without the switch: what waited in the outbox leaves, and the deposit is paid at Stripe.
      const live = await startInstalled(app, env);
      started.push(live);
      try {
        await waitFor(() => inbox.to('marie@exemple.fr').length > 0, 'la confirmation');
        await waitFor(
          () => receiver.received.some((delivery) => delivery.event?.type === 'booking.created' && delivery.event.data.booking.id === id),
          'l’événement booking.created',
        );
        const paid = await pay(live.base, id, token);
        assert.equal(paid.status, 303);
        assert.ok(String(paid.headers.get('location')).startsWith(stripe.url), 'to Checkout');
        assert.ok(stripe.requests.some((request) => request.path === '/v1/checkout/sessions'));
      } finally {
        const stopped = new Promise((resolve) => live.child.once('exit', resolve));
        live.child.kill('SIGTERM');
        await stopped;
      }
    } finally {
      // A failure above leaves no server running that would keep the suite alive.
      for (const one of started) if (one.child.exitCode === null && one.child.signalCode === null) one.child.kill('SIGKILL');
      await inbox.close();
      await receiver.close();
      await stripe.close();
    }
  });

  it('issue 58 the server’s output is JSON only: requests as fields (the route’s pattern, the address masked), probes not at info', async () => {
    const probe = await json(server.base, 'GET', '/healthz');
    assert.equal(probe.status, 200);
    const company = await json(server.base, 'GET', `/api/v1/companies/${companyToken}`);
    assert.equal(company.status, 200);
    await waitFor(
      () => logRecords(server.logs()).some((record) => record.route === '/api/v1/companies/:token' && record.status === 200),
      'la ligne de la requête',
    );
    const records = logRecords(server.logs());
    const line = records.find((record) => record.route === '/api/v1/companies/:token' && record.status === 200);
    assert.equal(line.method, 'GET');
    assert.equal(line.url, '/api/v1/companies/[caché]');
    assert.equal(typeof line.ms, 'number');
    assert.ok(!server.logs().includes(companyToken), 'the token never reaches the log');
    assert.ok(!records.some((record) => record.route === '/healthz'), 'a probe is logged at debug, not at info');
    assert.equal(server.errors(), '', 'nothing on standard error');
  });

  it('issue 58 the container and compose files of deploy/ run commands the package has, on Node 24, as a user that is not root, checked on /readyz', async () => {
    const deploy = path.join(app, 'node_modules/transport-quote-server/deploy');
    const { bin } = JSON.parse(readFileSync(path.join(app, 'node_modules/transport-quote-server/package.json'), 'utf8'));
    const installedAt = '/srv/transport-quote/node_modules/transport-quote-server/';
    /** The installed file a path of the image names, which must be one of the package's commands. */
    const command = (file: string) => {
      assert.ok(file.startsWith(installedAt), file);
      const relative = `./${file.slice(installedAt.length)}`;
      const name = Object.keys(bin).find((key) => bin[key] === relative);
      assert.ok(name, `${file} is a command of the package (${Object.values(bin).join(', ')})`);
      assert.ok(existsSync(path.join(app, 'node_modules/transport-quote-server', relative)));
      return { name, local: path.join(app, 'node_modules/transport-quote-server', relative) };
    };
    // Each instruction on one line, its continuations joined.
    const dockerfile = readFileSync(path.join(deploy, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
    const instruction = (name: string) => [...dockerfile.matchAll(new RegExp(`^${name} (.+)$`, 'gm'))].map((match) => match[1]!);
    assert.ok(instruction('FROM').length >= 3, 'multi-stage');
    assert.match(dockerfile, /^ARG NODE_IMAGE=node:24-/m, 'Node 24 LTS');
    const user = instruction('USER').at(-1);
    assert.ok(user && user !== 'root' && user !== '0', `runs as ${user}`);
    assert.deepEqual(JSON.parse(instruction('ENTRYPOINT').at(-1)!), ['node']);
    const [main] = JSON.parse(instruction('CMD').at(-1)!);
    assert.equal(command(main).name, 'transport-quote-server');
    // Its health check, run here against the installed server: 0 while it is ready, 1 where nothing answers.
    const healthcheck = JSON.parse(
      instruction('HEALTHCHECK')
        .at(-1)!
        .replace(/^[\s\S]*?CMD /, ''),
    );
    assert.equal(healthcheck[0], 'node');
    assert.match(healthcheck.at(-1), /\/readyz/);
    const probe = async (port: string) =>
      runFile(SERVER_NODE, healthcheck.slice(1), { env: { PATH: process.env.PATH, PORT: port } }).then(
        () => 0,
        (error) => error.code,
      );
    assert.equal(await probe(new URL(server.base).port), 0);
    assert.equal(await probe('9'), 1);

    const compose = parseYaml(readFileSync(path.join(deploy, 'compose.yaml'), 'utf8'));
    assert.deepEqual(Object.keys(compose.services).sort(), ['backup', 'caddy', 'db', 'migrate', 'server']);
    assert.match(compose.services.db.image, /^postgres:17/);
    assert.ok(existsSync(path.join(deploy, compose.services.caddy.volumes[0].split(':')[0])), 'the Caddyfile it mounts');
    for (const name of ['migrate', 'server']) {
      const [file, ...args] = compose.services[name].command;
      assert.equal(command(file).name, 'transport-quote-server');
      assert.equal(compose.services[name].env_file, 'transport-quote.env');
      // The command and its arguments are the package's: its help says so and opens nothing.
      const help = await run('main.mjs', [...args, '--help'], mkdtempSync(path.join(tmpdir(), 'tqw-compose-')));
      assert.equal(help.code, 0, `${name}: ${args.join(' ')}`);
    }
    assert.deepEqual(compose.services.migrate.command.slice(1), ['migrate']);
    assert.equal(compose.services.server.depends_on.migrate.condition, 'service_completed_successfully', 'migrate, then start');
    assert.equal(compose.services.caddy.depends_on.server.condition, 'service_healthy');
    const backup = / node (\S+) backup /.exec(compose.services.backup.command[0]);
    assert.equal(command(backup![1]!).name, 'transport-quote-db');
    assert.ok(compose.services.server.volumes.some((volume: string) => volume.endsWith(':/var/lib/transport-quote')));
    assert.equal(
      compose.services.server.environment.TRUST_PROXY,
      compose.networks.front.ipam.config[0].subnet,
      'Caddy’s network is believed, and only it',
    );

    // The proxies' examples set both headers; the systemd units start the package's commands.
    assert.match(
      readFileSync(path.join(deploy, 'Caddyfile'), 'utf8'),
      /header_up X-Forwarded-For \{remote_host\}[\s\S]*header_up X-Forwarded-Proto \{scheme\}/,
    );
    const nginx = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8');
    assert.match(nginx, /proxy_set_header X-Forwarded-For \$remote_addr;/);
    assert.match(nginx, /proxy_set_header X-Forwarded-Proto \$scheme;/);
    const backupUnit = readFileSync(path.join(deploy, 'transport-quote-backup.service'), 'utf8');
    assert.match(backupUnit, /^User=transport-quote$/m);
    assert.equal(command(/exec \/usr\/bin\/node (\S+) backup /.exec(backupUnit)![1]!).name, 'transport-quote-db');
    assert.match(readFileSync(path.join(deploy, 'transport-quote-backup.timer'), 'utf8'), /^OnCalendar=/m);
    assert.match(readFileSync(path.join(deploy, 'transport-quote.logrotate'), 'utf8'), /^\s+copytruncate$/m);
  });

  it('SIGTERM: /readyz turns false during the drain, then the process exits 0', async () => {
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const ready = await untilNotReady(server.base);
    assert.equal(ready.data.ready, false);
    assert.equal(await exited, 0);
    // The last line says that it stopped and why (issue 58).
    const last = logRecords(server.logs()).at(-1);
    assert.deepEqual(
      { event: last.event, signal: last.signal, exit_code: last.exit_code },
      { event: 'stopped', signal: 'SIGTERM', exit_code: 0 },
    );
  });
});
