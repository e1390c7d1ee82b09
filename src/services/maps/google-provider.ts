import * as v from 'valibot';
import { MESSAGES } from '../../domain/messages.ts';
import type { RouteResult } from '../../domain/entities/route-result.ts';
import type { TravelMode } from '../../domain/entities/driver-pool.ts';
import { RouteNotFoundError, type AddressSuggestion, type GeocodedAddress, type LatLng, type MapsProvider } from './provider.ts';

/** The Maps script could not be had: no key and no google.maps on the page (spec §8). */
export class MapsMissingError extends Error {
  constructor() {
    super(MESSAGES.mapsMissing);
    this.name = 'MapsMissingError';
  }
}

type ImportLibrary = (name: string) => Promise<Record<string, unknown>>;

interface GoogleWindow {
  google?: { maps?: { importLibrary?: ImportLibrary } };
}

/**
 * The page's own google.maps is reused (a second copy of the script would break it);
 * otherwise js-api-loader v2 loads it with our key. Without either: the spec's error.
 */
export async function loadImportLibrary(key: string | null, win: GoogleWindow = window as unknown as GoogleWindow): Promise<ImportLibrary> {
  const existing = win.google?.maps?.importLibrary;
  if (existing) return existing;
  if (!key) throw new MapsMissingError();
  const loader = await import('@googlemaps/js-api-loader');
  loader.setOptions({ key, v: 'weekly', language: 'fr', region: 'FR' });
  return (name: string) => loader.importLibrary(name as 'maps') as unknown as Promise<Record<string, unknown>>;
}

const ComponentSchema = v.object({ long_name: v.string(), short_name: v.string(), types: v.array(v.string()) });
const GeocoderResultSchema = v.object({
  formatted_address: v.pipe(v.string(), v.maxLength(300)),
  place_id: v.optional(v.string(), ''),
  address_components: v.array(ComponentSchema),
  geometry: v.object({ location: v.object({ lat: v.function(), lng: v.function() }) }),
});
const LegSchema = v.object({ distanceMeters: v.pipe(v.number(), v.minValue(0)), durationMillis: v.nullish(v.number(), 0) });
const RouteSchema = v.object({ legs: v.array(LegSchema) });
const DirectionsLegSchema = v.object({ distance: v.object({ value: v.number() }), duration: v.object({ value: v.number() }) });
const PredictionSchema = v.object({ placeId: v.string(), text: v.object({ text: v.pipe(v.string(), v.maxLength(300)) }) });

function component(components: v.InferOutput<typeof ComponentSchema>[], type: string, short = false): string {
  const found = components.find((c) => c.types.includes(type));
  return found ? (short ? found.short_name : found.long_name) : '';
}

const GOOGLE_MODES: Record<TravelMode, string> = { driving: 'DRIVING', bicycling: 'BICYCLING' };

export function createGoogleProvider(importLibrary: ImportLibrary): MapsProvider {
  let sessionToken: unknown = null;

  async function library<T>(name: string): Promise<T> {
    return (await importLibrary(name)) as T;
  }

  return {
    kind: 'google',
    modes: ['driving', 'bicycling'],
    async suggest(text): Promise<AddressSuggestion[]> {
      if (text.trim().length < 3) return [];
      const places = await library<{
        AutocompleteSuggestion: { fetchAutocompleteSuggestions(r: unknown): Promise<{ suggestions: { placePrediction: unknown }[] }> };
        AutocompleteSessionToken: new () => unknown;
      }>('places');
      sessionToken ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: text,
        sessionToken,
        includedRegionCodes: ['fr'],
        language: 'fr',
        region: 'fr',
      });
      return suggestions.flatMap(({ placePrediction }) => {
        const parsed = v.safeParse(PredictionSchema, placePrediction);
        return parsed.success ? [{ id: parsed.output.placeId, label: parsed.output.text.text }] : [];
      });
    },
    async geocode(text): Promise<GeocodedAddress[]> {
      // Choosing an address ends the autocomplete session (Google bills per session).
      sessionToken = null;
      const { Geocoder } = await library<{ Geocoder: new () => { geocode(r: unknown): Promise<{ results: unknown[] }> } }>('geocoding');
      let results: unknown[];
      try {
        ({ results } = await new Geocoder().geocode({ address: text, region: 'fr', language: 'fr' }));
      } catch (error) {
        if ((error as { code?: string }).code === 'ZERO_RESULTS') return [];
        throw error;
      }
      return results.flatMap((raw) => {
        const parsed = v.safeParse(GeocoderResultSchema, raw);
        if (!parsed.success) return [];
        const result = parsed.output;
        const streetNumber = component(result.address_components, 'street_number');
        if (!streetNumber) return [];
        // The parsed copy lost the LatLng instance its methods need: read the original.
        const location = (raw as { geometry: { location: { lat(): number; lng(): number } } }).geometry.location;
        return [
          {
            address: result.formatted_address,
            lat: location.lat(),
            lng: location.lng(),
            postalCode: component(result.address_components, 'postal_code'),
            locality: component(result.address_components, 'locality'),
            country: component(result.address_components, 'country'),
            streetNumber,
            placeId: result.place_id || null,
          },
        ];
      });
    },
    async routeChunk(points: readonly LatLng[], mode: TravelMode): Promise<RouteResult> {
      const routes = await library<{
        Route?: { computeRoutes(r: unknown): Promise<{ routes?: unknown[] }> };
        DirectionsService?: new () => { route(r: unknown): Promise<{ routes: { legs: unknown[] }[] }> };
      }>('routes');
      const origin = points[0]!;
      const destination = points[points.length - 1]!;
      const middle = points.slice(1, -1);
      if (routes.Route) {
        const { routes: found } = await routes.Route.computeRoutes({
          origin,
          destination,
          intermediates: middle.map((location) => ({ location })),
          travelMode: GOOGLE_MODES[mode],
          fields: ['legs', 'distanceMeters', 'durationMillis', 'path'],
        });
        const parsed = v.safeParse(RouteSchema, found?.[0]);
        if (!parsed.success) throw new RouteNotFoundError('ZERO_RESULTS');
        const legs = parsed.output.legs;
        return toRoute(
          legs.map((leg) => leg.distanceMeters),
          legs.map((leg) => (leg.durationMillis ?? 0) / 1000),
          found,
        );
      }
      if (!routes.DirectionsService) throw new MapsMissingError();
      let result: { routes: { legs: unknown[] }[] };
      try {
        result = await new routes.DirectionsService().route({
          origin,
          destination,
          waypoints: middle.map((location) => ({ location, stopover: true })),
          travelMode: GOOGLE_MODES[mode],
        });
      } catch (error) {
        throw new RouteNotFoundError((error as { code?: string }).code ?? 'UNKNOWN_ERROR');
      }
      const legs = v.safeParse(v.array(DirectionsLegSchema), result.routes[0]?.legs);
      if (!legs.success || legs.output.length === 0) throw new RouteNotFoundError('ZERO_RESULTS');
      return toRoute(
        legs.output.map((leg) => leg.distance.value),
        legs.output.map((leg) => leg.duration.value),
        [result],
      );
    },
  };
}

function toRoute(distances: number[], durations: number[], responses: unknown): RouteResult {
  return {
    distance: distances.reduce((a, b) => a + b, 0),
    duration: durations.reduce((a, b) => a + b, 0),
    legDistances: distances,
    legDurations: durations,
    responses: Array.isArray(responses) ? responses : [],
    approximate: false,
  };
}
