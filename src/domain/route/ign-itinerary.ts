import * as v from 'valibot';
import type { RouteResult } from '../entities/route-result.ts';
import type { LatLng } from './straight-line.ts';

/**
 * IGN's itinerary service (Géoplateforme), as the elements and the server both ask it: one
 * request per chunk of stops (spec §9), by car, fastest, metres and seconds.
 */
export function ignItineraryQuery(points: readonly LatLng[]): URLSearchParams {
  const lonLat = (point: LatLng) => `${point.lng},${point.lat}`;
  const params = new URLSearchParams({
    resource: 'bdtopo-osrm',
    profile: 'car',
    optimization: 'fastest',
    start: lonLat(points[0]!),
    end: lonLat(points[points.length - 1]!),
    getSteps: 'false',
    distanceUnit: 'meter',
    timeUnit: 'second',
  });
  if (points.length > 2) params.set('intermediates', points.slice(1, -1).map(lonLat).join('|'));
  return params;
}

/** Its answer: metres, seconds, one portion per leg. */
export const IgnItinerarySchema = v.object({
  distance: v.pipe(v.number(), v.minValue(0)),
  duration: v.pipe(v.number(), v.minValue(0)),
  portions: v.array(v.object({ distance: v.pipe(v.number(), v.minValue(0)), duration: v.pipe(v.number(), v.minValue(0)) })),
});

/** The route an answer gives; null when it is not one (malformed answers are never trusted). */
export function routeFromIgnAnswer(body: unknown): RouteResult | null {
  const parsed = v.safeParse(IgnItinerarySchema, body);
  if (!parsed.success) return null;
  const { distance, duration, portions } = parsed.output;
  return {
    distance,
    duration,
    legDurations: portions.map((portion) => portion.duration),
    legDistances: portions.map((portion) => portion.distance),
    responses: [],
    approximate: false,
  };
}
