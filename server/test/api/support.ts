// Starts the built reference server as a real process on a free port with its own database:
// a fresh SQLite file, or a fresh PostgreSQL database when TQW_TEST_DATABASE=postgres (the
// runner's PostgreSQL stage sets it), so the same suites prove both databases.
import Database from 'better-sqlite3';
import pg from 'pg';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PriceGrid, TravelPayload } from 'transport-quote-wizard/domain';
import { checkAnswer, publishedContract } from './contract.ts';
import { numberedPlaceholders } from '../../db/placeholders.ts';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
/** The built server (its own package, server/): production, whatever the environment. `node build.mjs` makes it. */
export const SERVER_MAIN = path.join(ROOT, 'server/dist/main.mjs');
/** The domain as the build publishes it (dist/domain), for `await import()`, typed by its source as `Domain`. */
export const BUILT_DOMAIN = pathToFileURL(path.join(ROOT, 'dist/domain/index.js')).href;
export type Domain = typeof import('transport-quote-wizard/domain');
/** The demo's start (demo/main.ts): the same server with the demo companies the suites use as fixtures. */
export const DEMO_MAIN = path.join(ROOT, 'demo/dist/main.mjs');
/**
 * The Node that runs the servers the suites start: TQW_SERVER_NODE when set (npm test's Node 24
 * stage sets it), else the one running the tests.
 */
export const SERVER_NODE = process.env.TQW_SERVER_NODE || process.execPath;
export const DEMO_COMPANY_TOKEN = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';
export const OTHER_COMPANY_TOKEN = 'tqw_demo_0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c';
/** The demo carrier's public key (Transports Martin, company 1), as its pages carry it. */
export const MARTIN_KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';

/**
 * The clock the test itself lives on, for a child started with an environment of its own: the
 * date guard (test/date-guard.mjs) runs the suites under faketime, whose library and setting
 * come through these variables, and a child without them would live on another day.
 */
export const CLOCK_ENV: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && (entry[0] === 'LD_PRELOAD' || entry[0].startsWith('FAKETIME')),
  ),
);

/**
 * Test servers serve one client (this machine) far above a visitor's pace: their rate limits
 * are raised so the suites test behaviour, and the hardening suite sets its own small ones.
 */
export const GENEROUS_LIMITS = {
  RATE_WRITES_PER_MINUTE_PER_IP: '1000000',
  RATE_WRITES_PER_MINUTE_PER_COMPANY: '1000000',
  RATE_READS_PER_MINUTE_PER_IP: '1000000',
  RATE_READS_PER_MINUTE_PER_COMPANY: '1000000',
  RATE_QUOTES_PER_MINUTE_PER_IP: '1000000',
  RATE_QUOTES_PER_MINUTE_PER_COMPANY: '1000000',
  // The suites book many times for one address; mail-abuse.test.ts proves the share with its own.
  MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '1000',
};

/** Which database the suites run on: 'sqlite' (the default, as `npm start`) or 'postgres'. */
export const DATABASE_KIND = process.env.TQW_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
export const DATABASE_NAME = DATABASE_KIND === 'postgres' ? 'PostgreSQL' : 'SQLite';
/** A role that may create databases (.ci/postgres.sh makes it). */
export const POSTGRES_ADMIN_URL = process.env.TQW_TEST_POSTGRES_URL ?? 'postgres://tqw:tqw@127.0.0.1:5432/postgres';

export function tempDatabasePath() {
  return path.join(mkdtempSync(path.join(tmpdir(), 'tqw-')), 'test.sqlite');
}

const isPostgres = (database: string) => /^postgres(ql)?:\/\//.test(database);

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let staleDropped = false;
/**
 * Databases left by earlier test processes that have ended (named by their pid) are dropped
 * once. Only idle ones: a PostgreSQL shared with other checkouts holds databases of runs whose
 * pid this process cannot see, still in use; those refuse the drop and are left alone.
 */
async function dropStaleDatabases(admin: pg.Client) {
  if (staleDropped) return;
  staleDropped = true;
  const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'tqw_test_%'");
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive) continue;
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}"`);
    } catch {
      // In use, or not ours: someone else's run.
    }
  }
}

/** A new empty PostgreSQL database; its URL. */
export async function tempPostgresDatabase(): Promise<string> {
  const name = `tqw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    await dropStaleDatabases(admin);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database of the kind under test: a file path or a PostgreSQL URL. */
export function tempDatabase(): Promise<string> {
  return DATABASE_KIND === 'postgres' ? tempPostgresDatabase() : Promise.resolve(tempDatabasePath());
}

/** Whether PostgreSQL answers at the admin URL (the runner asks before its PostgreSQL stage). */
export async function postgresAvailable() {
  try {
    await withAdmin((admin) => admin.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

/** A database row as a test reads it behind the API's back: its columns are what the test asserts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Row = any;

/**
 * Runs one statement on a server's database, as a test reads it behind the API's back.
 * Written with `?` placeholders, for both databases.
 */
export async function queryDatabase(database: string, text: string, params: unknown[] = []): Promise<Row[]> {
  if (!isPostgres(database)) {
    const db = new Database(database);
    try {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = await postgresClient(database);
  const { rows } = await client.query(numberedPlaceholders(text), params);
  // COUNT(*) is a BIGINT, which pg reads as a string.
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'n' ? Number(value) : value])));
}

/** One connection per database for a test's reads, closed when its server stops. */
const clients = new Map<string, Promise<pg.Client>>();
function postgresClient(database: string): Promise<pg.Client> {
  if (!clients.has(database)) {
    const client = new pg.Client({ connectionString: database });
    clients.set(
      database,
      client.connect().then(() => client),
    );
  }
  return clients.get(database)!;
}
export async function closeClient(database: string) {
  const client = clients.get(database);
  clients.delete(database);
  if (client) await (await client).end();
}

/**
 * A server's log read as a pipeline reads it (issue 58): one JSON object a line. A line that is
 * not JSON fails the test that reads it, naming the line.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each record's fields are what the test asserts
export function logRecords(logs: string): any[] {
  return logs
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`une ligne du journal n’est pas du JSON : ${line}`);
      }
    });
}

/** The messages of a server's log, in order. */
export const logMessages = (logs: string): string[] => logRecords(logs).map((record) => String(record.msg));

/** A server a suite started: its address, its database, its process and what it wrote. */
export interface TestServer {
  base: string;
  /** The file path or PostgreSQL URL: start another server on it to restart. */
  database: string;
  /** The SQLite file, for the suites that test the file itself. */
  databasePath: string | null;
  /** Reads (or writes) the database directly, with `?` placeholders. */
  query: typeof queryDatabase extends (database: string, ...rest: infer A) => infer R ? (...rest: A) => R : never;
  child: ChildProcess & { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream };
  readonly logs: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The environment a server is started with, over the suite's own. */
export type ServerEnv = Record<string, string | undefined>;

/** How long a server may take to print READY: far above a start (1 to 2 s), for a machine whose cores are shared. */
const STARTUP_BOUND_MS = 60_000;

/** Resolves once the server printed its READY line; `logs` collects everything it writes. */
export async function startServer(database?: string | null, port = 0, env: ServerEnv = {}): Promise<TestServer> {
  const target = database ?? (await tempDatabase());
  return spawnServer(target, port, env);
}

/**
 * The server's own start (server/), production, without the demo's companies and pages: its defaults,
 * but for the drain on SIGTERM (5 s for a load balancer, SHUTDOWN_DELAY_MS), which only makes each
 * stop() wait; operations.test.ts and production-package.test.ts prove the drain with their own delay.
 */
export async function startProductionServer(env: ServerEnv = {}): Promise<TestServer> {
  return spawnServer(await tempDatabase(), 0, { SHUTDOWN_DELAY_MS: '0', ...env }, SERVER_MAIN);
}

function spawnServer(database: string, port: number, env: ServerEnv, main = DEMO_MAIN): Promise<TestServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(SERVER_NODE, [main], {
      env: {
        ...process.env,
        ...GENEROUS_LIMITS,
        // The demo's stand-in for Stripe stays off: a suite that tests the deposit sets STRIPE_* itself.
        DEMO_STRIPE: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(isPostgres(database) ? { DATABASE_URL: database } : { DATABASE_PATH: database, DATABASE_URL: '' }),
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let logs = '';
    // A bound, not a wait: a start takes a second or two. Past it the server is killed, or its
    // open pipes would keep the suite's process alive after the failure, and the run would hang.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`le serveur n'a pas démarré en ${STARTUP_BOUND_MS / 1000} s :\n${logs}`));
    }, STARTUP_BOUND_MS);
    const onData = (chunk: Buffer) => {
      logs += chunk;
      const ready = /READY (http:\/\/\S+)/.exec(logs);
      if (ready && !server.base) {
        server.base = ready[1]!;
        clearTimeout(timer);
        resolve(server as TestServer);
      }
    };
    const server = {
      base: null as string | null,
      /** The file path or PostgreSQL URL: start another server on it to restart. */
      database,
      /** The SQLite file, for the suites that test the file itself. */
      databasePath: isPostgres(database) ? null : database,
      /** Reads (or writes) the database directly, with `?` placeholders. */
      query: (text: string, params?: unknown[]) => queryDatabase(database, text, params),
      child,
      get logs() {
        return logs;
      },
      async stop(signal: NodeJS.Signals = 'SIGTERM') {
        await closeClient(database);
        await new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(signal);
        });
      },
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!server.base) reject(new Error(`le serveur s'est arrêté (${code}) :\n${logs}`));
    });
  });
}

/**
 * One request to a server, its answer read as JSON when it is. Every answer is checked
 * against the contract the server publishes (contract.ts): an undocumented status, content
 * type or body fails the test that received it.
 */
export interface JsonOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as it is, not as JSON. */
  raw?: string;
}

/** An answer: `data` is its body read as JSON (or its text), which the test asserts. */
export interface JsonAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body is what the test checks
  data: any;
  headers: Headers;
  text: string;
}

export async function json(base: string, method: string, url: string, { body, headers = {}, raw }: JsonOptions = {}): Promise<JsonAnswer> {
  const response = await fetch(base + url, {
    method,
    headers: { ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  checkAnswer(await publishedContract(base), {
    method,
    url: response.url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
  });
  return { status: response.status, data, headers: response.headers, text };
}

/**
 * A booking body priced as the carrier prices it, as the elements do before saving: its
 * choices quoted by the server (POST /api/v1/quotes), the quote's figures and id put in.
 * For fixtures whose price is not what the test is about.
 */
export async function withServerPrice<B extends { travel: object; price_grid?: string }>(base: string, body: B): Promise<B> {
  const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
  const request = quoteRequestOfBooking(body as unknown as TravelPayload, (body.price_grid ?? 'wizard') as PriceGrid, null);
  const quote = await json(base, 'POST', '/api/v1/quotes', { body: request });
  if (quote.status !== 201) throw new Error(`devis refusé (${quote.status}) : ${quote.text}`);
  const figures = quote.data.figures;
  return {
    ...body,
    quote_id: quote.data.id,
    travel: {
      ...body.travel,
      price_transportation: figures.price_transportation,
      price_handling: figures.price_handling,
      price_transportation_ht: figures.price_transportation_ht,
      price_handling_ht: figures.price_handling_ht,
    },
  };
}

/** The travel fields the server sets itself (its quote's price, its route, the handling it priced). */
export const SERVER_SET_TRAVEL_FIELDS = [
  'price_transportation',
  'price_handling',
  'price_transportation_ht',
  'price_handling_ht',
  'distance_transportation',
  'duration_transportation',
  'truck_capacity_needed',
  'persons_needed',
  'duration_handling',
  'handling_needed',
];

/**
 * A booking body without what the server decides (the figures above, the quote that priced it,
 * the state it restores): what a client sent and must find again as it was.
 */
export function clientPart(body: Record<string, unknown> & { travel: object }) {
  const {
    store_serialized: _store,
    quote_id: _quote,
    price_grid: _grid,
    created_at: _created,
    updated_at: _updated,
    made_by_company: _byCompany,
    price_check: _check,
    state: _state,
    price_source: _source,
    edits_close_at: _editsCloseAt,
    devis_signed: _signed,
    carrier_key: _carrierKey,
    ...rest
  } = body;
  return {
    ...rest,
    travel: Object.fromEntries(Object.entries(body.travel).filter(([field]) => !SERVER_SET_TRAVEL_FIELDS.includes(field))),
  };
}

/** Asks /readyz until the server says it is not ready (it is draining after SIGTERM); its answer. */
export async function untilNotReady(base: string): Promise<JsonAnswer> {
  for (;;) {
    const ready = await json(base, 'GET', '/readyz');
    if (ready.status === 503) return ready;
  }
}
