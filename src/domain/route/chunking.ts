import { DIRECTIONS_CHUNK_SIZE, MAX_ADDRESSES } from '../constants.ts';
import type { RouteResult } from '../entities/route-result.ts';
import { addressLimitMessage } from '../messages.ts';

export class AddressLimitError extends Error {
  constructor(readonly count: number) {
    super(addressLimitMessage(MAX_ADDRESSES, count));
    this.name = 'AddressLimitError';
  }
}

/**
 * Directions requests for a trip (spec §9): one up to 25 addresses; above 25, two: the
 * first 25 and the list from the 25th on (the 25th starts the second request, so the leg
 * from the 25th to the 26th is not lost); above 50, an error.
 */
export function directionsChunks<T>(addresses: readonly T[]): T[][] {
  if (addresses.length > MAX_ADDRESSES) throw new AddressLimitError(addresses.length);
  if (addresses.length <= DIRECTIONS_CHUNK_SIZE) return [[...addresses]];
  return [addresses.slice(0, DIRECTIONS_CHUNK_SIZE), addresses.slice(DIRECTIONS_CHUNK_SIZE - 1)];
}

/** Sums chunk results into one route; legs follow each other in order. */
export function sumRoutes(parts: readonly RouteResult[]): RouteResult {
  return {
    distance: parts.reduce((sum, part) => sum + part.distance, 0),
    duration: parts.reduce((sum, part) => sum + part.duration, 0),
    legDurations: parts.flatMap((part) => part.legDurations),
    legDistances: parts.flatMap((part) => part.legDistances),
    responses: parts.flatMap((part) => part.responses),
    approximate: parts.some((part) => part.approximate),
  };
}
