import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { CompanyData } from 'transport-quote-wizard/domain';
import type { ServerLimits } from '../config/limits.ts';
import type { ItemCatalogue } from '../db/items-repo.ts';
import type { Sql } from '../db/sql.ts';
import type { OfflineGeocoder } from '../geo/geocoder.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Quotas } from '../ops/quotas.ts';
import type { DepositService } from '../payments/deposit-service.ts';
import type { BookingLifecycle } from '../bookings/lifecycle.ts';
import type { PoolSandbox } from '../pricing/pool-sandbox.ts';
import type { QuoteService } from '../pricing/quote-service.ts';

/**
 * What every group of routes reads, made once by createApp: each is a decoration of the
 * server, so a route plugin takes what it needs from `app` instead of a list of arguments
 * threaded through every call.
 */
export interface ServerContext {
  sql: Sql;
  limits: ServerLimits;
  catalogue: ItemCatalogue;
  quotes: QuoteService;
  quotas: Quotas;
  /** The event and the customer's e-mail each booking writes with itself (the outbox). */
  notifier: Notifier;
  /** The public pages' carrier records (PUBLIC_PRICING_FILE, or a composition's). */
  publicPricing: CompanyData;
  /** The company whose records price the keyless public pages (PUBLIC_COMPANY_ID unless they are priced apart), or null. */
  keylessCompany: number | null;
  metrics: Metrics | null;
  /** The key the client addresses are hashed with (server_keys), never stored in clear. */
  addressSecret: Buffer;
  /** The offline index of French communes, loaded on first use. */
  geocoder: () => OfflineGeocoder;
  /** Where pool code runs (the quotes', and the test run of code a carrier is about to save). */
  sandbox: PoolSandbox;
  /** The deposit through Stripe Checkout: `enabled` only with Stripe's secrets (config/payments.ts). */
  deposits: DepositService;
  /** The booking's moves (accept, refuse, undo, counter-offer, the carrier's price), each one transaction with its event and e-mail. */
  bookings: BookingLifecycle;
}

declare module 'fastify' {
  // The decorations of ServerContext, as every route plugin reads them.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface merge is how Fastify types decorations
  interface FastifyInstance extends ServerContext {}
}

const decorateContext: FastifyPluginAsync<ServerContext> = async (app, context) => {
  for (const [name, value] of Object.entries(context) as [keyof ServerContext, unknown][]) app.decorate(name, value as never);
};

/** Registers the context once on the root server (fastify-plugin: visible to every route plugin registered after it). */
export const serverContext = fastifyPlugin(decorateContext, { name: 'tqw-server-context', fastify: '5.x' });
