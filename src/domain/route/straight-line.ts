import {
  EARTH_RADIUS_KM,
  FALLBACK_LONG_ABOVE_KM,
  FALLBACK_MEDIUM_ABOVE_KM,
  FALLBACK_SPEEDS_KMH,
  STRAIGHT_LINE_DETOUR_FACTOR,
} from '../constants.ts';
import type { RouteResult } from '../entities/route-result.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km on a 6371 km earth (haversine). */
export function greatCircleKm(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Average speed for a road distance: 15 km/h, 30 above 10 km, 80 above 100 km (spec §9). */
export function fallbackSpeedKmh(roadKm: number): number {
  if (roadKm > FALLBACK_LONG_ABOVE_KM) return FALLBACK_SPEEDS_KMH.long;
  if (roadKm > FALLBACK_MEDIUM_ABOVE_KM) return FALLBACK_SPEEDS_KMH.medium;
  return FALLBACK_SPEEDS_KMH.short;
}

/** One leg estimated without a road network: 1.5 × the great circle, at the fallback speed. */
export function straightLineLeg(from: LatLng, to: LatLng): { distance: number; duration: number } {
  const roadKm = greatCircleKm(from, to) * STRAIGHT_LINE_DETOUR_FACTOR;
  const hours = roadKm / fallbackSpeedKmh(roadKm);
  return { distance: roadKm * 1000, duration: hours * 3600 };
}

/** A whole route through the stops, leg by leg, marked approximate. */
export function straightLineRoute(points: readonly LatLng[]): RouteResult {
  const legs = points.slice(1).map((to, index) => straightLineLeg(points[index]!, to));
  return {
    distance: legs.reduce((sum, leg) => sum + leg.distance, 0),
    duration: legs.reduce((sum, leg) => sum + leg.duration, 0),
    legDurations: legs.map((leg) => leg.duration),
    legDistances: legs.map((leg) => leg.distance),
    responses: [],
    approximate: true,
  };
}

/**
 * The driver's route: the customer's route plus the way back from the last stop to the
 * first, estimated in a straight line (spec §9).
 */
export function driverRoute(
  customer: Pick<RouteResult, 'distance' | 'duration'>,
  points: readonly LatLng[],
): { distance: number; duration: number } {
  if (points.length < 2) return { distance: customer.distance, duration: customer.duration };
  const back = straightLineLeg(points[0]!, points[points.length - 1]!);
  return { distance: customer.distance + back.distance, duration: customer.duration + back.duration };
}
