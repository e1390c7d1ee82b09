/**
 * What the reference server allows, each from an environment variable with a default sized
 * for one carrier on one machine (server/README.md, "Settings").
 */
export interface ServerLimits {
  /** Bookings created or updated per minute: per client address, and per company token. */
  writesPerMinutePerIp: number;
  writesPerMinutePerCompany: number;
  /** Searches and reads (catalogue, places, contacts, geocoder, a booking by id) per minute. */
  readsPerMinutePerIp: number;
  readsPerMinutePerCompany: number;
  /**
   * Quotes per minute: each is computed (the route, a grid's code) and stored until a day after
   * it expires, so they have a budget of their own; a list of days counts each day it prices.
   */
  quotesPerMinutePerIp: number;
  quotesPerMinutePerCompany: number;
  /** Bytes of bookings a company may keep, and all public (company-less) bookings together. */
  companyQuotaBytes: number;
  publicQuotaBytes: number;
  /** What one client address may keep of the public quota, so a few addresses cannot fill it for everyone. */
  publicQuotaBytesPerAddress: number;
  /** Public bookings nobody accepted are deleted this many days after their last change. */
  publicRetentionDays: number;
  /** The largest body accepted: the largest real booking (50 stops, 200 items), measured, plus room for long notes. */
  bodyLimitBytes: number;
  /** No price above this (euros, VAT included) is believable for one transport job. */
  priceCeilingEuros: number;
  /** A whole request (headers and body) must arrive within this; a trickle is cut. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Behind a reverse proxy: whom to believe for the visitor's address (X-Forwarded-For); false alone. */
  trustProxy: boolean | string;
}

/** 'true' (any proxy), or the proxies' addresses and ranges ('127.0.0.1,10.0.0.0/8'). */
function trustProxyFrom(raw: string | undefined): boolean | string {
  if (!raw || raw.trim() === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

/**
 * Measured with server/test/api/largest-booking.ts: a 50-stop, 200-item booking with notes, two
 * contacts a stop and its store_serialized weighs 251 KiB. 320 KiB leaves room for longer
 * notes and names, and no more.
 */
export const LARGEST_BOOKING_BODY_BYTES = 320 * 1024;

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} doit être un nombre positif (reçu « ${raw} »)`);
  return value;
}

export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerLimits {
  return {
    writesPerMinutePerIp: positive(env, 'RATE_WRITES_PER_MINUTE_PER_IP', 30),
    writesPerMinutePerCompany: positive(env, 'RATE_WRITES_PER_MINUTE_PER_COMPANY', 300),
    readsPerMinutePerIp: positive(env, 'RATE_READS_PER_MINUTE_PER_IP', 600),
    readsPerMinutePerCompany: positive(env, 'RATE_READS_PER_MINUTE_PER_COMPANY', 6000),
    // A day of a list of days counts one (issue 52). A visitor's page asks a quote, and the
    // calendar's 14 days a page (one or two pages), each time the trip or the load changes: 300
    // a minute is ten such changes, far above a person's pace; a company's staff, or a carrier's
    // public pages together, ten times that.
    quotesPerMinutePerIp: positive(env, 'RATE_QUOTES_PER_MINUTE_PER_IP', 300),
    quotesPerMinutePerCompany: positive(env, 'RATE_QUOTES_PER_MINUTE_PER_COMPANY', 3000),
    companyQuotaBytes: positive(env, 'QUOTA_COMPANY_BYTES', 200 * 1024 * 1024),
    publicQuotaBytes: positive(env, 'QUOTA_PUBLIC_BYTES', 1024 * 1024 * 1024),
    // 10 MiB: about a thousand ordinary bookings; a hundred addresses to fill the default public quota.
    publicQuotaBytesPerAddress: positive(env, 'QUOTA_PUBLIC_BYTES_PER_ADDRESS', 10 * 1024 * 1024),
    publicRetentionDays: positive(env, 'PUBLIC_RETENTION_DAYS', 30),
    bodyLimitBytes: positive(env, 'BODY_LIMIT_BYTES', LARGEST_BOOKING_BODY_BYTES),
    priceCeilingEuros: positive(env, 'PRICE_CEILING_EUROS', 100_000),
    requestTimeoutMs: positive(env, 'REQUEST_TIMEOUT_MS', 30_000),
    headersTimeoutMs: positive(env, 'HEADERS_TIMEOUT_MS', 10_000),
    keepAliveTimeoutMs: positive(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
  };
}
