import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { DAY_QUOTES_MAX } from 'transport-quote-wizard/domain';
import type { ServerLimits } from '../config/limits.ts';
import { countHits, databaseRateLimitStore } from '../db/rate-limit-store.ts';
import { countedAddress } from '../security/client-key.ts';
import type { Sql } from '../db/sql.ts';
import { bearerToken, HttpError } from './validation.ts';

const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The company a request acts for, when it names one: by its token (or its pages' key), never kept in clear by the limiter. */
export function companyKey(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.token === 'string' && request.routeOptions.url?.startsWith('/api/v1/companies/')) return fingerprint(params.token);
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body.company_token === 'string') return fingerprint(body.company_token);
  const bearer = bearerToken(request.headers);
  if (bearer && request.routeOptions.url?.startsWith('/api/v1/items/')) return fingerprint(bearer);
  // A carrier's public pages (their key) have budgets of their own: one carrier's flood spends only its own.
  const key = request.headers['x-carrier-key'];
  return typeof key === 'string' && key !== '' ? fingerprint(`site:${key}`) : null;
}

type RouteKind = 'write' | 'read' | 'quote';
function kindOf(route: RouteOptions): RouteKind | null {
  // The devis page is read by its token, as the dashboard page: the same budget of reads.
  if (!['/api/', '/dashboard/', '/devis/'].some((prefix) => route.url.startsWith(prefix))) return null;
  const methods = [route.method].flat();
  // A quote stores no booking, but it is computed and kept a day: a budget of its own.
  if (route.url === '/api/v1/quotes' || route.url === '/api/v1/quotes/days') return 'quote';
  if (methods.includes('POST') || methods.includes('PATCH')) return 'write';
  if (methods.includes('GET') && !route.url.endsWith('openapi.json')) return 'read';
  return null;
}

const tooMany = (seconds: number) => new HttpError(429, `Trop de requêtes\u00a0: réessayez dans ${Math.max(1, seconds)}\u00a0s.`);

const DAY_QUOTES_URL = '/api/v1/quotes/days';
/** A list of days as its body states it; a body that does not parse counts one (the route answers it 400). */
const DaysAsked = v.object({ days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DAY_QUOTES_MAX)) });

/** How many quotes a request asks for: a list of days prices (and stores) one a day, so it counts one a day. */
function quotesAsked(request: FastifyRequest): number {
  if (request.routeOptions.url !== DAY_QUOTES_URL) return 1;
  const asked = v.safeParse(DaysAsked, request.body);
  return asked.success ? asked.output.days : 1;
}

/** Adds `weight` hits to a key's window of a minute: its hits so far and the milliseconds the window has left. */
type HitCounter = (key: string, weight: number) => Promise<{ current: number; ttl: number }>;

/** One process's counts (SQLite: one process), windows forgotten once ended. */
function memoryCounter(windowMs: number): HitCounter {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  return async (key, weight) => {
    const now = Date.now();
    if (windows.size > 10_000) for (const [old, window] of windows) if (window.resetAt <= now) windows.delete(old);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.hits += weight;
    return { current: window.hits, ttl: window.resetAt - now };
  };
}

/**
 * Every API route gets a per-address budget (checked before anything is read; an IPv6 /64
 * is one address, as the quotas count it) and a per-company one (once the body names the
 * company); writes, quotes, and searches and reads are counted apart. Both always run: each is
 * a limiter of its own, called from our hooks, because limiters made with `app.rateLimit()`
 * share one "already ran" mark per request and the second would never count. On PostgreSQL
 * the counts live in the database, shared by every process of the deployment; on SQLite (one
 * process) they stay in memory.
 */
export async function installRateLimits(app: FastifyInstance, sql: Sql, limits: ServerLimits): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(sql.dialect === 'postgres' ? { store: databaseRateLimitStore(sql) } : {}),
  });
  /** One budget: its own limiter, its keys prefixed with its name so no two budgets count each other's hits. */
  const limiter = (name: string, max: number, perCompany: boolean) => {
    const check = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: perCompany ? (request) => `${name}:${companyKey(request)}` : (request) => `${name}:${countedAddress(request.ip)}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (perCompany && companyKey(request) === null) return;
      const outcome = await check(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        void reply.header('retry-after', String(outcome.ttlInSeconds));
        throw tooMany(outcome.ttlInSeconds);
      }
    };
  };
  /**
   * The quotes' budgets count each quote a request asks for (a list of 31 days counts 31), all
   * at once: counters of their own, in the same store the other budgets use. The address's
   * first quote is counted before anything is read, the rest of a list's days once its body is.
   */
  const counter: HitCounter =
    sql.dialect === 'postgres' ? (key, weight) => countHits(sql, key, 60_000, weight, Date.now()) : memoryCounter(60_000);
  const spend = async (reply: FastifyReply, key: string, weight: number, max: number) => {
    const { current, ttl } = await counter(key, weight);
    if (current <= max) return;
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    void reply.header('retry-after', String(seconds));
    throw tooMany(seconds);
  };
  const quoteAddress = (request: FastifyRequest) => `quote-ip:${countedAddress(request.ip)}`;
  const quoteLimiters = {
    perAddress: async (request: FastifyRequest, reply: FastifyReply) => spend(reply, quoteAddress(request), 1, limits.quotesPerMinutePerIp),
    perCompany: async (request: FastifyRequest, reply: FastifyReply) => {
      const asked = quotesAsked(request);
      if (asked > 1) await spend(reply, quoteAddress(request), asked - 1, limits.quotesPerMinutePerIp);
      const company = companyKey(request);
      if (company !== null) await spend(reply, `quote-company:${company}`, asked, limits.quotesPerMinutePerCompany);
    },
  };
  const limiters = {
    write: {
      perAddress: limiter('write-ip', limits.writesPerMinutePerIp, false),
      perCompany: limiter('write-company', limits.writesPerMinutePerCompany, true),
    },
    read: {
      perAddress: limiter('read-ip', limits.readsPerMinutePerIp, false),
      perCompany: limiter('read-company', limits.readsPerMinutePerCompany, true),
    },
    quote: quoteLimiters,
  };
  app.addHook('onRoute', (route) => {
    const kind = kindOf(route);
    if (!kind) return;
    const { perAddress, perCompany } = limiters[kind];
    route.onRequest = [perAddress, ...[route.onRequest ?? []].flat()];
    route.preHandler = [perCompany, ...[route.preHandler ?? []].flat()];
  });
}
