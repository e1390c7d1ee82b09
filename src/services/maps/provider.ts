import type { RouteResult } from '../../domain/entities/route-result.ts';
import type { TravelMode } from '../../domain/entities/driver-pool.ts';
import { routeNotFoundMessage } from '../../domain/messages.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A line of the address suggestion list. */
export interface AddressSuggestion {
  id: string;
  label: string;
  /** Postcode and commune ('69002 Lyon') when the label lacks them, shown under it. */
  detail?: string;
}

/** A geocoded address that has a street number (spec §5); the others never reach the stops. */
export interface GeocodedAddress {
  address: string;
  lat: number;
  lng: number;
  postalCode: string;
  locality: string;
  country: string;
  streetNumber: string;
  placeId: string | null;
}

export type ProviderKind = 'google' | 'geoplateforme' | 'local';

/** DESIGN §4: one interface over Google, the Géoplateforme and the demo server. */
export interface MapsProvider {
  readonly kind: ProviderKind;
  suggest(text: string, signal?: AbortSignal): Promise<AddressSuggestion[]>;
  geocode(text: string): Promise<GeocodedAddress[]>;
  /** One directions request over at most 26 points; throws RouteNotFoundError when there is no route. */
  routeChunk(points: readonly LatLng[], mode: TravelMode): Promise<RouteResult>;
  /** Travel modes the provider routes; others fall back to the straight line. */
  readonly modes: readonly TravelMode[];
}

/** 'Route not found {status}' (spec §8). */
export class RouteNotFoundError extends Error {
  constructor(readonly status: string) {
    super(routeNotFoundMessage(status));
    this.name = 'RouteNotFoundError';
  }
}
