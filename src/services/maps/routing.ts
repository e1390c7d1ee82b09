import { assertAddressLimit, routePoints, type RoutedStop } from '../../domain/route/preconditions.ts';
import { directionsChunks, sumRoutes } from '../../domain/route/chunking.ts';
import { straightLineRoute } from '../../domain/route/straight-line.ts';
import type { RouteResult } from '../../domain/entities/route-result.ts';
import type { Stop } from '../../domain/entities/stop.ts';
import type { TravelMode } from '../../domain/entities/driver-pool.ts';
import type { GeocodedAddress, MapsProvider } from './provider.ts';

export interface ComputedRoute extends RouteResult {
  /** Why the straight line was used, when it was ('Route not found ZERO_RESULTS'…). */
  fallbackReason: string | null;
  /**
   * The stops it runs through, in order. Its legs belong to them: while a new route is asked
   * for after a move, the arrivals stay those of this one, and no estimate mixes the two.
   */
  stopUids: readonly string[];
}

/**
 * The customer's route through the stops: per spec §9 chunks of 25 addresses summed; when
 * the provider has no route for the mode or fails, the straight-line estimate, marked
 * approximate (DESIGN §4). Rejects without a message while a stop is unresolved (spec §8)
 * and with the spec's error above 50 addresses.
 */
export async function computeRoute(provider: MapsProvider, stops: readonly RoutedStop[], mode: TravelMode): Promise<ComputedRoute> {
  assertAddressLimit(stops.length);
  const points = routePoints(stops);
  // Spec §8: not all resolved, or no address at all → a rejection with no message.
  if (!points) return Promise.reject();
  const stopUids = stops.map((stop) => stop.uid);
  if (points.length < 2) return { ...straightLineRoute(points), approximate: false, fallbackReason: null, stopUids };
  if (!provider.modes.includes(mode)) return { ...straightLineRoute(points), fallbackReason: null, stopUids };
  try {
    const parts: RouteResult[] = [];
    for (const chunk of directionsChunks(points)) parts.push(await provider.routeChunk(chunk, mode));
    return { ...sumRoutes(parts), fallbackReason: null, stopUids };
  } catch (error) {
    return { ...straightLineRoute(points), fallbackReason: error instanceof Error ? error.message : String(error), stopUids };
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
