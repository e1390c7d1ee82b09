import { readFileSync } from 'node:fs';
import path from 'node:path';
import { backOfficeFromEnv, type BackOfficeSettings } from './config/back-office.ts';
import { CONFIG_FILE_NAME, loadConfiguration, serverStore } from './config/configuration.ts';
import { limitsFromEnv, type ServerLimits } from './config/limits.ts';
import { notificationsFromEnv, type NotificationSettings } from './config/notifications.ts';
import { operationsFromEnv, type Operations } from './config/operations.ts';
import { pricingFromEnv, type PricingSettings } from './config/pricing.ts';
import { documentsFromEnv, type DocumentSettings } from './config/documents.ts';
import { runtimeFromEnv, type Runtime } from './config/runtime.ts';
import { countUsers } from './db/accounts-repo.ts';
import { countCompanies } from './db/companies-repo.ts';
import { assertWritable, openDatabase, type Sql } from './db/database.ts';
import { holdsDemoCompanies, seedDatabase } from './db/seed.ts';
import { describeStore } from './db/sql.ts';
import { fillListColumns } from './db/travels-repo.ts';
import { givePublicKeys } from './db/carrier-keys.ts';
import { createApp } from './app.ts';
import type { Lifecycle } from './ops/health.ts';
import { scheduleHousekeeping } from './ops/housekeeping.ts';
import { createMetrics, startMetricsServer } from './ops/metrics.ts';
import { describeMail } from './notifications/mail-transport.ts';
import type { Composition } from './composition.ts';
import { publicPricingFrom } from './pricing/carrier-records.ts';
import type { CompanyData } from 'transport-quote-wizard/domain';

/** This release's version, from the package the server runs from (server/dist/../package.json). */
function serverVersion(serverDir: string): string {
  try {
    return `${(JSON.parse(readFileSync(path.join(serverDir, '..', 'package.json'), 'utf8')) as { version: string }).version}`;
  } catch {
    return '(version inconnue)';
  }
}

/** After the drain delay, how long requests are still read and answered 503 before the port closes (at most the delay). */
const CLOSING_GRACE_MS = 1000;

/** A start that cannot work stops at once, saying why, rather than failing at the first booking. */
function refuseToStart(reason: string): never {
  process.stderr.write(`Démarrage impossible : ${reason}\n`);
  process.exit(1);
}

/**
 * Starts the server: production as the package's command does (`composition` absent), or
 * with what a composition adds (the demo's companies, pages and banner; demo/main.ts).
 */
export async function startServer(composition?: Composition): Promise<void> {
  // The environment, completed by transport-quote.env: the same configuration as the commands'.
  let configurationFile: string | null = null;
  try {
    configurationFile = loadConfiguration();
  } catch (error) {
    refuseToStart(error instanceof Error ? error.message : String(error));
  }
  // The embedded SQLite file unless DATABASE_URL names a PostgreSQL database; relative to where the server is started.
  const store = serverStore();
  let limits: ServerLimits;
  let runtime: Runtime;
  let operations: Operations;
  let notifications: NotificationSettings;
  let backOffice: BackOfficeSettings;
  let pricing: PricingSettings;
  let documents: DocumentSettings;
  let publicPricing: CompanyData;
  try {
    limits = limitsFromEnv();
    runtime = runtimeFromEnv(process.env, composition !== undefined);
    operations = operationsFromEnv(process.env, runtime.demo);
    notifications = notificationsFromEnv(process.env, runtime.demo, store.kind === 'sqlite' ? store.file : null);
    backOffice = backOfficeFromEnv(process.env, runtime.demo);
    pricing = pricingFromEnv(process.env, runtime.demo);
    documents = documentsFromEnv(process.env);
    // The carrier's public prices are checked before anything starts: a field the pricing cannot read is named here.
    publicPricing = publicPricingFrom(process.env, composition?.publicPricing ?? {});
  } catch (error) {
    refuseToStart(error instanceof Error ? error.message : String(error));
  }

  let sql: Sql;
  try {
    sql = await openDatabase(
      store,
      (error) => process.stderr.write(`PostgreSQL : connexion perdue (${error.message}), une autre sera ouverte\n`),
      {
        onMigration: ({ version, latest, summary }) =>
          process.stdout.write(`Base de données : schéma mis à jour en version ${version}/${latest} (${summary})\n`),
      },
    );
    await assertWritable(sql);
    await seedDatabase(sql);
    await composition?.seed(sql);
    // Bookings written before the back office get its list's columns (once).
    await fillListColumns(sql);
    // Companies made before public keys get one (once).
    await givePublicKeys(sql);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    refuseToStart(
      store.kind === 'sqlite'
        ? `la base ${store.file} ne peut pas être ouverte en écriture (${reason}). Vérifiez les droits du fichier et de son dossier, ou choisissez-en un autre avec DATABASE_PATH.`
        : `la base PostgreSQL de DATABASE_URL ne répond pas ou refuse l’écriture (${reason}). Vérifiez l’adresse, le rôle et ses droits.`,
    );
  }

  const metrics = createMetrics();
  const lifecycle: Lifecycle = { draining: false, closing: false };
  const app = await createApp({
    sql,
    runtime,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    limits,
    metrics,
    metricsToken: operations.metricsToken,
    lifecycle,
    notifications,
    backOffice,
    pricing,
    documents,
    publicPricing,
    composition,
  });
  const metricsServer =
    operations.metricsPort === null ? null : await startMetricsServer(metrics, operations.metricsPort, operations.metricsHost);
  const housekeeping = scheduleHousekeeping(sql, limits, app.log);

  let closing = false;
  /**
   * SIGTERM (a supervisor, a deployment): /readyz turns false at once so the load balancer
   * stops sending requests, new ones are still served for the drain delay (each answer closing
   * its connection), then answered 503 in French with Retry-After for a moment, then the server
   * stops accepting, finishes what is in flight (a SQLite batch commits before the file closes)
   * and exits. Whatever still runs after the bound is cut, and the exit code says so.
   */
  async function shutdown(signal: NodeJS.Signals) {
    if (closing) return;
    closing = true;
    lifecycle.draining = true;
    const delay = signal === 'SIGTERM' ? operations.shutdownDelayMs : 0;
    app.log.info(`${signal} reçu : arrêt${delay > 0 ? ` dans ${delay} ms` : ''}`);
    const bound = setTimeout(() => {
      process.stderr.write(`Arrêt forcé : des requêtes duraient encore après ${operations.shutdownTimeoutMs} ms\n`);
      process.exit(1);
    }, delay + operations.shutdownTimeoutMs);
    bound.unref();
    await new Promise((resolve) => setTimeout(resolve, delay));
    // No more work: what arrives now is answered 503 in French with Retry-After, its connection
    // closed (app.ts), while the port stays open a moment longer, so a client still sending is
    // told to come back later instead of meeting a refused or reset connection.
    lifecycle.closing = true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(CLOSING_GRACE_MS, delay)));
    housekeeping.stop();
    metricsServer?.close();
    await app.close();
    await sql.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: operations.port, host: operations.host });
  const address = app.server.address();
  const host = operations.host === '0.0.0.0' || operations.host === '::' ? 'localhost' : operations.host;
  const base = `http://${host}:${typeof address === 'object' && address ? address.port : operations.port}`;
  // One machine-readable line first (tests read it), then what a person needs.
  process.stdout.write(`READY ${base}\n`);
  const lines = composition
    ? [
        ...composition.banner(base),
        `  E-mails aux clients          ${describeMail(notifications.mail.transport)}`,
        `  Base de données              ${describeStore(store)}`,
        '',
      ]
    : [
        '',
        `Transport quote wizard : serveur ${serverVersion(runtime.serverDir)} prêt (production : ni page ni entreprise de démonstration)`,
        `  Scripts des éléments         ${base}/dist/transport-quote-wizard.js et ${base}/dist/transport-quote-lite.js`,
        `  API (OpenAPI)                ${base}/api/v1/openapi.json`,
        `  Santé / disponibilité        ${base}/healthz · ${base}/readyz`,
        `  Espace transporteur          ${base}/espace-transporteur`,
        `  Réservations du site public  ${backOffice.publicCompanyId === null ? 'vues par aucun espace (PUBLIC_COMPANY_ID)' : `vues par l’entreprise n° ${backOffice.publicCompanyId}`}`,
        `  E-mails aux clients          ${describeMail(notifications.mail.transport)}`,
        `  Base de données              ${describeStore(store)}`,
        `  Configuration                ${configurationFile ?? `l’environnement seul (aucun ${CONFIG_FILE_NAME} ici)`}`,
        ...((await countCompanies(sql)) === 0
          ? ['', 'Aucune entreprise encore : créez la première avec', '  npx transport-quote-carrier add-company "Nom de l’entreprise"']
          : []),
        ...((await countUsers(sql)) === 0
          ? [
              '',
              'Aucun compte d’espace transporteur : créez-en un avec',
              '  npx transport-quote-carrier add-user --entreprise <n°> adresse@exemple.fr',
            ]
          : []),
        ...((await holdsDemoCompanies(sql))
          ? ['', 'Attention : cette base contient les entreprises de démonstration, dont les jetons sont publics.']
          : []),
        '',
      ];
  process.stdout.write(lines.join('\n'));
}
