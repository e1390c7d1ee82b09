import { MAX_ADDRESSES } from '../constants.ts';
import type { Stop } from '../entities/stop.ts';
import { AddressLimitError } from './chunking.ts';

/** Routing needs at least one address and every address resolved (spec §5). */
export function canRoute(stops: readonly Pick<Stop, 'geocodeResolved'>[]): boolean {
  return stops.length > 0 && stops.every((stop) => stop.geocodeResolved);
}

/** Throws the spec's overflow error for more than 50 addresses. */
export function assertAddressLimit(count: number): void {
  if (count > MAX_ADDRESSES) throw new AddressLimitError(count);
}

/** What routing reads of a stop: where it is, and whether that place was chosen. */
export type RoutedStop = Pick<Stop, 'uid' | 'lat' | 'lng' | 'geocodeResolved'>;

/** Resolved stops as points; null when routing is not allowed yet. */
export function routePoints(stops: readonly Omit<RoutedStop, 'uid'>[]): { lat: number; lng: number }[] | null {
  if (!canRoute(stops)) return null;
  const points = stops.map((stop) => (stop.lat === null || stop.lng === null ? null : { lat: stop.lat, lng: stop.lng }));
  return points.every((point) => point !== null) ? (points as { lat: number; lng: number }[]) : null;
}
