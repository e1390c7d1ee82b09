import { assertAddressLimit, routePoints, type RoutedStop } from '../../domain/route/preconditions.ts';
import { directionsChunks, sumRoutes } from '../../domain/route/chunking.ts';
import { straightLineRoute } from '../../domain/route/straight-line.ts';
import type { RouteResult } from '../../domain/entities/route-result.ts';
import type { Stop } from '../../domain/entities/stop.ts';
import type { TravelMode } from '../../domain/entities/driver-pool.ts';
import { RouteNotFoundError, type GeocodedAddress, type MapsProvider } from './provider.ts';

export interface ComputedRoute extends RouteResult {
  /**
   * The stops it runs through, in order. Its legs belong to them: while a new route is asked
   * for after a move, the arrivals stay those of this one, and no estimate mixes the two.
   */
  stopUids: readonly string[];
}

/**
 * The customer's route through the stops: per spec §9 chunks of 25 addresses summed; when
 * the provider routes no road for the mode (the demo's local one), the straight-line
 * estimate, marked approximate (DESIGN §4). Rejects without a message while a stop is
 * unresolved (spec §8), with the spec's error above 50 addresses, and with 'Route not found
 * {status}' when the provider fails (spec §8: step 0 made invalid, not priced on a guess).
 */
export async function computeRoute(provider: MapsProvider, stops: readonly RoutedStop[], mode: TravelMode): Promise<ComputedRoute> {
  assertAddressLimit(stops.length);
  const points = routePoints(stops);
  // Spec §8: not all resolved, or no address at all → a rejection with no message.
  if (!points) return Promise.reject();
  const stopUids = stops.map((stop) => stop.uid);
  if (points.length < 2) return { ...straightLineRoute(points), approximate: false, stopUids };
  if (!provider.modes.includes(mode)) return { ...straightLineRoute(points), stopUids };
  try {
    const parts: RouteResult[] = [];
    for (const chunk of directionsChunks(points)) parts.push(await provider.routeChunk(chunk, mode));
    return { ...sumRoutes(parts), stopUids };
  } catch (error) {
    // A network failure has no status of its own: Google's word for a request not processed.
    throw error instanceof RouteNotFoundError ? error : new RouteNotFoundError('UNKNOWN_ERROR');
  }
}

/** Whether a route was computed for these stops in this order (see `stopUids`). */
export function routeFits(route: ComputedRoute, stops: readonly Pick<Stop, 'uid'>[]): boolean {
  return route.stopUids.length === stops.length && stops.every((stop, index) => route.stopUids[index] === stop.uid);
}

/** Geocoding through a per-provider cache: an address text is never asked twice. */
export function cachedGeocoder(provider: MapsProvider) {
  const cache = new Map<string, Promise<GeocodedAddress[]>>();
  return (text: string): Promise<GeocodedAddress[]> => {
    const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
    let pending = cache.get(key);
    if (!pending) {
      pending = provider.geocode(text);
      cache.set(key, pending);
      // A failed lookup may be retried later; only answers are kept.
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}
