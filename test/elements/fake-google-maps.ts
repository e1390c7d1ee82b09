/**
 * A faithful fake of the part of google.maps we call (shapes from @types/google.maps 3.66):
 * installed as window.google.maps.importLibrary, which js-api-loader v2 reuses as is.
 */
export interface FakeGoogleOptions {
  /** 'route': Route.computeRoutes exists; 'directions': only the legacy DirectionsService. */
  routing?: 'route' | 'directions';
  /** Status to fail routing with ('ZERO_RESULTS'…); undefined routes normally. */
  routeStatus?: string;
  geocode?: (address: string) => unknown[];
}

export interface FakeGoogleCalls {
  routeRequests: {
    origin: unknown;
    destination: unknown;
    intermediates?: unknown[];
    waypoints?: unknown[];
    travelMode: string;
    fields?: string[];
  }[];
  geocodeRequests: unknown[];
  autocompleteRequests: { input: string; sessionToken: unknown }[];
}

class LatLng {
  constructor(
    private readonly latitude: number,
    private readonly longitude: number,
  ) {}
  lat() {
    return this.latitude;
  }
  lng() {
    return this.longitude;
  }
}

class MapsRequestError extends Error {
  constructor(
    readonly endpoint: string,
    readonly code: string,
  ) {
    super(`${endpoint}: ${code}: fake`);
    this.name = 'MapsRequestError';
  }
}

const point = (value: unknown) => value as { lat: number; lng: number };
const legBetween = (a: unknown, b: unknown) => {
  const from = point(a);
  const to = point(b);
  // 1 km and 60 s per 0.01° of latitude difference, enough to check sums and order.
  const distance = Math.round(Math.abs(to.lat - from.lat) * 100_000) + 1000;
  return { distance, duration: (distance / 1000) * 60 };
};

export function installFakeGoogle(options: FakeGoogleOptions = {}): FakeGoogleCalls {
  const calls: FakeGoogleCalls = { routeRequests: [], geocodeRequests: [], autocompleteRequests: [] };
  class AutocompleteSessionToken {}
  const places = {
    AutocompleteSessionToken,
    AutocompleteSuggestion: {
      async fetchAutocompleteSuggestions(request: { input: string; sessionToken: unknown }) {
        calls.autocompleteRequests.push(request);
        return {
          suggestions: [
            {
              placePrediction: {
                placeId: 'ChIJ-rivoli',
                text: { text: `${request.input}, Paris, France`, matches: [] },
                mainText: null,
                secondaryText: null,
                types: ['street_address'],
              },
            },
            { placePrediction: null },
          ],
        };
      },
    },
  };
  const geocoding = {
    Geocoder: class {
      async geocode(request: { address: string }) {
        calls.geocodeRequests.push(request);
        const results = options.geocode?.(request.address) ?? [];
        if (results.length === 0) throw new MapsRequestError('GEOCODER_GEOCODE', 'ZERO_RESULTS');
        return { results };
      }
    },
  };
  const computeRoutes = async (request: FakeGoogleCalls['routeRequests'][number]) => {
    calls.routeRequests.push(request);
    if (options.routeStatus) return { routes: [], fallbackInfo: null, geocodingResults: null };
    const stops = [request.origin, ...(request.intermediates ?? []).map((w) => (w as { location: unknown }).location), request.destination];
    const legs = stops.slice(1).map((to, index) => {
      const leg = legBetween(stops[index], to);
      return { distanceMeters: leg.distance, durationMillis: leg.duration * 1000, path: [] };
    });
    return {
      routes: [
        {
          legs,
          distanceMeters: legs.reduce((s, l) => s + l.distanceMeters, 0),
          durationMillis: legs.reduce((s, l) => s + l.durationMillis, 0),
          path: [],
        },
      ],
      fallbackInfo: null,
      geocodingResults: null,
    };
  };
  class DirectionsService {
    async route(request: FakeGoogleCalls['routeRequests'][number]) {
      calls.routeRequests.push(request);
      if (options.routeStatus) throw new MapsRequestError('DIRECTIONS_ROUTE', options.routeStatus);
      const stops = [request.origin, ...(request.waypoints ?? []).map((w) => (w as { location: unknown }).location), request.destination];
      const legs = stops.slice(1).map((to, index) => {
        const leg = legBetween(stops[index], to);
        return { distance: { value: leg.distance, text: '' }, duration: { value: leg.duration, text: '' } };
      });
      return { routes: [{ legs }] };
    }
  }
  const routes = options.routing === 'directions' ? { DirectionsService } : { Route: { computeRoutes }, DirectionsService };
  const libraries: Record<string, unknown> = { places, geocoding, routes, core: { LatLng, MapsRequestError } };
  (window as unknown as { google: unknown }).google = {
    maps: { importLibrary: async (name: string) => libraries[name] ?? {}, LatLng },
  };
  return calls;
}

export function uninstallFakeGoogle(): void {
  delete (window as unknown as { google?: unknown }).google;
}

/** A geocoder result as Google sends it. */
export function googleResult(address: string, lat: number, lng: number, streetNumber: string | null) {
  const components = [
    ...(streetNumber ? [{ long_name: streetNumber, short_name: streetNumber, types: ['street_number'] }] : []),
    { long_name: 'Rue de Rivoli', short_name: 'Rue de Rivoli', types: ['route'] },
    { long_name: 'Paris', short_name: 'Paris', types: ['locality', 'political'] },
    { long_name: '75004', short_name: '75004', types: ['postal_code'] },
    { long_name: 'France', short_name: 'FR', types: ['country', 'political'] },
  ];
  return {
    formatted_address: address,
    place_id: `pid-${address}`,
    types: ['street_address'],
    address_components: components,
    geometry: { location: new LatLng(lat, lng), location_type: 'ROOFTOP' },
  };
}
