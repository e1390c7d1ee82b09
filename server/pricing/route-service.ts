import {
  directionsChunks,
  ignItineraryQuery,
  routeFromIgnAnswer,
  straightLineRoute,
  type RouteResult,
  type TravelMode,
} from 'transport-quote-wizard/domain';
import { sumRoutes } from 'transport-quote-wizard/domain';
import { type LatLng } from 'transport-quote-wizard/domain';

/** The server's own route for a quote: a distance sent by a browser is never priced. */
export interface RouteService {
  route(points: readonly LatLng[], mode: TravelMode): Promise<ServerRoute>;
}

export interface ServerRoute extends RouteResult {
  /** Set when the road service did not answer and the straight line (spec §9) priced the trip instead. */
  fallback: string | null;
}

/** 'straight-line': the spec's rule (§9), as the demo's local provider; 'ign': IGN's itinerary service. */
export type RouteServiceKind = 'straight-line' | 'ign';

export interface IgnOptions {
  url: string;
  timeoutMs: number;
  /** Routes kept by list of points (IGN allows 5 requests a second; visitors ask the same trip again and again). */
  cacheSize: number;
  fetchImpl?: typeof fetch;
}

/** Without a road service, or for one stop: the straight-line estimate, marked approximate (one stop has no route at all). */
function straightLine(points: readonly LatLng[]): ServerRoute {
  if (points.length < 2) return { ...straightLineRoute(points), approximate: false, fallback: null };
  return { ...straightLineRoute(points), fallback: null };
}

export function straightLineRouteService(): RouteService {
  return { route: async (points) => straightLine(points) };
}

/**
 * IGN's itinerary service, asked as the elements ask it (chunks of 25 stops summed, spec §9),
 * by car only: another mode, a timeout, an error or a malformed answer falls back to the
 * straight line, marked so, and is not cached (the next quote asks again).
 */
export function ignRouteService({ url, timeoutMs, cacheSize, fetchImpl = (input, init) => fetch(input, init) }: IgnOptions): RouteService {
  const cache = new Map<string, RouteResult>();
  async function chunk(points: readonly LatLng[]): Promise<RouteResult> {
    const response = await fetchImpl(`${url}?${ignItineraryQuery(points)}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`le service d’itinéraire a répondu ${response.status}`);
    const route = routeFromIgnAnswer(await response.json());
    if (!route) throw new Error('réponse illisible du service d’itinéraire');
    return route;
  }
  return {
    async route(points, mode) {
      if (points.length < 2) return straightLine(points);
      if (mode !== 'driving') return straightLine(points);
      const key = points.map((point) => `${point.lng.toFixed(6)},${point.lat.toFixed(6)}`).join('|');
      const known = cache.get(key);
      if (known) {
        cache.delete(key);
        cache.set(key, known);
        return { ...known, fallback: null };
      }
      try {
        const parts: RouteResult[] = [];
        for (const part of directionsChunks(points)) parts.push(await chunk(part));
        const route = sumRoutes(parts);
        cache.set(key, route);
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
        return { ...route, fallback: null };
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? 'le service d’itinéraire n’a pas répondu à temps'
            : String((error as Error).message ?? error);
        return { ...straightLineRoute(points), fallback: `Itinéraire estimé à vol d’oiseau : ${reason}` };
      }
    },
  };
}
