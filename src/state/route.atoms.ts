import { atom } from 'jotai';
import type { TravelMode } from '../domain/entities/driver-pool.ts';
import { canRoute, type RoutedStop } from '../domain/route/preconditions.ts';
import { sameData } from '../domain/same-data.ts';
import type { ComputedRoute } from '../services/maps/routing.ts';
import { selectedPoolAtom } from './pools.atoms.ts';
import { stableAtom } from './stable-atom.ts';
import { stopsAtom } from './stops.atoms.ts';

export type RouteStatus = 'idle' | 'loading' | 'ok' | 'failed';

/** What a route is asked for: the stops where they are, in their order, the pool's travel mode, and the attempt. */
export interface RouteRequest {
  stops: readonly RoutedStop[];
  mode: TravelMode;
  /** Bumped by 'Réessayer': the same stops are asked again. */
  attempt: number;
}

/** The answer to one request: the route, or why there is none. */
export interface RouteOutcome {
  request: RouteRequest;
  route: ComputedRoute | null;
  /** The spec's message ('Address limit overflow 50: 51'…), null for a failure it gives none (spec §8). */
  error: string | null;
  /** The provider failed ('Route not found {status}'): asking again may succeed. */
  retryable?: boolean;
}

const attemptBase = atom(0);
/** 'Réessayer' on the route banner: the route is asked again even though no stop changed. */
export const retryRouteAtom = atom(null, (get, set) => set(attemptBase, get(attemptBase) + 1));

/**
 * The route the trip needs, or null while routing is not allowed (spec §5: every address
 * resolved). The same object while nothing routing reads changed: notes, floors or a name
 * typed ask for no route (spec §4 "skipped if nothing changed"). The engine answers it.
 */
export const routeRequestAtom = stableAtom<RouteRequest | null>(
  (get) => {
    const stops = get(stopsAtom);
    if (!canRoute(stops)) return null;
    return {
      stops: stops.map(({ uid, lat, lng, geocodeResolved }) => ({ uid, lat, lng, geocodeResolved })),
      mode: get(selectedPoolAtom)?.mode ?? 'driving',
      attempt: get(attemptBase),
    };
  },
  sameData,
  null,
);

const outcomeBase = atom<RouteOutcome | null>(null);
/** The latest answer; while a newer one is asked for, the last one stays (its arrivals show, marked as being updated). */
export const routeOutcomeAtom = atom((get) => get(outcomeBase));
/** The engine's: the answer to a request, delivered only while that request is still the trip's. */
export const answerRouteAtom = atom(null, (_get, set, outcome: RouteOutcome) => set(outcomeBase, outcome));

/** Where the trip stands: nothing to route, being computed, computed, or failed (spec §4: a failed route makes step 0 invalid). */
export const routeStatusAtom = atom((get): RouteStatus => {
  const request = get(routeRequestAtom);
  if (!request) return 'idle';
  const outcome = get(outcomeBase);
  if (outcome?.request !== request) return 'loading';
  return outcome.route ? 'ok' : 'failed';
});

/** The last route computed, while the trip can be routed: the current one, or the previous one while it is asked again. */
export const routeAtom = atom((get) => (get(routeRequestAtom) ? (get(outcomeBase)?.route ?? null) : null));

/** A route being computed: 'Calcul en cours…' in Suivant's place. */
export const routeLoadingAtom = atom((get) => get(routeStatusAtom) === 'loading');

/** The answer for the trip as it is now, once it came: what the route banner says. */
export const currentRouteOutcomeAtom = atom((get) => {
  const outcome = get(outcomeBase);
  return outcome && outcome.request === get(routeRequestAtom) ? outcome : null;
});
