import type { FastifyRequest } from 'fastify';

const HIDDEN = '[caché]';
/**
 * Parameter names that carry a secret, whatever their case and language: the travel's and the
 * company's tokens, the invitation, reset and counter-offer links' `jeton`, keys, codes and
 * signatures.
 */
const SECRET_NAME = /token|jeton|secret|password|mot.?de.?passe|key|cle|clé|code|sig|session|auth|otp/i;

/**
 * A value that looks random whatever its name: 16 characters or more with no space, mixing
 * letters and digits (a base64url or hex token). A search typed by a visitor ('rue de rivoli'),
 * an id or a date does not.
 */
export function looksSecret(value: string): boolean {
  return value.length >= 16 && /^[\w+/=.~-]+$/.test(value) && /\d/.test(value) && /[a-z]/i.test(value);
}

const shown = (name: string, value: string) => (SECRET_NAME.test(name) || looksSecret(value) ? HIDDEN : encodeURIComponent(value));
/** A path segment of an unknown route this long may be a token sent to a wrong address. */
const LONG_SEGMENT = 16;

/**
 * A request's address as it may be logged, built from what the router understood rather than
 * from the raw text: the route's pattern with its parameters filled in, a secret one hidden
 * (`/api/v1/companies/[caché]`, whatever escapes spelled `companies`), and the parsed query
 * with every secret value hidden. What follows a `#` never reached the router and is left out.
 * An unknown route logs its path alone, with long segments hidden.
 */
export function loggableUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || request.is404) {
    const path = request.url.split(/[?#]/, 1)[0] ?? '';
    return path
      .split('/')
      .map((segment) => (segment.length >= LONG_SEGMENT || looksSecret(segment) ? HIDDEN : segment))
      .join('/');
  }
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = pattern.replace(/:(\w+)/g, (_match, name: string) => shown(name, String(params[name] ?? '')));
  const query = Object.entries((request.query ?? {}) as Record<string, unknown>).flatMap(([name, value]) =>
    [value].flat().map((one) => `${encodeURIComponent(name)}=${shown(name, String(one))}`),
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}
