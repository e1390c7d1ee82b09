// One configuration for the server and its commands (issue 40, item 9): both read
// transport-quote.env in the folder they are run from, then the environment, and resolve the
// default database the same way; a command never creates a database of its own. Each schema
// step the server applies is said in one French line.
import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { loadConfiguration, serverStore } from '../../config/configuration.ts';
import { MissingDatabaseError, openDatabase, type AppliedMigration } from '../../db/database.ts';
import { MIGRATIONS } from '../../db/migrations.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);
const folder = () => mkdtempSync(path.join(tmpdir(), 'tqw-config-'));

/**
 * The operator's command from its source (tsx, and the repository's tsconfig for its paths), in
 * `cwd`, with nothing of the server's settings in its environment, as an operator's shell.
 */
function carrier(cwd: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, TSX_TSCONFIG_PATH: path.join(serverDir, '..', 'tsconfig.json') };
  // The Node 24 stage's better-sqlite3 (test/support/node24-sqlite.mjs), when this runs there.
  for (const name of ['NODE_OPTIONS', 'TQW_BETTER_SQLITE3_DIR']) if (process.env[name]) env[name] = process.env[name];
  return run(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(serverDir, 'cli', 'carrier.ts'), ...args], {
    cwd,
    env,
    encoding: 'utf8',
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('one configuration for the server and its commands', () => {
  it('transport-quote.env in the folder completes the environment; a variable already set wins', () => {
    const cwd = folder();
    writeFileSync(path.join(cwd, 'transport-quote.env'), '# the server and its commands\nDATABASE_PATH=base/serveur.sqlite\nPORT=9090\n');
    const env: NodeJS.ProcessEnv = { PORT: '8081' };
    assert.equal(loadConfiguration(env, cwd), path.join(cwd, 'transport-quote.env'));
    assert.equal(env.DATABASE_PATH, 'base/serveur.sqlite');
    assert.equal(env.PORT, '8081');
    assert.deepEqual(serverStore(env, cwd), { kind: 'sqlite', file: path.join(cwd, 'base', 'serveur.sqlite') });
  });

  it('without a file the default database is data/transport-quote.sqlite in the folder; a file named and missing is refused', () => {
    const cwd = folder();
    const env: NodeJS.ProcessEnv = {};
    assert.equal(loadConfiguration(env, cwd), null);
    assert.deepEqual(serverStore(env, cwd), { kind: 'sqlite', file: path.join(cwd, 'data', 'transport-quote.sqlite') });
    assert.throws(
      () => loadConfiguration({ TRANSPORT_QUOTE_CONFIG: 'ailleurs.env' }, cwd),
      /TRANSPORT_QUOTE_CONFIG nomme le fichier .*ailleurs\.env, qui n’existe pas/,
    );
    assert.deepEqual(serverStore({ DATABASE_URL: 'postgres://tqw@hote/base' }, cwd), { kind: 'postgres', url: 'postgres://tqw@hote/base' });
  });

  it('a command opens only a database the server prepared: a missing file is refused and not created, an empty one too', async () => {
    const cwd = folder();
    const missing = path.join(cwd, 'data', 'transport-quote.sqlite');
    await assert.rejects(openDatabase({ kind: 'sqlite', file: missing }, undefined, { create: false }), MissingDatabaseError);
    assert.ok(!existsSync(path.join(cwd, 'data')), 'neither the file nor its folder is created');
    const empty = path.join(cwd, 'vide.sqlite');
    new Database(empty).close();
    await assert.rejects(openDatabase({ kind: 'sqlite', file: empty }, undefined, { create: false }), MissingDatabaseError);
  });

  it('each schema step applied is said once, with its number and what it changes; none on the next start', async () => {
    const file = path.join(folder(), 'base.sqlite');
    // A database of the first schema, as the first release left it.
    const old = new Database(file);
    old.exec(MIGRATIONS[0]!.sqlite);
    old.pragma('user_version = 1');
    old.close();
    const steps: AppliedMigration[] = [];
    const sql = await openDatabase({ kind: 'sqlite', file }, undefined, { create: false, onMigration: (step) => steps.push(step) });
    await sql.close();
    assert.deepEqual(
      steps.map((step) => step.version),
      MIGRATIONS.map((_, index) => index + 1).slice(1),
    );
    for (const step of steps) {
      assert.equal(step.latest, MIGRATIONS.length);
      assert.ok(step.summary.length > 10, step.summary);
    }
    const again: AppliedMigration[] = [];
    await (await openDatabase({ kind: 'sqlite', file }, undefined, { onMigration: (step) => again.push(step) })).close();
    assert.deepEqual(again, []);
  });

  it('the operator’s command run without DATABASE_PATH uses the server’s database, named in transport-quote.env', async () => {
    const cwd = folder();
    writeFileSync(path.join(cwd, 'transport-quote.env'), 'DATABASE_PATH=base/serveur.sqlite\n');
    // The server started here first: it made and migrated its database.
    const database = path.join(cwd, 'base', 'serveur.sqlite');
    await (await openDatabase({ kind: 'sqlite', file: database })).close();
    const made = await carrier(cwd, 'add-company', 'Transports Martin & Fils');
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /Configuration : .*transport-quote\.env/);
    assert.match(made.stdout, /Entreprise n° 1 créée : Transports Martin & Fils/);
    const check = new Database(database, { readonly: true });
    assert.deepEqual(check.prepare('SELECT id, name FROM companies').all(), [{ id: 1, name: 'Transports Martin & Fils' }]);
    check.close();
    assert.ok(!existsSync(path.join(cwd, 'data')), 'no second database beside the server’s');
  });

  it('run where no database exists, the command refuses in French, naming the path and the variables, and creates nothing', async () => {
    const cwd = folder();
    const refused = await carrier(cwd, 'add-company', 'Transports Martin & Fils');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`Aucune base de données à ${path.join(cwd, 'data', 'transport-quote.sqlite')}`));
    assert.match(refused.stderr, /DATABASE_PATH/);
    assert.match(refused.stderr, /transport-quote\.env/);
    assert.doesNotMatch(refused.stdout, /Entreprise n° \d+ créée/);
    assert.ok(!existsSync(path.join(cwd, 'data')), 'no database created');
  });
});
