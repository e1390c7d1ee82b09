// A PostgreSQL cluster of a test's own, in a temporary folder on a free port, that the test
// may stop and start again without disturbing the shared one the other suites use. Made with
// the distribution's initdb and pg_ctl; PostgreSQL refuses to run as root, so under root they
// run as the postgres user.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folder of initdb and pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, or the PATH's; null when absent. */
export function postgresBinaries() {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(debian, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  for (const folder of (process.env.PATH ?? '').split(path.delimiter))
    if (folder && existsSync(path.join(folder, 'initdb')) && existsSync(path.join(folder, 'pg_ctl'))) return folder;
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Creates and starts a cluster; its `url` lets the role `tqw` in without a password (trust, loopback only). */
export async function startThrowawayCluster(bin = postgresBinaries()) {
  const asRoot = userInfo().uid === 0;
  const folder = mkdtempSync(path.join(tmpdir(), 'tqw-pg-'));
  if (asRoot) chownSync(folder, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  const data = path.join(folder, 'data');
  const port = await freePort();
  const tool = (name, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin!, name), ...args]) : run(path.join(bin!, name), args);
  await tool('initdb', ['--pgdata', data, '--username', 'tqw', '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C', '--no-sync']);
  // Listens on the loopback only, its socket in its own folder: nothing of the shared cluster is touched.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c max_connections=40`;
  const cluster = {
    url: `postgres://tqw@127.0.0.1:${port}/postgres`,
    running: false,
    async start() {
      await tool('pg_ctl', ['--pgdata', data, '--log', path.join(folder, 'postgres.log'), '--wait', '--options', options, 'start']);
      cluster.running = true;
    },
    /** `fast` ends every session with 57P01 (admin shutdown); `immediate` drops them all, as a crash would. */
    async stop(mode) {
      await tool('pg_ctl', ['--pgdata', data, '--mode', mode, '--wait', 'stop']);
      cluster.running = false;
    },
    /** Started again if an earlier test left it stopped. */
    ensureRunning: () => (cluster.running ? Promise.resolve() : cluster.start()),
    async remove() {
      await cluster.stop('immediate').catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
