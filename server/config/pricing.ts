import type { PriceGrid } from 'transport-quote-wizard/domain';
import type { RouteServiceKind } from '../pricing/route-service.ts';
import { sandboxFromEnv, type SandboxSettings } from './sandbox.ts';

const GRIDS: readonly PriceGrid[] = ['wizard', 'lite'];

/** How the server prices: its route service, how long a quote holds, and the key it signs quotes with. */
export interface PricingSettings {
  routeService: RouteServiceKind;
  ignItineraryUrl: string;
  routeTimeoutMs: number;
  quoteTtlMs: number;
  /** QUOTE_SIGNING_KEY when set (a carrier's backend may then check signatures); else a key the server makes and keeps in its database. */
  signingKey: Buffer | null;
  /**
   * The grids a visitor without a company may be priced on: the elements the carrier puts on
   * its public pages (the wizard's, the lite's, or both). Another grid asked by a public quote
   * or booking is refused, so nobody calls the API for a grid the carrier does not offer.
   * PUBLIC_PRICE_GRIDS; 'wizard' alone in production unless set, both in the demo.
   */
  publicGrids: readonly PriceGrid[];
  /**
   * The sandbox grids' code runs in (config/sandbox.ts): its workers, how long a run may wait
   * for one (POOL_SANDBOX_WAIT_MS, 5000 ms: a quote whose run waited longer answers 503 with
   * Retry-After, the server is saturated, rather than a defect; 0 runs no grid's code), and the
   * sandbox time a request and a company may spend.
   */
  sandbox: SandboxSettings;
}

export function pricingFromEnv(env: NodeJS.ProcessEnv, demo: boolean): PricingSettings {
  const kind = env.ROUTE_SERVICE?.trim() || (demo ? 'straight-line' : 'ign');
  if (kind !== 'straight-line' && kind !== 'ign') throw new Error(`ROUTE_SERVICE doit valoir ign ou straight-line (reçu « ${kind} »)`);
  const minutes = Number(env.QUOTE_TTL_MINUTES?.trim() || 30);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('QUOTE_TTL_MINUTES doit être un nombre de minutes positif');
  const timeout = Number(env.ROUTE_TIMEOUT_MS?.trim() || 4000);
  if (!Number.isInteger(timeout) || timeout <= 0) throw new Error('ROUTE_TIMEOUT_MS doit être un entier positif');
  const key = env.QUOTE_SIGNING_KEY?.trim() ?? '';
  if (key !== '' && key.length < 32) throw new Error('QUOTE_SIGNING_KEY doit compter au moins 32 caractères');
  // By default the public may be priced on the wizard's grid alone, the element a carrier's
  // site shows first: a site with the wizard only cannot be booked on the lite's (cheaper)
  // grid by a visitor who calls the API. A site with the lite names it; the demo shows both.
  const grids = (env.PUBLIC_PRICE_GRIDS?.trim() || (demo ? GRIDS.join(',') : 'wizard')).split(',').map((grid) => grid.trim());
  const unknown = grids.filter((grid) => !(GRIDS as readonly string[]).includes(grid));
  if (unknown.length > 0 || grids.length === 0)
    throw new Error(
      `PUBLIC_PRICE_GRIDS doit lister wizard, lite ou les deux, séparés par des virgules (reçu « ${env.PUBLIC_PRICE_GRIDS} »)`,
    );
  return {
    routeService: kind,
    publicGrids: grids as PriceGrid[],
    ignItineraryUrl: env.IGN_ITINERARY_URL?.trim() || 'https://data.geopf.fr/navigation/itineraire',
    routeTimeoutMs: timeout,
    quoteTtlMs: minutes * 60_000,
    signingKey: key === '' ? null : Buffer.from(key, 'utf8'),
    sandbox: sandboxFromEnv(env),
  };
}
