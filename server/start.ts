import { backOfficeFromEnv, type BackOfficeSettings } from './config/back-office.ts';
import { CONFIG_FILE_NAME, loadConfiguration, serverStore } from './config/configuration.ts';
import { limitsFromEnv, type ServerLimits } from './config/limits.ts';
import { notificationsFromEnv, type NotificationSettings } from './config/notifications.ts';
import { operationsFromEnv, type Operations } from './config/operations.ts';
import { SEND_NOTHING_WORDS } from './config/outbound.ts';
import { pricingFromEnv, type PricingSettings } from './config/pricing.ts';
import { documentsFromEnv, type DocumentSettings } from './config/documents.ts';
import { runtimeFromEnv, type Runtime } from './config/runtime.ts';
import { packageVersion } from './cli/version.ts';
import { countUsers } from './db/accounts-repo.ts';
import { countCompanies } from './db/companies-repo.ts';
import { SchemaTooNewError, type Sql } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { holdsDemoCompanies } from './db/seed.ts';
import { describeStore } from './db/sql.ts';
import { createApp } from './app.ts';
import type { Lifecycle } from './ops/health.ts';
import { scheduleHousekeeping } from './ops/housekeeping.ts';
import { lifeLog, logLevelFromEnv, serverLogger, writeJsonLine, type LogLevel, type ServerLogger } from './ops/log.ts';
import { createMetrics, startMetricsServer } from './ops/metrics.ts';
import { describeMail } from './notifications/mail-transport.ts';
import type { Composition } from './composition.ts';
import { publicPricingFrom } from './pricing/carrier-records.ts';
import type { CompanyData } from 'transport-quote-wizard/domain';

/** After the drain delay, how long requests are still read and answered 503 before the port closes (at most the delay). */
const CLOSING_GRACE_MS = 1000;

/**
 * The process's own lines (issue 58): Node's warnings and an error nobody caught are written as
 * JSON lines like the rest, the latter as the last line, with why the process stops.
 */
function logProcessEvents(life: ServerLogger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => life.warn({ warning: warning.name }, warning.message));
  process.on('uncaughtException', (error) => {
    life.fatal(
      { event: 'stopped', reason: 'uncaught-exception', exit_code: 1, err: { message: error.message, stack: error.stack } },
      `Arrêt\u00a0: erreur inattendue (${error.message})`,
    );
    process.exit(1);
  });
}

/**
 * Starts the server: production as the package's command does (`composition` absent), or
 * with what a composition adds (the demo's companies, pages and banner; demo/main.ts).
 */
export async function startServer(composition?: Composition): Promise<void> {
  // The environment, completed by transport-quote.env: the same configuration as the commands'.
  let configurationFile: string | null = null;
  let level: LogLevel;
  try {
    configurationFile = loadConfiguration();
    level = logLevelFromEnv(process.env);
  } catch (error) {
    writeJsonLine('fatal', `Démarrage impossible\u00a0: ${error instanceof Error ? error.message : String(error)}`, {
      event: 'stopped',
      reason: 'configuration',
      exit_code: 1,
    });
    process.exit(1);
  }
  const logger = serverLogger(level);
  const life = lifeLog(logger);
  logProcessEvents(life);
  /** A start that cannot work stops at once, saying why, rather than failing at the first booking. */
  const refuseToStart: (reason: string, why: string) => never = (reason, why) => {
    life.fatal({ event: 'stopped', reason: why, exit_code: 1 }, `Démarrage impossible\u00a0: ${reason}`);
    process.exit(1);
  };
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
    refuseToStart(error instanceof Error ? error.message : String(error), 'configuration');
  }

  let sql: Sql;
  try {
    sql = await prepareDatabase(store, {
      onIdleError: (error) => logger.warn(`PostgreSQL\u00a0: connexion perdue (${error.message}), une autre sera ouverte`),
      onMigration: ({ version, latest, summary }) =>
        life.info(
          { event: 'migration', version, latest },
          `Base de données\u00a0: schéma mis à jour en version ${version}/${latest} (${summary})`,
        ),
      composition,
    });
  } catch (error) {
    if (error instanceof SchemaTooNewError) refuseToStart(error.message, 'schema-too-new');
    const reason = error instanceof Error ? error.message : String(error);
    refuseToStart(
      store.kind === 'sqlite'
        ? `la base ${store.file} ne peut pas être ouverte en écriture (${reason}). Vérifiez les droits du fichier et de son dossier, ou choisissez-en un autre avec DATABASE_PATH.`
        : `la base PostgreSQL de DATABASE_URL ne répond pas ou refuse l’écriture (${reason}). Vérifiez l’adresse, le rôle et ses droits.`,
      'database',
    );
  }

  const metrics = createMetrics();
  const lifecycle: Lifecycle = { draining: false, closing: false };
  const app = await createApp({
    sql,
    runtime,
    logger,
    logLevel: level,
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

  stopOnSignals({
    lifecycle,
    operations,
    life,
    stoppers: [async () => housekeeping.stop(), async () => metricsServer?.close(), () => app.close(), () => sql.close()],
  });

  await app.listen({ port: operations.port, host: operations.host });
  const address = app.server.address();
  const host = operations.host === '0.0.0.0' || operations.host === '::' ? 'localhost' : operations.host;
  const base = `http://${host}:${typeof address === 'object' && address ? address.port : operations.port}`;
  const version = packageVersion();
  const sendNothing = notifications.sendNothing;
  const lines = composition
    ? [
        ...composition.banner(base),
        `E-mails aux clients\u00a0: ${describeMail(notifications.mail.transport)}`,
        `Base de données\u00a0: ${describeStore(store)}`,
      ]
    : await productionBanner(sql, { base, version, backOffice, notifications, store, configurationFile });
  // A copy says so first thing, in its own words: whoever reads the log must not take it for the production.
  if (sendNothing) lines.splice(1, 0, `Envois vers l’extérieur\u00a0: ${SEND_NOTHING_WORDS}`);
  for (const line of lines) life.info({ event: 'banner' }, line);
  // The last line of the start, machine-readable (supervisors and tests wait for it): READY and
  // the address, then a space, so a pattern like /READY (http:\/\/\S+)/ reads the address alone.
  life.info({ event: 'ready', url: base, version, send_nothing: sendNothing }, `READY ${base} (serveur prêt)`);
}

/** What the production server says it is, where its parts answer, and what is still to do before a first booking. */
async function productionBanner(
  sql: Sql,
  {
    base,
    version,
    backOffice,
    notifications,
    store,
    configurationFile,
  }: {
    base: string;
    version: string;
    backOffice: BackOfficeSettings;
    notifications: NotificationSettings;
    store: Parameters<typeof describeStore>[0];
    configurationFile: string | null;
  },
): Promise<string[]> {
  return [
    `Transport quote wizard\u00a0: serveur ${version} prêt (production\u00a0: ni page ni entreprise de démonstration)`,
    `Scripts des éléments\u00a0: ${base}/dist/transport-quote-wizard.js et ${base}/dist/transport-quote-lite.js`,
    `API (OpenAPI)\u00a0: ${base}/api/v1/openapi.json`,
    `Santé / disponibilité\u00a0: ${base}/healthz · ${base}/readyz`,
    `Espace transporteur\u00a0: ${base}/espace-transporteur`,
    `Réservations du site public\u00a0: ${backOffice.publicCompanyId === null ? 'vues par aucun espace (PUBLIC_COMPANY_ID)' : `vues par l’entreprise n° ${backOffice.publicCompanyId}`}`,
    `E-mails aux clients\u00a0: ${describeMail(notifications.mail.transport)}`,
    `Base de données\u00a0: ${describeStore(store)}`,
    `Configuration\u00a0: ${configurationFile ?? `l’environnement seul (aucun ${CONFIG_FILE_NAME} ici)`}`,
    ...((await countCompanies(sql)) === 0
      ? ['Aucune entreprise encore\u00a0: créez la première avec npx transport-quote-carrier add-company "Nom de l’entreprise"']
      : []),
    ...((await countUsers(sql)) === 0
      ? [
          'Aucun compte d’espace transporteur\u00a0: créez-en un avec npx transport-quote-carrier add-user --entreprise <n°> adresse@exemple.fr',
        ]
      : []),
    ...((await holdsDemoCompanies(sql))
      ? ['Attention\u00a0: cette base contient les entreprises de démonstration, dont les jetons sont publics.']
      : []),
  ];
}

/**
 * SIGTERM (a supervisor, a deployment): /readyz turns false at once so the load balancer
 * stops sending requests, new ones are still served for the drain delay (each answer closing
 * its connection), then answered 503 in French with Retry-After for a moment, then the server
 * stops accepting, finishes what is in flight (a SQLite batch commits before the file closes)
 * and exits. Whatever still runs after the bound is cut, and the exit code says so. The last
 * line says which signal stopped the server and how it ended.
 */
function stopOnSignals({
  lifecycle,
  operations,
  life,
  stoppers,
}: {
  lifecycle: Lifecycle;
  operations: Operations;
  life: ServerLogger;
  stoppers: (() => Promise<unknown>)[];
}): void {
  let closing = false;
  async function shutdown(signal: NodeJS.Signals) {
    if (closing) return;
    closing = true;
    lifecycle.draining = true;
    const delay = signal === 'SIGTERM' ? operations.shutdownDelayMs : 0;
    life.info({ event: 'stopping', signal, delay_ms: delay }, `${signal} reçu\u00a0: arrêt${delay > 0 ? ` dans ${delay}\u00a0ms` : ''}`);
    const bound = setTimeout(() => {
      life.error(
        { event: 'stopped', signal, reason: 'timeout', exit_code: 1 },
        `Arrêt forcé\u00a0: des requêtes duraient encore après ${operations.shutdownTimeoutMs}\u00a0ms`,
      );
      process.exit(1);
    }, delay + operations.shutdownTimeoutMs);
    bound.unref();
    await new Promise((resolve) => setTimeout(resolve, delay));
    // No more work: what arrives now is answered 503 in French with Retry-After, its connection
    // closed (app.ts), while the port stays open a moment longer, so a client still sending is
    // told to come back later instead of meeting a refused or reset connection.
    lifecycle.closing = true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(CLOSING_GRACE_MS, delay)));
    // In order: the timers, the metrics' port, the requests in flight, then the database.
    for (const stop of stoppers) await stop();
    life.info(
      { event: 'stopped', signal, reason: 'signal', exit_code: 0, uptime_s: Math.round(process.uptime()) },
      `Serveur arrêté (${signal})\u00a0: requêtes terminées, base de données fermée`,
    );
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
