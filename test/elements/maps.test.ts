import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-lite.ts';
import { next } from './booking-support.ts';
import { makeStop, type Stop } from '../../src/domain/entities/stop.ts';
import { createBanProvider } from '../../src/services/maps/ban-provider.ts';
import { createGoogleProvider, loadImportLibrary, MapsMissingError } from '../../src/services/maps/google-provider.ts';
import { cachedGeocoder, computeRoute } from '../../src/services/maps/routing.ts';
import geopfSearch from '../fixtures/geopf-search-rivoli.json';
import ignRoute from '../fixtures/ign-route-paris-lyon.json';
import { googleResult, installFakeGoogle, uninstallFakeGoogle, type FakeGoogleOptions } from './fake-google-maps.ts';
import { allByRole, apiBase, byRole, createQuoteElement, textOf, findLiveRegion, allLiveRegions } from './support.ts';

const resolvedStops = (count: number): Stop[] =>
  Array.from({ length: count }, (_, index) =>
    makeStop({ lat: 48 + index * 0.01, lng: 2.35, geocodeResolved: true, index, step: index + 1 }),
  );

function recordingFetch(answers: Record<string, unknown>) {
  const urls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const key = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    return new Response(JSON.stringify(key ? answers[key] : {}), { status: key ? 200 : 404 });
  }) as typeof fetch;
  return { urls, fetchImpl };
}

describe('maps providers (DESIGN §4, spec §7, §8, §9)', () => {
  afterEach(() => uninstallFakeGoogle());

  it('S104 S143 Géoplateforme: only housenumber results resolve, read from recorded answers', async () => {
    const { urls, fetchImpl } = recordingFetch({ 'https://geo.test/search': geopfSearch });
    const provider = createBanProvider({ kind: 'geoplateforme', searchUrl: 'https://geo.test/search', routeUrl: null, fetchImpl });
    const results = await provider.geocode('10 rue de Rivoli Paris');
    expect(results).to.deep.equal([
      {
        address: '10 Rue de Rivoli 75004 Paris',
        lat: 48.855582,
        lng: 2.357963,
        postalCode: '75004',
        locality: 'Paris',
        country: 'France',
        streetNumber: '10',
        placeId: '75104_8158_00010',
      },
    ]);
    expect(urls[0]).to.contain('index=address');
    expect((await provider.suggest('10 rue de Rivoli Paris')).map((s) => s.label)).to.deep.equal([
      '10 Rue de Rivoli 75004 Paris',
      'Rue de Rivoli 75004 Paris',
    ]);
  });

  it('issue 58 a geocoder that cannot be reached says so in French, with what the visitor can do, never the browser’s English', async () => {
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const failureOf = async (attempt: () => Promise<unknown>) => {
      try {
        await attempt();
        return 'an answer';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const geoplateforme = createBanProvider({
      kind: 'geoplateforme',
      searchUrl: 'https://geo.test/search',
      routeUrl: null,
      fetchImpl: down,
    });
    for (const message of [
      await failureOf(() => geoplateforme.suggest('10 rue de Rivoli')),
      await failureOf(() => geoplateforme.geocode('10 rue de Rivoli')),
    ]) {
      expect(message).to.equal(
        'Le service d’adresses de l’IGN (Géoplateforme) ne répond pas\u00a0: vérifiez votre connexion à Internet (un pare-feu ou un bloqueur de publicité peut empêcher l’accès à data.geopf.fr), puis réessayez dans un instant.',
      );
    }
    const local = createBanProvider({ kind: 'local', searchUrl: 'https://geo.test/search', routeUrl: null, fetchImpl: down });
    expect(await failureOf(() => local.suggest('10 rue de Rivoli'))).to.equal(
      'Le service d’adresses ne répond pas\u00a0: vérifiez votre connexion à Internet, puis réessayez dans un instant.',
    );
    const unavailable = (() => Promise.resolve(new Response('', { status: 503 }))) as typeof fetch;
    const busy = createBanProvider({ kind: 'geoplateforme', searchUrl: 'https://geo.test/search', routeUrl: null, fetchImpl: unavailable });
    expect(await failureOf(() => busy.geocode('10 rue de Rivoli'))).to.equal(
      'Le service d’adresses est indisponible pour le moment (erreur 503)\u00a0: réessayez dans un instant.',
    );
  });

  it('S144 IGN routing: legs from the portions, car only', async () => {
    const { urls, fetchImpl } = recordingFetch({ 'https://route.test/': ignRoute });
    const provider = createBanProvider({
      kind: 'geoplateforme',
      searchUrl: 'https://geo.test/search',
      routeUrl: 'https://route.test/',
      fetchImpl,
    });
    const route = await provider.routeChunk(
      [
        { lat: 48.855582, lng: 2.357963 },
        { lat: 45.77822, lng: 3.08763 },
        { lat: 45.75423, lng: 4.83089 },
      ],
      'driving',
    );
    expect(route).to.deep.include({ distance: 465432.7, duration: 16620.4, legDurations: [14980.2, 1640.2], approximate: false });
    expect(decodeURIComponent(urls[0]!))
      .to.contain('start=2.357963,48.855582')
      .and.contain('intermediates=3.08763,45.77822')
      .and.contain('profile=car');
    const bike = await computeRoute(provider, resolvedStops(2), 'bicycling');
    expect(bike.approximate).to.equal(true);
  });

  it('S149 S150 S160 IGN router down or answering 503 fails the route; without a router the straight line stands', async () => {
    const options = { kind: 'geoplateforme' as const, searchUrl: 'https://geo.test/search', routeUrl: 'https://route.test/' };
    const failureOf = async (provider: ReturnType<typeof createBanProvider>) => {
      try {
        await computeRoute(provider, resolvedStops(2), 'driving');
        return 'a route was given';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await failureOf(createBanProvider({ ...options, fetchImpl: down }))).to.equal('Route not found UNKNOWN_ERROR');
    const unavailable = (() => Promise.resolve(new Response('', { status: 503 }))) as typeof fetch;
    expect(await failureOf(createBanProvider({ ...options, fetchImpl: unavailable }))).to.equal('Route not found 503');
    const local = createBanProvider({ ...options, routeUrl: null, fetchImpl: down });
    expect((await computeRoute(local, resolvedStops(2), 'driving')).approximate).to.equal(true);
  });

  it('S142 S143 local provider: the demo server geocodes real French addresses', async () => {
    const provider = createBanProvider({ kind: 'local', searchUrl: `${await apiBase()}/api/v1/geo/search`, routeUrl: null });
    const [rivoli] = await provider.geocode('10 rue de Rivoli 75004 Paris');
    expect(rivoli).to.include({ address: '10 Rue de Rivoli 75004 Paris', postalCode: '75004', locality: 'Paris', streetNumber: '10' });
    expect(await provider.geocode('rue de Rivoli 75004 Paris')).to.deep.equal([]);
    expect((await provider.suggest('3 place Bellecour 69002'))[0]?.label).to.equal('3 Place Bellecour 69002 Lyon');
  });

  it('an address is never geocoded twice', async () => {
    const { urls, fetchImpl } = recordingFetch({ 'https://geo.test/search': geopfSearch });
    const geocode = cachedGeocoder(
      createBanProvider({ kind: 'geoplateforme', searchUrl: 'https://geo.test/search', routeUrl: null, fetchImpl }),
    );
    await geocode('10 rue de Rivoli Paris');
    await geocode('  10 Rue de Rivoli   Paris ');
    expect(urls).to.have.length(1);
  });

  it('S142 S143 S104 Google: suggestions with a session token, geocoding keeps street numbers only', async () => {
    const calls = installFakeGoogle({
      geocode: () => [
        googleResult('10 Rue de Rivoli, 75004 Paris, France', 48.8556, 2.3579, '10'),
        googleResult('Rue de Rivoli, 75004 Paris, France', 48.856, 2.359, null),
      ],
    });
    const provider = createGoogleProvider(await loadImportLibrary(null));
    const suggestions = await provider.suggest('10 rue de Rivoli');
    expect(suggestions).to.deep.equal([{ id: 'ChIJ-rivoli', label: '10 rue de Rivoli, Paris, France' }]);
    expect(calls.autocompleteRequests[0]!.sessionToken).to.not.equal(undefined);
    const results = await provider.geocode('10 rue de Rivoli, Paris');
    expect(results).to.have.length(1);
    expect(results[0]).to.include({ streetNumber: '10', postalCode: '75004', locality: 'Paris', country: 'France', lat: 48.8556 });
  });

  it('S154 Google: no result is an empty list, not an error', async () => {
    installFakeGoogle({ geocode: () => [] });
    const provider = createGoogleProvider(await loadImportLibrary(null));
    expect(await provider.geocode('nulle part')).to.deep.equal([]);
  });

  it('S059 S144 S159 Google Routes: 30 stops make two requests (first 25, then from the 25th) summed in order', async () => {
    const calls = installFakeGoogle();
    const provider = createGoogleProvider(await loadImportLibrary(null));
    const route = await computeRoute(provider, resolvedStops(30), 'driving');
    expect(calls.routeRequests).to.have.length(2);
    expect(calls.routeRequests[0]!.intermediates).to.have.length(23);
    expect(calls.routeRequests[1]!.intermediates).to.have.length(4);
    expect(calls.routeRequests[0]!.fields).to.include('legs');
    expect(calls.routeRequests[0]!.travelMode).to.equal('DRIVING');
    expect(route.legDurations).to.have.length(29);
    expect(route.distance).to.equal(29 * 2000);
    expect(route.approximate).to.equal(false);
  });

  it('S144 Google: bicycling when requested; DirectionsService only where Route is absent', async () => {
    const calls = installFakeGoogle({ routing: 'directions' });
    const provider = createGoogleProvider(await loadImportLibrary(null));
    const route = await computeRoute(provider, resolvedStops(3), 'bicycling');
    expect(calls.routeRequests[0]!.travelMode).to.equal('BICYCLING');
    expect(calls.routeRequests[0]!.waypoints).to.deep.equal([{ location: { lat: 48.01, lng: 2.35 }, stopover: true }]);
    expect(route.legDurations).to.deep.equal([120, 120]); // 2 km per 0.01° leg in the fake, at 1 min per km
  });

  it('S149 S150 a status not OK is "Route not found {status}": the route fails, no straight line stands in', async () => {
    installFakeGoogle({ routing: 'directions', routeStatus: 'ZERO_RESULTS' });
    const provider = createGoogleProvider(await loadImportLibrary(null));
    let failure: unknown = 'a route was given';
    try {
      await computeRoute(provider, resolvedStops(2), 'driving');
    } catch (error) {
      failure = error;
    }
    expect((failure as Error).message).to.equal('Route not found ZERO_RESULTS');
  });

  it('S151 more than 50 addresses is the spec error; S156 unresolved stops reject with no message', async () => {
    installFakeGoogle();
    const provider = createGoogleProvider(await loadImportLibrary(null));
    let overflow: unknown;
    try {
      await computeRoute(provider, resolvedStops(51), 'driving');
    } catch (error) {
      overflow = error;
    }
    expect((overflow as Error).message).to.equal('Address limit overflow 50: 51');
    let rejection: unknown = 'not rejected';
    try {
      await computeRoute(provider, [...resolvedStops(1), makeStop()], 'driving');
    } catch (error) {
      rejection = error;
    }
    expect(rejection).to.equal(undefined);
    rejection = 'not rejected';
    try {
      await computeRoute(provider, [], 'driving');
    } catch (error) {
      rejection = error;
    }
    expect(rejection).to.equal(undefined);
  });

  it('S152 no key and no google.maps on the page is the spec error', async () => {
    let failure: unknown;
    try {
      await loadImportLibrary(null);
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(MapsMissingError);
    expect((failure as Error).message).to.equal('Goolgle api is not setup, reload the page');
  });
});

describe('a route the provider cannot give, seen from the page (spec §8, §9)', () => {
  afterEach(() => uninstallFakeGoogle());

  const resolvedStops = [
    { type: 'pickup', address: '10 Rue de Rivoli 75004 Paris', lat: 48.8601, lng: 2.3507, geocodeResolved: true },
    { type: 'dropoff', address: '3 Place Bellecour 69002 Lyon', lat: 45.7542, lng: 4.8309, geocodeResolved: true },
  ];

  for (const tag of ['transport-quote-wizard', 'transport-quote-lite'] as const) {
    it(`S149 S150 ${tag}: 'Route not found {status}' makes step 0 invalid, with a retry; Suivant comes back once a retry succeeds`, async () => {
      const options: FakeGoogleOptions = { routeStatus: 'ZERO_RESULTS' };
      installFakeGoogle(options);
      const el = createQuoteElement(tag);
      el.setAttribute('api-base', await apiBase());
      el.setAttribute('maps-provider', 'google');
      el.travelStore = { stops: resolvedStops, items: [{ name: 'Table', volume: 1.2, quantity: 5 }] };
      (await fixture(html`<div></div>`)).append(el);
      const root = el.shadowRoot!;
      const banner = await findLiveRegion(root, 'alert', /Route not found ZERO_RESULTS/, 6000);
      // Loading stopped, step 0 invalid: no spinner and no Suivant; no price guessed from a straight line.
      expect(allLiveRegions(root, 'status', /Calcul en cours/)).to.have.length(0);
      expect(allByRole(root, 'button', 'Suivant')).to.have.length(0);
      expect(textOf(root)).not.to.contain('≈');
      options.routeStatus = undefined;
      byRole(banner, 'button', 'Réessayer le calcul de l’itinéraire').click();
      await waitUntil(() => allLiveRegions(root, 'alert', /Route not found/).length === 0, 'message not cleared by the retry', {
        timeout: 6000,
      });
      await waitUntil(() => allByRole(root, 'button', 'Suivant').length === 1, 'Suivant not back after the retry', { timeout: 6000 });
      if (tag === 'transport-quote-wizard') {
        await next(root, 'Vos objets');
        await next(root, 'Votre estimation');
        await waitUntil(() => /Total (TTC|HT)\s*\d/.test(textOf(root).replace(/Votre trajet.*$/, '')), 'the road route is not priced');
      }
    });
  }
});
