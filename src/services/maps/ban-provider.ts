import * as v from 'valibot';
import { ignItineraryQuery, routeFromIgnAnswer } from '../../domain/route/ign-itinerary.ts';
import type { RouteResult } from '../../domain/entities/route-result.ts';
import type { TravelMode } from '../../domain/entities/driver-pool.ts';
import { RouteNotFoundError, type AddressSuggestion, type GeocodedAddress, type LatLng, type MapsProvider } from './provider.ts';

/** The Géoplateforme geocoder's answer (BAN format), as far as we read it. */
const BanFeatureSchema = v.object({
  geometry: v.object({
    coordinates: v.tuple([v.pipe(v.number(), v.minValue(-180), v.maxValue(180)), v.pipe(v.number(), v.minValue(-90), v.maxValue(90))]),
  }),
  properties: v.looseObject({
    label: v.pipe(v.string(), v.maxLength(300)),
    type: v.string(),
    id: v.optional(v.string(), ''),
    housenumber: v.optional(v.string(), ''),
    postcode: v.optional(v.string(), ''),
    city: v.optional(v.string(), ''),
  }),
});
const BanCollectionSchema = v.object({ features: v.array(v.unknown()) });

export type BanFeature = v.InferOutput<typeof BanFeatureSchema>;

/** Features that parse; a malformed one is skipped rather than trusted. */
export function readFeatures(body: unknown): BanFeature[] {
  const collection = v.safeParse(BanCollectionSchema, body);
  if (!collection.success) return [];
  return collection.output.features.flatMap((feature) => {
    const parsed = v.safeParse(BanFeatureSchema, feature);
    return parsed.success ? [parsed.output] : [];
  });
}

export function featureToAddress(feature: BanFeature): GeocodedAddress {
  const [lng, lat] = feature.geometry.coordinates;
  return {
    address: feature.properties.label,
    lat,
    lng,
    postalCode: feature.properties.postcode,
    locality: feature.properties.city,
    country: 'France',
    streetNumber: feature.properties.housenumber,
    placeId: feature.properties.id || null,
  };
}

export interface BanProviderOptions {
  kind: 'geoplateforme' | 'local';
  /** The geocoder's search URL: https://data.geopf.fr/geocodage/search or {api-base}/api/v1/geo/search. */
  searchUrl: string;
  /** IGN itinerary URL; null routes nothing (the straight line takes over). */
  routeUrl: string | null;
  fetchImpl?: typeof fetch;
}

const NBSP = '\u00a0';

/**
 * No answer at all from the geocoder (the network, a firewall, a blocker): what the address
 * field says, with what the visitor can do. The Géoplateforme is called from the visitor's
 * browser, so their network must reach data.geopf.fr.
 */
export function geocoderUnreachableMessage(kind: BanProviderOptions['kind']): string {
  return kind === 'geoplateforme'
    ? `Le service d’adresses de l’IGN (Géoplateforme) ne répond pas${NBSP}: vérifiez votre connexion à Internet (un pare-feu ou un bloqueur de publicité peut empêcher l’accès à data.geopf.fr), puis réessayez dans un instant.`
    : `Le service d’adresses ne répond pas${NBSP}: vérifiez votre connexion à Internet, puis réessayez dans un instant.`;
}

/** The geocoder answered with an error status. */
export function geocoderUnavailableMessage(status: number): string {
  return `Le service d’adresses est indisponible pour le moment (erreur ${status})${NBSP}: réessayez dans un instant.`;
}

/** The French national geocoder and IGN routing, or the demo server answering in the same format. */
export function createBanProvider({
  kind,
  searchUrl,
  routeUrl,
  fetchImpl = (i, o) => globalThis.fetch(i, o),
}: BanProviderOptions): MapsProvider {
  async function search(text: string, autocomplete: boolean, signal?: AbortSignal): Promise<BanFeature[]> {
    const params = new URLSearchParams({ q: text, limit: '5', autocomplete: autocomplete ? '1' : '0' });
    if (kind === 'geoplateforme') params.set('index', 'address');
    let response: Response;
    try {
      response = await fetchImpl(`${searchUrl}?${params}`, { signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      // The browser's own words ('Failed to fetch', in English) say nothing a visitor can act on.
      throw new Error(geocoderUnreachableMessage(kind));
    }
    if (!response.ok) throw new Error(geocoderUnavailableMessage(response.status));
    return readFeatures(await response.json());
  }

  return {
    kind,
    modes: routeUrl ? ['driving'] : [],
    async suggest(text, signal): Promise<AddressSuggestion[]> {
      if (text.trim().length < 3) return [];
      const features = await search(text.trim(), true, signal);
      return features.map(({ properties: { id, label, postcode, city } }) => {
        // A commune or a street comes without its postcode in the label ('Lyon'): it is added below.
        const detail = postcode && !label.includes(postcode) ? `${postcode} ${city}`.trim() : '';
        return { id: id || label, label, ...(detail ? { detail } : {}) };
      });
    },
    async geocode(text) {
      const features = await search(text.trim(), false);
      // Only addresses with a street number resolve a stop (spec §5).
      return features
        .filter((feature) => feature.properties.type === 'housenumber' && feature.properties.housenumber !== '')
        .map(featureToAddress);
    },
    async routeChunk(points: readonly LatLng[], mode: TravelMode): Promise<RouteResult> {
      if (!routeUrl || mode !== 'driving') throw new RouteNotFoundError('MODE_NOT_SUPPORTED');
      const response = await fetchImpl(`${routeUrl}?${ignItineraryQuery(points)}`);
      if (!response.ok) throw new RouteNotFoundError(String(response.status));
      const route = routeFromIgnAnswer(await response.json());
      if (!route) throw new RouteNotFoundError('INVALID_RESPONSE');
      return route;
    },
  };
}
