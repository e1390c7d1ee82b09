import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { CompanyData } from 'transport-quote-wizard/domain';
import helmet from 'helmet';
import http from 'node:http';
import type { Writable } from 'node:stream';
import { constants as zlib } from 'node:zlib';
import { backOfficeRoutes } from './back-office/routes.ts';
import { BookingLifecycle } from './bookings/lifecycle.ts';
import { backOfficeFromEnv, type BackOfficeSettings } from './config/back-office.ts';
import { limitsFromEnv, type ServerLimits } from './config/limits.ts';
import { notificationsFromEnv, type NotificationSettings } from './config/notifications.ts';
import { pricingFromEnv, type PricingSettings } from './config/pricing.ts';
import type { Runtime } from './config/runtime.ts';
import type { Sql } from './db/sql.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable.ts';
import { ItemCatalogue } from './db/items-repo.ts';
import { serverKey } from './db/server-keys.ts';
import { loadCommuneData } from './geo/communes.ts';
import { OfflineGeocoder } from './geo/geocoder.ts';
import { elementFileRoutes, faviconRoutes } from './http/element-files.ts';
import { integrationFileRoutes } from './http/integration-files.ts';
import { parseJsonBody } from './http/json-body.ts';
import { installRateLimits } from './http/rate-limits.ts';
import { HttpError } from './http/validation.ts';
import { healthRoutes, SHUTTING_DOWN_MESSAGE, SHUTTING_DOWN_RETRY_AFTER_SECONDS, type Lifecycle } from './ops/health.ts';
import { countRequests, metricsRoute, type Metrics } from './ops/metrics.ts';
import { Quotas } from './ops/quotas.ts';
import { publicPricingFrom } from './pricing/carrier-records.ts';
import { createPoolSandbox } from './pricing/pool-sandbox.ts';
import { PricingUnavailable } from './pricing/pricing-unavailable.ts';
import { QuoteService } from './pricing/quote-service.ts';
import { ChoicesRefused, PriceChanged } from './pricing/refusals.ts';
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
import { loggableUrl } from './security/loggable-url.ts';
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

const NBSP = '\u00a0';
const PROXY_ADVICE =
  'le serveur ne croit pas l’en-tête X-Forwarded-Proto du proxy, les cookies de l’espace transporteur partent sans l’attribut Secure et chaque visiteur est compté à l’adresse du proxy. ' +
  'Réglez TRUST_PROXY sur l’adresse du proxy qui termine TLS (par exemple TRUST_PROXY=127.0.0.1).';

/** What supervisors, load balancers and scrapers ask all day: logged at debug. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** A year, and the subdomains: what HSTS says once a request is known to have come over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** How far past the body limit an announced body is still read (and dropped) so its 413 arrives. */
const DRAINED_BODY_FACTOR = 8;
/** How much of a file sent to a back-office form past its limit is still read (and dropped) so its page arrives. */
const UPLOAD_DRAINED_BYTES = 32 * 1024 * 1024;

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

  // Behind a proxy that ends TLS, the proxy's X-Forwarded-Proto is believed only from the
  // addresses TRUST_PROXY names (anyone may send the header): the back office's cookies are
  // Secure exactly when the request is known to have come over TLS. A request that looks
  // proxied over https from elsewhere is said once, in French, as the same setting at start.
  if (!limits.trustProxy && notifications.publicUrl?.startsWith('https://'))
    app.log.warn(`PUBLIC_URL est en https mais TRUST_PROXY n’est pas réglé${NBSP}: ${PROXY_ADVICE}`);
  let proxyWarned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!proxyWarned && request.protocol !== 'https' && /\bhttps\b/i.test(String(request.headers['x-forwarded-proto'] ?? ''))) {
      proxyWarned = true;
      request.log.warn(
        `Requête reçue avec X-Forwarded-Proto: https d’une adresse que TRUST_PROXY ne désigne pas comme proxy${NBSP}: ${PROXY_ADVICE}`,
      );
    }
    done();
  });

  // Stopping (SIGTERM, start.ts): from the signal on, every answer closes its connection, so no
  // client keeps sending on a connection about to end (a reset); once the server takes no more
  // requests, what still arrives on an open connection is told so in French, with Retry-After.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!lifecycle.draining) return done();
    void reply.header('connection', 'close');
    if (!lifecycle.closing) return done();
    void reply.code(503).header('retry-after', String(SHUTTING_DOWN_RETRY_AFTER_SECONDS)).send({ error: SHUTTING_DOWN_MESSAGE });
  });

  // One line per request, its facts as fields a pipeline reads (method, the route's pattern, the
  // address with every secret hidden, status, time in ms), and the same in `msg` for a person.
  // The probes a supervisor and a load balancer send every few seconds are at debug. Above info
  // there is no hook at all: a request pays nothing for a line that would not be written.
  if (['trace', 'debug', 'info'].includes(logLevel)) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.is404 ? null : (request.routeOptions.url ?? null);
      const url = loggableUrl(request);
      const ms = Math.round(reply.elapsedTime);
      const line = { method: request.method, route, url, status: reply.statusCode, ms };
      const text = `${request.method} ${url} ${reply.statusCode} ${ms}ms`;
      if (route !== null && PROBES.has(route)) request.log.debug(line, text);
      else request.log.info(line, text);
      done();
    });
  }

  // Two requests are answered before their body is read: a body announced past the limit
  // (413), and a body sent to an address no route answers (404: neither kept nor parsed).
  // Fastify's own refusal closes the connection while the client is still sending, and the
  // reset that follows can reach the client before the answer does (seen under load: the
  // visitor got a network error, not the message). So the rest of a body up to a few times the
  // limit is read and dropped, and the connection stays open for the answer; beyond that
  // nobody honest sends it, and it is cut.
  app.addHook('onRequest', (request, reply, done) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    const hasBody = announced > 0 || request.headers['transfer-encoding'] !== undefined;
    const tooLarge = announced > limits.bodyLimitBytes;
    if (!tooLarge && !(hasBody && request.is404)) return done();
    // A form of the back office (a logo too heavy) leads back to its page, which says why: the
    // file a person picked by mistake (a 20 MB photo) is read to its end, so the browser gets the page.
    const back = request.routeOptions.config?.tooLargeRedirect;
    if (announced <= (back ? UPLOAD_DRAINED_BYTES : limits.bodyLimitBytes * DRAINED_BODY_FACTOR)) request.raw.resume();
    else reply.header('connection', 'close');
    if (tooLarge && back) return void reply.redirect(back, 303);
    void (tooLarge ? reply.code(413).send({ error: 'Requête trop volumineuse' }) : reply.code(404).send({ error: 'Introuvable' }));
  });

  // JSON only: Fastify's own text/plain parser would hand a text body to the routes, refused
  // there as an invalid booking (400) where the document promises 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // helmet's security headers on every answer, its middleware built once here: @fastify/helmet
  // built it again on every request, in two async hooks (measured: about a tenth of a booking's
  // CPU and more of a search's). The headers are helmet's own, set as the plugin set them.
  const securityHeaders = helmet({
    // Each page sets its own policy with its nonce (demo-pages.ts); the API answers JSON.
    contentSecurityPolicy: false,
    // Carriers load the element scripts from their own pages: they must be embeddable cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors in each page's policy says who may frame it (the dashboard is framed by carriers' pages).
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS means nothing over plain HTTP (RFC 6797 §7.2) and, sent there with includeSubDomains,
    // says what the server cannot know: it is sent below only over HTTPS as the server sees it
    // (TLS of its own never; a proxy's X-Forwarded-Proto believed through TRUST_PROXY).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // The elements run on carriers' sites: the API answers any origin. No cookie is used, tokens travel explicitly.
  // The element files too: the one-script loader on a carrier's page imports its modules and
  // chunks from this server, and a cross-origin module import needs CORS.
  const apiCors = {
    origin: '*',
    methods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authorization', 'idempotency-key', 'x-carrier-key'],
    maxAge: 600,
  };
  const filesCors = { origin: '*', methods: ['GET'] };
  // A preflight without its Origin or method: @fastify/cors would refuse it in English plain text.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const corsPath = url.startsWith('/api/') || url.startsWith('/dist/');
    if (request.method !== 'OPTIONS' || !corsPath || (request.headers.origin && request.headers['access-control-request-method']))
      return done();
    void reply
      .code(400)
      .send({ error: 'Requête de contrôle CORS incomplète\u00a0: les en-têtes Origin et Access-Control-Request-Method sont attendus' });
  });
  await app.register(fastifyCors, {
    hook: 'onRequest',
    delegator: (request, callback) =>
      callback(null, request.url?.startsWith('/api/') ? apiCors : request.url?.startsWith('/dist/') ? filesCors : { origin: false }),
  });

  // Compressed answers for whoever accepts them (brotli first, then gzip). Brotli's default
  // level is its slowest: 4 compresses JSON and pages almost as well at a fraction of the CPU.
  // The element scripts come already compressed by the build (element-files.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await installRateLimits(app, sql, limits);
  if (metrics) countRequests(app, metrics);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // The pricing's refusals, said in its own terms (pricing/refusals.ts).
    if (error instanceof ChoicesRefused) return reply.code(422).send({ error: error.message, fields: error.problems });
    if (error instanceof PriceChanged) return reply.code(409).send({ error: error.message, quote: error.quote });
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ?? {}) });
    }
    if (error instanceof PricingUnavailable) {
      request.log.warn({ err: { message: error.message } }, 'prix indisponible');
      return reply
        .code(error.status)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'base de données injoignable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    const known: Record<number, string> = {
      400: 'Requête invalide',
      404: 'Introuvable',
      413: 'Requête trop volumineuse',
      415: 'Type de contenu non pris en charge : envoyez du JSON',
      429: error.message,
    };
    if (status < 500 && known[status]) return reply.code(status).send({ error: known[status] });
    request.log.error({ err: { message: error.message, code: error.code } }, 'erreur interne');
    return reply.code(500).send({ error: 'Erreur interne du serveur' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Introuvable' });
    const back = composition ? '<p><a href="/">Retour aux démonstrations</a></p>' : '';
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>Page introuvable</title><h1>Page introuvable</h1>${back}</html>`);
  });

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
  return app;
}
