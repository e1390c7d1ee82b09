/**
 * A database that cannot be reached for now (PostgreSQL stopped, restarting or recovering, its
 * connections cut) is not a fault of the request nor of the code: such requests are answered
 * 503 with Retry-After, and the pool opens new connections by itself once it answers again.
 */

/** What the client is told while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Service momentanément indisponible\u00a0: la base de données ne répond pas. Réessayez dans quelques secondes.';
/** Seconds a client should wait before retrying: about what a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be opened or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01 to 57P03 (shut
 * down by an administrator, crashed, not accepting connections yet) and 53300 (no connection
 * slot left).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;
/** pg's own errors for a connection lost or never obtained; they carry no code. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
  if (LOST_CONNECTION.test(error.message)) return true;
  // A host name with several addresses fails with one error per address.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
