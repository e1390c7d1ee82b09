import type { FastifyInstance } from 'fastify';
import { type ServerLimits } from '../config/limits.ts';
import { type NotificationSettings } from '../config/notifications.ts';
import { SHUTTING_DOWN_MESSAGE, SHUTTING_DOWN_RETRY_AFTER_SECONDS, type Lifecycle } from '../ops/health.ts';
import { loggableUrl } from '../security/loggable-url.ts';

const NBSP = '\u00a0';
const PROXY_ADVICE =
  'le serveur ne croit pas l’en-tête X-Forwarded-Proto du proxy, les cookies de l’espace transporteur partent sans l’attribut Secure et chaque visiteur est compté à l’adresse du proxy. ' +
  'Réglez TRUST_PROXY sur l’adresse du proxy qui termine TLS (par exemple TRUST_PROXY=127.0.0.1).';

/** What supervisors, load balancers and scrapers ask all day: logged at debug. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** How far past the body limit an announced body is still read (and dropped) so its 413 arrives. */
const DRAINED_BODY_FACTOR = 8;
/** How much of a file sent to a back-office form past its limit is still read (and dropped) so its page arrives. */
const UPLOAD_DRAINED_BYTES = 32 * 1024 * 1024;

export interface RequestHookSettings {
  limits: ServerLimits;
  lifecycle: Lifecycle;
  logLevel: string;
  notifications: NotificationSettings;
}

/**
 * The hooks every request meets first: the proxy's advice said once, the drain on stopping, the
 * request's log line, and the answer before the body to a body too large or sent nowhere.
 */
export function installRequestHooks(app: FastifyInstance, { limits, lifecycle, logLevel, notifications }: RequestHookSettings): void {
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
}
