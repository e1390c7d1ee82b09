import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { CompanyData } from 'transport-quote-wizard/domain';
import http from 'node:http';
import type { Writable } from 'node:stream';
import { backOfficeRoutes } from './back-office/routes.ts';
import { installErrorAnswers } from './http/error-answers.ts';
import { installRequestHooks } from './http/request-hooks.ts';
import { installWireFormat } from './http/wire-format.ts';
import { BookingLifecycle } from './bookings/lifecycle.ts';
import { backOfficeFromEnv, type BackOfficeSettings } from './config/back-office.ts';
import { limitsFromEnv, type ServerLimits } from './config/limits.ts';
import { notificationsFromEnv, type NotificationSettings } from './config/notifications.ts';
import { pricingFromEnv, type PricingSettings } from './config/pricing.ts';
import type { Runtime } from './config/runtime.ts';
import type { Sql } from './db/sql.ts';
import { ItemCatalogue } from './db/items-repo.ts';
import { serverKey } from './db/server-keys.ts';
import { loadCommuneData } from './geo/communes.ts';
import { OfflineGeocoder } from './geo/geocoder.ts';
import { elementFileRoutes, faviconRoutes } from './http/element-files.ts';
import { integrationFileRoutes } from './http/integration-files.ts';
import { installRateLimits } from './http/rate-limits.ts';
import { healthRoutes, type Lifecycle } from './ops/health.ts';
import { countRequests, metricsRoute, type Metrics } from './ops/metrics.ts';
import { Quotas } from './ops/quotas.ts';
import { publicPricingFrom } from './pricing/carrier-records.ts';
import { createPoolSandbox } from './pricing/pool-sandbox.ts';
import { QuoteService } from './pricing/quote-service.ts';
import { serverContext } from './http/server-context.ts';
import { ignRouteService, straightLineRouteService } from './pricing/route-service.ts';
import { quoteRoutes } from './routes/quotes.ts';
import { devisRoutes } from './routes/devis.ts';
import { paymentsFromEnv, type PaymentSettings } from './config/payments.ts';
import { depositRoutes } from './payments/deposit-routes.ts';
import { DepositService } from './payments/deposit-service.ts';
import { followRoutes } from './routes/follow.ts';
import { termsRoutes } from './routes/terms.ts';
import { scheduleCalendarMails } from './follow/calendar-mails.ts';
import { devisPdfOfBooking } from './devis/devis-document.ts';
import { documentsFromEnv, type DocumentSettings } from './config/documents.ts';
import { createDevisPdfPool } from './pages/devis-pdf-pool.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { companyRoutes } from './routes/companies.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { geoRoutes } from './routes/geo.ts';
import { registerOpenApi } from './routes/openapi.ts';
import { travelRoutes } from './routes/travels.ts';
import { carrierRoutes } from './routes/carriers.ts';
import { logoRoutes } from './routes/logos.ts';
import { testPageRoutes } from './routes/test-page.ts';
import { carrierKeys } from './http/carrier-key.ts';
import { Notifier } from './notifications/notifier.ts';
import type { ServerLogger } from './ops/log.ts';
import type { Composition } from './composition.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export interface AppOptions {
  sql: Sql;
  /** Demo or production, and where the element scripts and demo pages are. */
  runtime: Runtime;
  logStream?: Writable;
  /** The process's logger (ops/log.ts), given by the start; else one is made on `logStream`. */
  logger?: ServerLogger;
  logLevel?: string;
  limits?: ServerLimits;
  /** Prometheus figures; `metricsToken` also serves them at /metrics to a scraper that presents it. */
  metrics?: Metrics | null;
  metricsToken?: string | null;
  /** Set to draining on SIGTERM: /readyz then answers 503. */
  lifecycle?: Lifecycle;
  /** Route service, quote validity and signing key; from the environment by default. */
  pricing?: PricingSettings;
  /** What prices the public pages (PUBLIC_PRICING_FILE, else the composition's defaults); read from the environment by default. */
  publicPricing?: CompanyData;
  /** The customer's e-mails and the carrier's webhooks; from the environment by default. */
  notifications?: NotificationSettings;
  /** Stripe's secrets for the online deposit (STRIPE_*); from the environment by default, null: off. */
  payments?: PaymentSettings | null;
  /** How the devis PDFs are built (DEVIS_PDF_TIMEOUT_MS); from the environment by default. */
  documents?: DocumentSettings;
  /** The carrier's back office: who sees the public bookings, sessions, sign-in throttling. */
  backOffice?: BackOfficeSettings;
  /** The address the server answers at, once it listens (the demo's e-mail links). */
  serverBase?: () => string | null;
  /** What a start adds (the demo's pages); none in production. */
  composition?: Composition;
}

/** http://host:port of a listening server, for links to itself; null before it listens. */
function listeningAddress(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address !== 'object') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** Builds the server: spec §7 API, its extensions, the dashboard page, the back office, and what a composition adds. */
export async function createApp({
  sql,
  runtime,
  logStream,
  logger,
  logLevel = 'info',
  limits = limitsFromEnv(),
  metrics = null,
  metricsToken = null,
  lifecycle = { draining: false },
  pricing = pricingFromEnv(process.env, runtime.demo),
  publicPricing: givenPublicPricing,
  notifications = notificationsFromEnv(process.env, runtime.demo, null),
  backOffice = backOfficeFromEnv(process.env, runtime.demo),
  payments = paymentsFromEnv(process.env),
  documents = documentsFromEnv(process.env),
  serverBase,
  composition,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: limits.bodyLimitBytes,
    trustProxy: limits.trustProxy,
    // A whole request must arrive in time: a client trickling its body is cut (checked every second).
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.headersTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
    // One short line per request, written on the answer (below); nothing per request at warn.
    logController: new LogController({ disableRequestLogging: true }),
    // While it closes, Fastify would answer what still arrives with its own English 503: the
    // first hook below answers in French instead. Idle keep-alive connections are closed at
    // once; those with a request in flight end after its answer.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    ...(logger
      ? { loggerInstance: logger as FastifyBaseLogger }
      : { logger: { level: logLevel, ...(logStream ? { stream: logStream } : {}) } }),
  });

  installRequestHooks(app, { limits, lifecycle, logLevel, notifications });
  await installWireFormat(app);

  await installRateLimits(app, sql, limits);
  if (metrics) countRequests(app, metrics);

  installErrorAnswers(app, composition);

  const resolved: Resolved = {
    sql,
    runtime,
    limits,
    lifecycle,
    pricing,
    notifications,
    backOffice,
    documents,
    metrics,
    metricsToken,
    publicPricing: givenPublicPricing,
    payments,
    serverBase,
    composition,
  };
  await registerRoutes(app, resolved, await buildServices(app, resolved));
  return app;
}

/** The settings createApp resolved: what its services and routes are made from. */
type Resolved = Required<
  Pick<AppOptions, 'sql' | 'runtime' | 'limits' | 'lifecycle' | 'pricing' | 'notifications' | 'backOffice' | 'documents'>
> &
  Pick<AppOptions, 'metrics' | 'metricsToken' | 'publicPricing' | 'payments' | 'serverBase' | 'composition'>;

/** The services the routes share (ServerContext), each started and stopped with the server. */
async function buildServices(app: FastifyInstance, options: Resolved) {
  const { sql, runtime, limits, pricing, notifications, backOffice, documents, serverBase, composition } = options;
  const metrics = options.metrics ?? null;
  const payments = options.payments ?? null;
  const givenPublicPricing = options.publicPricing;
  const catalogue = await ItemCatalogue.load(sql);
  let geocoder: OfflineGeocoder | null = null;
  const geocoderOnce = () => {
    if (geocoder) return geocoder;
    const { communes, unlocatedPostcodes } = loadCommuneData();
    return (geocoder = new OfflineGeocoder(communes, unlocatedPostcodes));
  };

  const quotas = new Quotas(limits, app.log, metrics);
  const addressSecret = await serverKey(sql, 'client-address');
  // The keyless public pages belong to the company PUBLIC_COMPANY_ID names, when it names one:
  // their devis, pages and e-mails carry its references (db/devis-source.ts), as its key's pages do.
  const publicConfiguration = givenPublicPricing ?? publicPricingFrom(process.env, composition?.publicPricing ?? {});
  const publicPricing =
    backOffice.publicCompanyId === null ? publicConfiguration : { ...publicConfiguration, id: backOffice.publicCompanyId };
  // And their prices are that company's, as its key's pages' (issue 55), unless the operator
  // prices them apart with its own file (PUBLIC_PRICING_FILE).
  const keylessCompany = process.env.PUBLIC_PRICING_FILE?.trim() ? null : backOffice.publicCompanyId;
  const sandbox = createPoolSandbox(pricing.sandbox);
  app.addHook('onClose', async () => sandbox.close());
  const quotes = new QuoteService({
    sql,
    catalogue,
    routes:
      pricing.routeService === 'ign'
        ? ignRouteService({ url: pricing.ignItineraryUrl, timeoutMs: pricing.routeTimeoutMs, cacheSize: 1000 })
        : straightLineRouteService(),
    sandbox,
    publicPricing,
    keylessCompany,
    publicGrids: pricing.publicGrids,
    signingKey: pricing.signingKey ?? (await serverKey(sql, 'quote-signing')),
    ttlMs: pricing.quoteTtlMs,
    priceCeilingEuros: limits.priceCeilingEuros,
  });
  const devisKey = await serverKey(sql, 'devis-link');
  // The devis PDFs are laid out in worker threads, each build bounded in time and size.
  const devisPdfs = createDevisPdfPool({ workers: documents.pdfWorkers, timeoutMs: documents.pdfTimeoutMs });
  app.addHook('onClose', async () => devisPdfs.close());
  const notifier = new Notifier({
    sql,
    devisKey,
    settings: notifications,
    log: app.log,
    metrics,
    serverBase: serverBase ?? (() => listeningAddress(app)),
    demo: runtime.demo,
    publicCompanyId: backOffice.publicCompanyId,
    devisPdf: (travelId) => devisPdfOfBooking(sql, travelId, publicPricing, devisPdfs),
  });
  // The workers start once the server answers, and stop (their sends in flight ended) before the database closes.
  app.addHook('onReady', async () => notifier.start());
  app.addHook('onClose', async () => notifier.stop());
  const deposits = new DepositService({
    sql,
    // A copy (SEND_NOTHING=1) opens no payment session and makes no refund: the deposit is off.
    settings: notifications.sendNothing ? null : payments,
    notifier,
    log: app.log,
    devisKey,
    publicPricing,
    firstRetryMs: notifications.webhooks.firstRetryMs,
    pollMs: notifications.pollMs,
  });
  const bookings = new BookingLifecycle({
    sql,
    notifier,
    deposits,
    quotes,
    publicPricing,
    metrics: metrics ?? null,
    undoAcceptMs: backOffice.undoAcceptMs,
  });
  app.addHook('onReady', async () => deposits.start());
  app.addHook('onClose', async () => deposits.stop());
  // The e-mails of the move's calendar (the day before, the day after), swept on the server's clock.
  let calendar: ReturnType<typeof scheduleCalendarMails> | null = null;
  app.addHook('onReady', async () => {
    calendar = scheduleCalendarMails({ sql, notifier, publicPricing, deposits, log: app.log, everyMs: notifications.calendarSweepMs });
  });
  app.addHook('onClose', async () => calendar?.stop());
  return {
    catalogue,
    geocoderOnce,
    quotas,
    addressSecret,
    publicPricing,
    keylessCompany,
    sandbox,
    quotes,
    devisKey,
    devisPdfs,
    notifier,
    deposits,
    bookings,
  };
}

/** Every group of routes, in the order they must be registered (the OpenAPI document first, the context before the routes). */
async function registerRoutes(app: FastifyInstance, options: Resolved, services: Awaited<ReturnType<typeof buildServices>>) {
  const { sql, runtime, limits, lifecycle, notifications, backOffice, metricsToken, composition } = options;
  const metrics = options.metrics ?? null;
  const {
    catalogue,
    geocoderOnce,
    quotas,
    addressSecret,
    publicPricing,
    keylessCompany,
    sandbox,
    quotes,
    devisKey,
    devisPdfs,
    notifier,
    deposits,
    bookings,
  } = services;
  // Before the routes: the document is generated from each route's schema as it is declared.
  await registerOpenApi(app);
  // What every group of routes reads, registered once; each group is a plugin that takes what it needs.
  await app.register(serverContext, {
    sql,
    limits,
    catalogue,
    quotes,
    quotas,
    notifier,
    publicPricing,
    keylessCompany,
    metrics,
    addressSecret,
    geocoder: geocoderOnce,
    sandbox,
    deposits,
    bookings,
  });
  // A page's carrier-key, read before any API route's handler (request.site).
  await app.register(carrierKeys, { sql });
  await app.register(travelRoutes);
  await app.register(quoteRoutes);
  await app.register(devisRoutes, { devisKey, devisPdfs });
  await app.register(followRoutes, { devisKey });
  await app.register(termsRoutes);
  if (deposits.enabled) await app.register(depositRoutes, { devisKey });
  await app.register(catalogueRoutes);
  await app.register(companyRoutes);
  await app.register(carrierRoutes);
  await app.register(logoRoutes);
  await app.register(testPageRoutes);
  await app.register(geoRoutes);
  await app.register(dashboardRoutes, { assetsDir: runtime.assetsDir });
  await app.register(healthRoutes, { lifecycle, sendNothing: notifications.sendNothing });
  await app.register(backOfficeRoutes, {
    settings: backOffice,
    notifications,
    csrfKey: await serverKey(sql, 'back-office-csrf'),
  });
  await app.register(faviconRoutes);
  integrationFileRoutes(app, runtime.serverDir);
  if (metrics && metricsToken) metricsRoute(app, metrics, metricsToken);
  await app.register(elementFileRoutes, { elementsDir: runtime.elementsDir, sourceMaps: runtime.serveSourceMaps ?? false });
  await composition?.routes(app, { sql, catalogue, elementsDir: runtime.elementsDir });

  app.addHook('onReady', async () => {
    geocoderOnce();
  });
}
