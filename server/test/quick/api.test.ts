// The quick tier of the server (npm run test:quick): the API built in this process from its
// source on an in-memory SQLite (in-process.ts), asked through Fastify's inject(). A visitor's
// quote then the booking it prices, read back by its token; a company's store opened by its
// token; the catalogue's search; a malformed body refused in French; the OpenAPI document.
// Expected figures are spec §9's, computed here (spec-prices.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { quickServer, type QuickServer } from './in-process.ts';
import { cents, handlingEuros, htCents, publicTransportEuros, straightRoute, type Point } from './spec-prices.ts';

const PARIS: Point = { lat: 48.8601, lng: 2.3507 };
const LYON: Point = { lat: 45.7542, lng: 4.8309 };

/** A booking as the wizard sends it (spec §7): Paris (3rd floor, lift) → Lyon (street), a 3-seat sofa, 2 handlers for 2 hours. */
function bookingBody() {
  interface Place {
    address_complete: string;
    postal_code: string;
    locality: string;
    floor_nb: number;
    elevator_presence: boolean;
    seek_days?: number;
  }
  const stop = (type_name: 'pickup' | 'dropoff', step: number, point: Point, place: Place) => ({
    type_name,
    step,
    ...point,
    country: 'France',
    label: '',
    notes: '',
    timewindow_earliest: null,
    timewindow_latest: null,
    order_item_ids: [] as number[],
    seek_days: 0,
    duration_min: 5,
    ...place,
  });
  return {
    addresses: [
      stop('pickup', 1, PARIS, {
        address_complete: '10 Rue de Rivoli 75004 Paris',
        postal_code: '75004',
        locality: 'Paris',
        floor_nb: 3,
        elevator_presence: true,
      }),
      stop('dropoff', 2, LYON, {
        address_complete: '3 Place Bellecour 69002 Lyon',
        postal_code: '69002',
        locality: 'Lyon',
        floor_nb: -1,
        elevator_presence: false,
        seek_days: 1,
      }),
    ],
    customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Marie Curie' },
    travel: {
      travel_id: null,
      driver_pool_id: null,
      vehicle_category_id: null,
      beginning_date: '2026-11-23T09:00:00+01:00',
      ending_date: '2026-11-23T16:10:00+01:00',
      truck_capacity_needed: 6,
      distance_transportation: 930246,
      duration_transportation: 16501,
      price_transportation: 0,
      price_handling: 0,
      price_transportation_ht: 0,
      price_handling_ht: 0,
      handling_needed: true,
      duration_handling: 7200,
      persons_needed: 2,
      additional_notes: '',
      timewindow_enabled: false,
    },
    items: [{ name: 'Canapé 3 places', category: 'item', volume: 2, quantity: 1 }],
    contacts: [],
    store_serialized: JSON.stringify({ version: 1, state: { stops: [], items: [], customer: { name: 'Marie Curie' } } }),
  };
}

type Booking = ReturnType<typeof bookingBody>;

/** The quote request a page sends for the booking it is about to save: the same choices, no figure. */
function quoteRequestOf(body: Booking) {
  return {
    addresses: body.addresses.map(({ type_name, lat, lng, floor_nb, elevator_presence, postal_code, order_item_ids, duration_min }) => ({
      type_name,
      lat,
      lng,
      floor_nb,
      elevator_presence,
      postal_code,
      order_item_ids,
      duration_min,
    })),
    items: body.items,
    vehicle_category_id: null,
    driver_pool_id: null,
    persons_needed: body.travel.persons_needed,
    handling_hours: body.travel.duration_handling / 3600,
    date: body.travel.beginning_date.slice(0, 10),
  };
}

interface Figures {
  price_transportation: number;
  price_handling: number;
  price_transportation_ht: number;
  price_handling_ht: number;
  total: number;
  distance: number;
  driver_distance: number;
  volume: number;
  persons_needed: number;
  handling_hours: number;
  vat: number;
}

describe('the server in this process, on an in-memory SQLite (quick tier)', () => {
  let server: QuickServer;
  before(async () => {
    server = await quickServer();
  });
  after(async () => {
    await server?.close();
  });

  it('a visitor’s quote is spec §9’s price, and the booking it prices is stored and read back by its token', async () => {
    const body = bookingBody();
    const quote = await server.request<{ id: string; figures: Figures }>({
      method: 'POST',
      url: '/api/v1/quotes',
      payload: quoteRequestOf(body),
    });
    assert.equal(quote.status, 201, quote.text);
    const { figures } = quote.data;
    // Paris → Lyon and back by the straight line, on the public grid; a sofa needs 2 handlers: a moving, at 30 € an hour.
    const transport = cents(publicTransportEuros([PARIS, LYON]));
    const handling = cents(handlingEuros({ hours: 2, persons: 2, moving: true }));
    assert.equal(figures.price_transportation, transport);
    assert.equal(figures.price_handling, handling);
    assert.equal(handling, 14_400, '2 h × 2 handlers × 30 € × 1.2');
    assert.equal(figures.price_transportation_ht, htCents(transport));
    assert.equal(figures.price_handling_ht, htCents(handling));
    assert.equal(figures.total, transport + handling);
    const route = straightRoute([PARIS, LYON]);
    assert.ok(Math.abs(figures.distance - route.customer.km * 1000) < 0.01, `${figures.distance} m`);
    assert.ok(Math.abs(figures.driver_distance - route.driver.km * 1000) < 0.01, `${figures.driver_distance} m`);
    assert.equal(figures.volume, 2, 'the catalogue’s 2 m³ for the sofa');
    assert.equal(figures.vat, 0.2);

    const priced = {
      ...body,
      quote_id: quote.data.id,
      travel: {
        ...body.travel,
        price_transportation: figures.price_transportation,
        price_handling: figures.price_handling,
        price_transportation_ht: figures.price_transportation_ht,
        price_handling_ht: figures.price_handling_ht,
      },
    };
    const created = await server.request<{ id: number; token: string }>({ method: 'POST', url: '/api/v1/travels', payload: priced });
    assert.equal(created.status, 201, created.text);
    assert.equal(typeof created.data.id, 'number');
    assert.match(created.data.token, /^[A-Za-z0-9_-]{43}$/, '256 random bits, base64url');

    const read = await server.request<Booking>({
      method: 'GET',
      url: `/api/v1/travels/${created.data.id}?token=${created.data.token}`,
    });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.data.customer.name, 'Marie Curie');
    assert.equal(read.data.travel.travel_id, created.data.id);
    assert.equal(read.data.travel.price_transportation, transport);
    assert.equal(read.data.travel.price_handling, handling);
    assert.equal(read.data.addresses[1]?.locality, 'Lyon');

    const wrongToken = await server.request({ method: 'GET', url: `/api/v1/travels/${created.data.id}?token=${'x'.repeat(43)}` });
    assert.equal(wrongToken.status, 404, 'a wrong token answers like an unknown id');
  });

  it('a booking whose price is not the carrier’s is refused with 409 and the right figures', async () => {
    const body = bookingBody();
    const cheap = { ...body, travel: { ...body.travel, price_transportation: 100, price_transportation_ht: 83 } };
    const refused = await server.request<{ error: string }>({ method: 'POST', url: '/api/v1/travels', payload: cheap });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.data.error, /prix/i);
  });

  it('a company’s token opens its store, made as add-company makes it; an unknown token opens nothing', async () => {
    const { id, token } = await server.addCompany('Déménagements Lefèvre');
    const store = await server.request<{
      id: number;
      company_token: string;
      company_mode: boolean;
      vat: number;
      transportation_company: { name: string; phone_number: string };
      places: unknown[];
    }>({ method: 'GET', url: `/api/v1/companies/${token}` });
    assert.equal(store.status, 200, store.text);
    assert.equal(store.data.id, id);
    assert.equal(store.data.company_mode, true);
    assert.equal(store.data.vat, 0.2, 'spec §9: VAT 20 %');
    assert.equal(store.data.transportation_company.name, 'Déménagements Lefèvre');
    assert.deepEqual(store.data.places, []);
    const unknown = await server.request<{ error: string }>({ method: 'GET', url: `/api/v1/companies/${'y'.repeat(43)}` });
    assert.equal(unknown.status, 404);
    assert.equal(typeof unknown.data.error, 'string');
  });

  it('the catalogue’s search finds items by a word of their name, accents and plural aside', async () => {
    const found = await server.request<{ name: string; volume: number }[]>({ method: 'GET', url: '/api/v1/items/search?q=canapes' });
    assert.equal(found.status, 200, found.text);
    const sofa = found.data.find((item) => item.name === 'Canapé 3 places');
    assert.ok(sofa, JSON.stringify(found.data.map((item) => item.name)));
    assert.equal(sofa.volume, 2);
    const nothing = await server.request<unknown[]>({ method: 'GET', url: '/api/v1/items/search?q=zzzzzz' });
    assert.deepEqual(nothing.data, []);
  });

  it('a malformed body is refused with 400, each refused field named with a French reason, and nothing is stored', async () => {
    const body = bookingBody();
    body.addresses[0]!.lat = 123;
    const before = await server.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM travels');
    const refused = await server.request<{ error: string; fields: { path: string; message: string }[] }>({
      method: 'POST',
      url: '/api/v1/travels',
      payload: body,
    });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.data.error, 'Requête invalide');
    const latitude = refused.data.fields.find((field) => field.path === 'addresses.0.lat');
    assert.ok(latitude, JSON.stringify(refused.data.fields));
    assert.equal(latitude.message, 'Valeur trop grande\u00a0: 90 au plus (reçu 123)');
    // A field of the wrong type, and one missing, in French too (valibot's own words are English).
    const wrongTypes = await server.request<{ fields: { path: string; message: string }[] }>({
      method: 'POST',
      url: '/api/v1/travels',
      payload: { ...bookingBody(), customer: { phone_number: 612345678, name: 'Marie Curie' } },
    });
    assert.deepEqual(
      wrongTypes.data.fields.filter((field) => field.path.startsWith('customer.')),
      [
        { path: 'customer.phone_number', message: 'Type invalide\u00a0: on attend du texte, reçu 612345678' },
        { path: 'customer.email', message: 'Champ obligatoire manquant' },
      ],
    );
    const unreadable = await server.request<{ error: string }>({
      method: 'POST',
      url: '/api/v1/travels',
      headers: { 'content-type': 'application/json' },
      payload: '{"addresses": [',
    });
    assert.equal(unreadable.status, 400);
    assert.equal(unreadable.data.error, 'Corps JSON illisible');
    const after = await server.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM travels');
    assert.equal(after?.n, before?.n);
  });

  it('the OpenAPI document answers and lists the API’s operations', async () => {
    const document = await server.request<{ openapi: string; paths: Record<string, Record<string, { operationId?: string }>> }>({
      method: 'GET',
      url: '/api/v1/openapi.json',
    });
    assert.equal(document.status, 200);
    assert.match(document.data.openapi, /^3\.1\./);
    for (const path of ['/api/v1/travels', '/api/v1/travels/{id}', '/api/v1/quotes', '/api/v1/items/search', '/api/v1/companies/{token}'])
      assert.ok(document.data.paths[path], `${path} is documented`);
    assert.ok(document.data.paths['/api/v1/travels']?.post?.operationId);
  });

  it('production: no demo page, and health and readiness answer', async () => {
    assert.equal((await server.request({ method: 'GET', url: '/' })).status, 404);
    assert.equal((await server.request({ method: 'GET', url: '/company.html' })).status, 404);
    assert.equal((await server.request({ method: 'GET', url: '/healthz' })).status, 200);
    const ready = await server.request<{ ready: boolean }>({ method: 'GET', url: '/readyz' });
    assert.equal(ready.data.ready, true);
  });

  it('stopping: answers close their connection during the drain, then requests get the French 503 with Retry-After', async () => {
    try {
      server.lifecycle.draining = true;
      const drained = await server.request({ method: 'GET', url: '/api/v1/items/search?q=table' });
      assert.equal(drained.status, 200, 'still served during the drain delay');
      assert.equal(drained.headers.connection, 'close');
      assert.equal((await server.request({ method: 'GET', url: '/readyz' })).status, 503);
      server.lifecycle.closing = true;
      for (const url of ['/api/v1/items/search?q=table', '/api/v1/travels/1?token=x', '/espace-transporteur']) {
        const closing = await server.request<{ error: string }>({ method: 'GET', url });
        assert.equal(closing.status, 503, url);
        assert.equal(closing.headers['retry-after'], '5');
        assert.equal(closing.headers.connection, 'close');
        assert.equal(
          closing.data.error,
          'Service momentanément indisponible\u00a0: le serveur redémarre. Réessayez dans quelques secondes.',
        );
      }
    } finally {
      server.lifecycle.draining = false;
      server.lifecycle.closing = false;
    }
  });
});
