// The server as a carrier installs it for production: both packages packed, installed from
// their tarballs with --omit=dev into an empty folder, configured by transport-quote.env in that
// folder, started with NODE_ENV=production. It must start, serve the element scripts compressed
// and cached, show nothing of the demo, let the operator create the first company with the
// installed command run as the README shows (no variable: the same configuration file), refuse
// that command where no database exists, and drain on SIGTERM.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { pdfObjects, qpdfProblems } from './pdf-archive.ts';
import { DEMO_COMPANY_TOKEN, json, ROOT, SERVER_NODE, untilNotReady } from './support.ts';

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

/** Starts the installed server as its systemd unit does; resolves with its base URL once it printed READY. */
function startInstalled(app, env) {
  const child = spawn(SERVER_NODE, unitCommand(app).args, {
    cwd: app,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  return new Promise((resolve, reject) => {
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
        resolve({ child, base: ready[1], logs: () => logs });
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
    assert.match(server.logs(), /Aucune entreprise encore : créez la première avec\n\s+npx transport-quote-carrier add-company/);
    // The release it is, and the schema it made, each step in one line.
    const { version } = JSON.parse(readFileSync(path.join(app, 'node_modules/transport-quote-server/package.json'), 'utf8'));
    assert.notEqual(version, '0.1.0', 'a release of its own, not the first placeholder');
    assert.match(server.logs(), new RegExp(`Transport quote wizard : serveur ${version.replaceAll('.', '\\.')} prêt`));
    assert.match(server.logs(), /^Base de données : schéma mis à jour en version 1\/\d+ \(/m);
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
    assert.match(server.logs(), new RegExp(`Configuration {16}${path.join(app, 'transport-quote.env')}`));
    const output = carrier('add-company', 'Déménagements Lefèvre', '--telephone', '02 40 12 34 56');
    assert.match(output, new RegExp(`Base de données : ${databasePath}`), 'the server’s database, read from transport-quote.env');
    assert.match(output, /Entreprise n° 1 créée : Déménagements Lefèvre/);
    assert.ok(!existsSync(path.join(app, 'data')), 'no second database beside the server’s');
    const token = output.trim().split('\n').pop();
    assert.match(token!, /^[\w-]{43}$/, 'a token of 256 random bits');
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
    const publicBooking = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(publicBooking.status, 201);
    const office = new BackOffice(server.base);
    assert.equal((await office.signIn('bureau@lefevre-demenagements.fr', password)).status, 303);
    const list = await office.get('/espace-transporteur/reservations');
    assert.equal(list.status, 200);
    const listed = BackOffice.listedIds(list.text);
    assert.equal(listed.length, 1, 'the company’s booking');
    assert.ok(!listed.includes(publicBooking.data.id), 'without PUBLIC_COMPANY_ID nobody’s back office sees the public pages');
    assert.match(server.logs(), /Réservations du site public {2}vues par aucun espace \(PUBLIC_COMPANY_ID\)/);
    assert.match(server.logs(), /E-mails aux clients {10}désactivés/);
  });

  it('SIGTERM: /readyz turns false during the drain, then the process exits 0', async () => {
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const ready = await untilNotReady(server.base);
    assert.equal(ready.data.ready, false);
    assert.equal(await exited, 0);
  });
});
