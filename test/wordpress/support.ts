// A throwaway WordPress for the plugin's test stage: Debian's `wordpress` package (6.1, PHP 8.2)
// run by PHP's built-in server on a free port, over a MariaDB server of its own in a temporary
// folder, with the plugin from this repository in its content folder. `.ci/wordpress.sh`
// installs the packages; nothing here reaches beyond this machine.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const ROOT = path.resolve(HERE, '..', '..');
export const PLUGIN_DIR = path.join(ROOT, 'integrations/wordpress/transport-quote');
export const WORDPRESS_ROOT = '/usr/share/wordpress';
const THEME_DIR = `${WORDPRESS_ROOT}/wp-content/themes/twentytwentythree`;
const CONFIG_TEMPLATE = path.join(HERE, 'config-tqw-test.php');
/** Debian's wp-config.php loads /etc/wordpress/config-<WORDPRESS_CONFIG>.php; router.php names it. */
export const CONFIG_PATH = '/etc/wordpress/config-tqw-test.php';
const MARIADBD = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((file) => existsSync(file)) ?? 'mariadbd';

export const ADMIN = { user: 'admin', password: 'admin-Tqw-2026!', email: 'admin@transporteur.test' };
export const AUTHOR = { user: 'redactrice', password: 'auteur-Tqw-2026!', email: 'redaction@transporteur.test' };

function found(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.error ? null : result;
}

function configUpToDate() {
  return existsSync(CONFIG_PATH) && readFileSync(CONFIG_PATH, 'utf8') === readFileSync(CONFIG_TEMPLATE, 'utf8');
}

function writable(dir) {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * What this machine lacks to run the stage, in French, or null. PHP first: without it the
 * stage is reported as not run; `.ci/wordpress.sh` installs the rest.
 */
export function missingForWordPress() {
  const php = found('php', ['-r', 'echo extension_loaded("mysqli") ? "mysqli" : "sans";']);
  if (!php) return 'PHP absent';
  if (php.stdout.trim() !== 'mysqli') return 'extension mysqli de PHP absente (paquet php-mysql)';
  if (!existsSync(`${WORDPRESS_ROOT}/wp-settings.php`)) return `WordPress de Debian absent (${WORDPRESS_ROOT})`;
  if (!existsSync(THEME_DIR)) return 'thème Twenty Twenty-Three absent (paquet wordpress-theme-twentytwentythree)';
  if (!found(MARIADBD, ['--version']) || !found('mariadb-install-db', ['--help']) || !found('mariadb', ['--version']))
    return 'MariaDB absent (paquet mariadb-server)';
  if (!configUpToDate() && !writable(path.dirname(CONFIG_PATH))) return `${CONFIG_PATH} absent ou ancien, et /etc/wordpress non modifiable`;
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a process and resolves once `ready()` is true of what it printed; rejects if it ends first. */
function startProcess(command, args, options, ready, what): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // A group of its own: PHP's server forks its workers, which must end with it.
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${what} n'a pas démarré :\n${output}`)), 30000);
    const onData = (chunk) => {
      output += chunk;
      if (ready(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} s'est arrêté (${code}) :\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess | null | undefined) {
  return new Promise<void>((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/** A MariaDB server of its own: a data folder and a socket in `dir`, no TCP port. */
async function startMariaDB(dir) {
  const data = path.join(dir, 'mariadb');
  const socket = path.join(dir, 'mariadb.sock');
  const common = ['--no-defaults', `--datadir=${data}`, '--innodb-log-file-size=8M', '--innodb-buffer-pool-size=32M'];
  const install = spawnSync(
    'mariadb-install-db',
    [...common, '--auth-root-authentication-method=normal', '--skip-test-db', '--user=root'],
    {
      encoding: 'utf8',
    },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db a échoué :\n${install.stdout}${install.stderr}`);
  const child = await startProcess(
    MARIADBD,
    [...common, `--socket=${socket}`, '--skip-networking', '--skip-log-bin', '--user=root', `--pid-file=${path.join(dir, 'mariadb.pid')}`],
    {},
    (output) => /ready for connections/.test(output),
    'MariaDB',
  );
  const created = spawnSync('mariadb', ['--no-defaults', '-S', socket, '-u', 'root', '-e', 'CREATE DATABASE wordpress'], {
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`base non créée : ${created.stderr}`);
  return { child, socket };
}

/** The run's content folder: the plugin from this repository, Debian's block theme, an uploads folder. */
function contentFolder(dir) {
  const content = path.join(dir, 'wp-content');
  for (const sub of ['plugins', 'themes', 'uploads']) mkdirSync(path.join(content, sub), { recursive: true });
  symlinkSync(PLUGIN_DIR, path.join(content, 'plugins', 'transport-quote'));
  symlinkSync(THEME_DIR, path.join(content, 'themes', 'twentytwentythree'));
  return content;
}

/** Finishes WordPress's installer over HTTP, as an administrator would in its form (no wp-cli in Debian). */
async function install(url) {
  const body = new URLSearchParams({
    weblog_title: 'Transports Martin & Fils',
    user_name: ADMIN.user,
    admin_password: ADMIN.password,
    admin_password2: ADMIN.password,
    pw_weak: '1',
    admin_email: ADMIN.email,
    blog_public: '0',
  });
  const response = await fetch(`${url}/wp-admin/install.php?step=2`, { method: 'POST', body });
  const text = await response.text();
  if (!response.ok || !/Success!|wp-login\.php/.test(text))
    throw new Error(`installation de WordPress refusée (${response.status}) :\n${text.slice(0, 2000)}`);
}

/**
 * A fresh WordPress, installed and answering: `url`, the `debugLog()` it wrote, `stop()`.
 * Its database and content folder are removed when it stops.
 */
export async function startWordPress() {
  if (!configUpToDate()) writeFileSync(CONFIG_PATH, readFileSync(CONFIG_TEMPLATE, 'utf8'));
  const dir = mkdtempSync(path.join(tmpdir(), 'tqw-wordpress-'));
  let database: { child: ChildProcess; socket: string } | null = null;
  let php: ChildProcess | null = null;
  try {
    database = await startMariaDB(dir);
    const content = contentFolder(dir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    php = await startProcess(
      'php',
      ['-S', `127.0.0.1:${port}`, '-t', WORDPRESS_ROOT, path.join(HERE, 'router.php')],
      {
        env: {
          ...process.env,
          // The block editor asks for many files at once: a few workers instead of one.
          PHP_CLI_SERVER_WORKERS: '4',
          TQW_WP_DB_NAME: 'wordpress',
          TQW_WP_DB_SOCKET: database!.socket,
          TQW_WP_CONTENT_DIR: content,
          TQW_WP_URL: url,
          TQW_WP_SALT: randomBytes(24).toString('hex'),
        },
      },
      (output) => /Development Server .* started/.test(output),
      'Le serveur PHP',
    );
    await install(url);
    return {
      url,
      debugLog: () => (existsSync(path.join(content, 'debug.log')) ? readFileSync(path.join(content, 'debug.log'), 'utf8') : ''),
      async stop() {
        await stopProcess(php);
        await stopProcess(database!.child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopProcess(php);
    await stopProcess(database?.child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Logs a user in through wp-login.php in a browser context of its own. */
export async function logIn(context, url, { user, password }) {
  const page = await context.newPage();
  await page.goto(`${url}/wp-login.php`);
  await page.locator('#user_login').fill(user);
  await page.locator('#user_pass').fill(password);
  await Promise.all([page.waitForURL(/\/wp-admin\//), page.locator('#wp-submit').click()]);
  return page;
}

/**
 * A REST call made as the page's logged-in user, with the nonce WordPress gives that session;
 * `route` may carry a query ('/wp/v2/posts?context=edit'). Plain permalinks: ?rest_route=.
 */
export async function rest(page, url, method, route, data?) {
  const nonce = await (await page.request.get(`${url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
  const [pathPart, query] = route.split('?');
  const response = await page.request.fetch(`${url}/?rest_route=${encodeURIComponent(pathPart)}${query ? `&${query}` : ''}`, {
    method,
    headers: { 'X-WP-Nonce': nonce },
    ...(data === undefined ? {} : { data }),
  });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${method} ${route} : ${response.status()} ${JSON.stringify(body)}`);
  return body;
}
