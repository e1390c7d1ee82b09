// The server built in this process from its source, as server/start.ts builds it, on an
// in-memory SQLite: migrated, the catalogue seeded, production settings (no demo company,
// page or account), the straight-line route (no request leaves the machine). Requests go
// through Fastify's inject(): no port, no child process, no build, no browser.
import type { FastifyInstance, InjectOptions } from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../app.ts';
import { backOfficeFromEnv } from '../../config/back-office.ts';
import { limitsFromEnv } from '../../config/limits.ts';
import { notificationsFromEnv } from '../../config/notifications.ts';
import { pricingFromEnv } from '../../config/pricing.ts';
import type { Runtime } from '../../config/runtime.ts';
import { createCompany } from '../../db/companies-repo.ts';
import { assertWritable, openDatabase, type Sql } from '../../db/database.ts';
import { seedDatabase } from '../../db/seed.ts';
import { fillListColumns } from '../../db/travels-repo.ts';
import type { Lifecycle } from '../../ops/health.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One client far above a visitor's pace: the limits are raised, as the spawned suites raise them. */
const GENEROUS = Object.fromEntries(
  ['WRITES', 'READS', 'QUOTES'].flatMap((kind) => [
    [`RATE_${kind}_PER_MINUTE_PER_IP`, '1000000'],
    [`RATE_${kind}_PER_MINUTE_PER_COMPANY`, '1000000'],
  ]),
);

export interface Answer<Body> {
  status: number;
  headers: Record<string, unknown>;
  text: string;
  data: Body;
}

export interface QuickServer {
  app: FastifyInstance;
  sql: Sql;
  /** What start.ts sets on SIGTERM (draining) and once the drain delay is over (closing). */
  lifecycle: Lifecycle;
  /** One request; its status, headers, text and JSON body (null when it is not JSON), read as `Body`. */
  request<Body = unknown>(options: InjectOptions): Promise<Answer<Body>>;
  /** A company made as `transport-quote-carrier add-company` makes it; its id and token. */
  addCompany(name: string): Promise<{ id: number; token: string }>;
  close(): Promise<void>;
}

export async function quickServer(env: NodeJS.ProcessEnv = {}): Promise<QuickServer> {
  const settings = { ...GENEROUS, ROUTE_SERVICE: 'straight-line', ...env };
  const sql = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  await assertWritable(sql);
  await seedDatabase(sql);
  await fillListColumns(sql);
  const runtime: Runtime = {
    demo: false,
    // The repository's root is the elements' package; its dist/ may not exist (no build): its files are not asked for here.
    elementsDir: path.resolve(serverDir, '..'),
    assetsDir: path.join(serverDir, 'assets'),
    serverDir,
  };
  const lifecycle: Lifecycle = { draining: false, closing: false };
  const app = await createApp({
    sql,
    runtime,
    lifecycle,
    logLevel: 'warn',
    limits: limitsFromEnv(settings),
    pricing: pricingFromEnv(settings, false),
    notifications: notificationsFromEnv(settings, false, null),
    backOffice: backOfficeFromEnv(settings, false),
  });
  await app.ready();
  let companies = 0;
  return {
    app,
    sql,
    lifecycle,
    async request<Body>(options: InjectOptions) {
      const response = await app.inject(options);
      let data: unknown = null;
      try {
        data = response.body ? JSON.parse(response.body) : null;
      } catch {
        data = null;
      }
      return { status: response.statusCode, headers: response.headers, text: response.body, data: data as Body };
    },
    async addCompany(name) {
      companies += 1;
      const token = `jeton-rapide-${companies}-${'x'.repeat(32)}`;
      const { id } = await createCompany(sql, { name, phone_number: '01 23 45 67 89', email: 'contact@exemple.fr' }, token);
      return { id, token };
    },
    async close() {
      await app.close();
      await sql.close();
    },
  };
}
