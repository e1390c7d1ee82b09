// The binding quote (issue 29): the carrier's price for a visitor's choices, computed by the
// server from its own records and route, signed, valid until its deadline; a booking priced
// by it, and a 409 with the new figures when the price changed. Expected figures come from
// spec §9 by hand (spec-prices.ts).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { bookingBody, HANDLING_CENTS, LYON, PARIS, TRANSPORT_CENTS } from './booking-body.ts';
import { cents, handlingEuros, htCents, publicTransportEuros, straightRoute } from './spec-prices.ts';
import { json, ROOT, startServer, DATABASE_NAME } from './support.ts';

const SIGNING_KEY = 'clé de signature des devis, pour les tests seulement';

/** The quote request of server/test/api/booking-body.ts's trip: Paris (3rd floor, lift) → Lyon (street), one 3-seat sofa. */
function sofaTrip(overrides = {}) {
  return {
    addresses: [
      { type_name: 'pickup', ...PARIS, floor_nb: 3, elevator_presence: true },
      { type_name: 'dropoff', ...LYON, floor_nb: -1, elevator_presence: false },
    ],
    items: [{ name: 'Canapé 3 places', category: 'item', quantity: 1 }],
    ...overrides,
  };
}

/**
 * Spec §9 for that trip, left to the estimate: the sofa takes 0.5 h (the catalogue), × 1.1 at
 * the 3rd floor (it does not go in the lift) and × 0 at street level, on average 0.275 h,
 * billed 0.5 h; 2 handlers (the sofa needs 2), a moving (2 persons on the largest item).
 */
const SOFA_HANDLING_CENTS = cents(handlingEuros({ hours: 0.5, persons: 2, moving: true }));

const quote = (base, body) => json(base, 'POST', '/api/v1/quotes', { body });

/** The quote request a page sends for the booking it is about to save: the same choices, no figure. */
function requestOf(body) {
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
    vehicle_category_id: body.travel.vehicle_category_id,
    driver_pool_id: body.travel.driver_pool_id,
    persons_needed: body.travel.persons_needed,
    handling_hours: body.travel.duration_handling / 3600,
    date: body.travel.beginning_date.slice(0, 10),
    ...(body.company_token ? { company_token: body.company_token } : {}),
  };
}

describe(`quotes (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    server = await startServer(undefined, 0, { QUOTE_SIGNING_KEY: SIGNING_KEY });
  });
  after(async () => {
    await server?.stop();
  });

  it('prices the trip from the server’s records: the catalogue’s volume, the straight-line route, spec §9’s rates', async () => {
    // The browser says the sofa is 0.1 m³, handled by one person in a minute: the catalogue says otherwise.
    const answer = await quote(
      server.base,
      sofaTrip({ items: [{ name: 'Canapé 3 places', category: 'item', volume: 0.1, persons_needed: 1, time_factor: 0.01 }] }),
    );
    assert.equal(answer.status, 201, answer.text);
    const { figures } = answer.data;
    const route = straightRoute([PARIS, LYON]);
    assert.equal(figures.price_transportation, cents(publicTransportEuros([PARIS, LYON])));
    assert.equal(figures.price_handling, SOFA_HANDLING_CENTS);
    assert.equal(figures.price_transportation_ht, htCents(figures.price_transportation));
    assert.equal(figures.total, figures.price_transportation + figures.price_handling);
    assert.ok(Math.abs(figures.distance - route.customer.km * 1000) < 0.01, `${figures.distance} m`);
    assert.ok(Math.abs(figures.driver_distance - route.driver.km * 1000) < 0.01, `${figures.driver_distance} m`);
    assert.equal(figures.volume, 2, 'the catalogue’s 2 m³');
    assert.equal(figures.persons_needed, 2);
    assert.equal(figures.handling_hours, 0.5);
    assert.equal(figures.approximate, true, 'the straight line, said so');
    assert.equal(figures.vat, 0.2);
  });

  it('is signed with the server’s key over its id, owner, choices, deadline and figures, valid for 30 minutes by default', async () => {
    const before = Date.now();
    const { data } = await quote(server.base, sofaTrip());
    const [{ fingerprint, figures_json: figuresJson, owner }] = await server.query('SELECT * FROM quotes WHERE id = ?', [data.id]);
    const expected = createHmac('sha256', SIGNING_KEY)
      .update([data.id, owner, fingerprint, data.expires_at, figuresJson].join('\n'))
      .digest('base64url');
    assert.equal(data.signature, expected);
    assert.deepEqual(JSON.parse(figuresJson), data.figures);
    const validity = Date.parse(data.expires_at) - before;
    assert.ok(validity > 29 * 60_000 && validity <= 30 * 60_000 + 5000, `${validity} ms`);
    // The seconds left, for a browser whose clock is not the server's.
    assert.ok(data.valid_for_seconds > 29 * 60 && data.valid_for_seconds <= 30 * 60, `${data.valid_for_seconds} s`);
    const again = await json(server.base, 'GET', `/api/v1/quotes/${data.id}`);
    assert.equal(again.data.signature, data.signature);
    assert.ok(again.data.valid_for_seconds <= data.valid_for_seconds);
  });

  it('the same choices asked again while the quote holds get the same quote back', async () => {
    const first = await quote(server.base, sofaTrip());
    const second = await quote(server.base, sofaTrip());
    assert.equal(second.data.id, first.data.id);
    const other = await quote(server.base, sofaTrip({ items: [{ name: 'Canapé 3 places', category: 'item', quantity: 2 }] }));
    assert.notEqual(other.data.id, first.data.id);
  });

  it('a booking carrying its quote is stored with the quote’s figures', async () => {
    const { data } = await quote(server.base, requestOf(bookingBody()));
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: { ...bookingBody(), quote_id: data.id } });
    assert.equal(created.status, 201, created.text);
    const stored = await json(server.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
    assert.equal(stored.data.quote_id, data.id);
    assert.equal(stored.data.price_source, 'quote');
    assert.equal(stored.data.travel.price_transportation, TRANSPORT_CENTS);
    assert.equal(stored.data.travel.price_handling, HANDLING_CENTS);
  });

  it('a trip changed after its quote gets a fresh quote: 409 with the new figures, then saved with them', async () => {
    const { data: old } = await quote(server.base, requestOf(bookingBody()));
    // The visitor moves the delivery from Lyon to Marseille and saves with the old quote and its price.
    const marseille = { lat: 43.2965, lng: 5.3698 };
    const base = bookingBody({ quote_id: old.id });
    const body = {
      ...base,
      addresses: [
        base.addresses[0],
        {
          ...base.addresses[1],
          ...marseille,
          address_complete: '1 Quai du Port 13002 Marseille',
          postal_code: '13002',
          locality: 'Marseille',
        },
      ],
    };
    const refused = await json(server.base, 'POST', '/api/v1/travels', { body });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.data.error, /Le prix a changé depuis votre devis/);
    const fresh = refused.data.quote;
    assert.notEqual(fresh.id, old.id);
    assert.equal(fresh.figures.price_transportation, cents(publicTransportEuros([PARIS, marseille])));
    assert.equal(fresh.figures.price_handling, HANDLING_CENTS);
    const [{ n }] = await server.query('SELECT COUNT(*) AS n FROM travels WHERE quote_id = ?', [fresh.id]);
    assert.equal(n, 0, 'nothing stored');
    const travel = {
      ...body.travel,
      price_transportation: fresh.figures.price_transportation,
      price_handling: fresh.figures.price_handling,
    };
    const confirmed = await json(server.base, 'POST', '/api/v1/travels', { body: { ...body, travel, quote_id: fresh.id } });
    assert.equal(confirmed.status, 201, confirmed.text);
  });
});

describe(`an expired quote (${DATABASE_NAME})`, () => {
  it('a booking with an expired quote is priced again: taken when the price is the same, 409 when the carrier’s rates changed', async () => {
    const server = await startServer(undefined, 0, { QUOTE_TTL_MINUTES: '0.01' });
    try {
      const company = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';
      const trip = requestOf(bookingBody({ company_token: company }));
      const { data: first } = await quote(server.base, trip);
      // The quote holds 0.6 s: the booking comes after its deadline.
      while (Date.now() <= Date.parse(first.expires_at)) await new Promise((resolve) => setTimeout(resolve, 50));
      const same = await json(server.base, 'POST', '/api/v1/travels', {
        body: { ...bookingBody({ company_token: company }), quote_id: first.id },
      });
      assert.equal(same.status, 201, same.text);
      const stored = await json(server.base, 'GET', `/api/v1/travels/${same.data.id}?token=${same.data.token}`);
      assert.notEqual(stored.data.quote_id, first.id, 'a fresh quote priced it');

      // The carrier raises its moving rate to 40 € an hour; the old price no longer holds.
      const [{ store_json: storeJson }] = await server.query('SELECT store_json FROM companies WHERE id = 1');
      await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [
        JSON.stringify({ ...JSON.parse(storeJson), handling_rates: { standard: 18, moving: 40 } }),
      ]);
      const { data: second } = await quote(server.base, trip);
      while (Date.now() <= Date.parse(second.expires_at)) await new Promise((resolve) => setTimeout(resolve, 50));
      const changed = await json(server.base, 'POST', '/api/v1/travels', {
        body: { ...bookingBody({ company_token: company }), quote_id: first.id },
      });
      assert.equal(changed.status, 409, changed.text);
      assert.equal(changed.data.quote.figures.price_handling, cents(Math.round(2 * 2 * 40 * 1.2)));
    } finally {
      await server.stop();
    }
  });

  it('a valid quote binds the carrier: its rates changing meanwhile does not change the booking’s price', async () => {
    const server = await startServer();
    try {
      const company = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';
      const { data } = await quote(server.base, requestOf(bookingBody({ company_token: company })));
      const [{ store_json: storeJson }] = await server.query('SELECT store_json FROM companies WHERE id = 1');
      await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [
        JSON.stringify({ ...JSON.parse(storeJson), handling_rates: { standard: 18, moving: 40 } }),
      ]);
      const created = await json(server.base, 'POST', '/api/v1/travels', {
        body: { ...bookingBody({ company_token: company }), quote_id: data.id },
      });
      assert.equal(created.status, 201, created.text);
      const stored = await json(server.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
      assert.equal(stored.data.travel.price_handling, HANDLING_CENTS, 'the quoted 30 € an hour');
    } finally {
      await server.stop();
    }
  });
});

/** A stand-in for IGN's itinerary service on this machine: answers with the fixture, an error, or nothing. */
async function fakeIgn(behaviour) {
  const fixture = readFileSync(`${ROOT}/test/fixtures/ign-route-paris-lyon.json`, 'utf8');
  const asked: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    asked.push(new URL(request.url!, 'http://x').searchParams);
    if (behaviour === 'answer') response.writeHead(200, { 'content-type': 'application/json' }).end(fixture);
    else if (behaviour === 'error') response.writeHead(503).end();
    // 'silent': never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/navigation/itineraire`,
    asked,
    close: () => (server.closeAllConnections() as unknown) || server.close(),
  };
}

describe(`the server’s own route (${DATABASE_NAME})`, () => {
  it('asks IGN’s itinerary service itself, once per list of points, and prices its road distance', async () => {
    const ign = await fakeIgn('answer');
    const server = await startServer(undefined, 0, { ROUTE_SERVICE: 'ign', IGN_ITINERARY_URL: ign.url });
    try {
      const first = await quote(server.base, sofaTrip());
      assert.equal(first.status, 201, first.text);
      const { distance, duration } = JSON.parse(readFileSync(`${ROOT}/test/fixtures/ign-route-paris-lyon.json`, 'utf8'));
      assert.equal(first.data.figures.distance, distance);
      assert.equal(first.data.figures.approximate, false);
      assert.equal(first.data.route_fallback, null);
      // The driver's route: the road there, and the way back in a straight line (spec §9).
      const back = straightRoute([PARIS, LYON]).customer;
      const driverKm = distance / 1000 + back.km;
      const driverHours = duration / 3600 + back.hours;
      assert.equal(first.data.figures.price_transportation, cents(Math.max(38, Math.round(driverKm * 0.7 + driverHours * 15))));
      assert.equal(ign.asked[0].get('start'), `${PARIS.lng},${PARIS.lat}`);
      assert.equal(ign.asked[0].get('profile'), 'car');
      await quote(server.base, sofaTrip({ items: [{ name: 'Carton standard', category: 'item', quantity: 10 }] }));
      assert.equal(ign.asked.length, 1, 'the same points are not asked twice');
    } finally {
      await server.stop();
      ign.close();
    }
  });

  it('a road service that fails or does not answer in time: the straight line, said so', async () => {
    for (const behaviour of ['error', 'silent']) {
      const ign = await fakeIgn(behaviour);
      const server = await startServer(undefined, 0, { ROUTE_SERVICE: 'ign', IGN_ITINERARY_URL: ign.url, ROUTE_TIMEOUT_MS: '500' });
      try {
        const answer = await quote(server.base, sofaTrip());
        assert.equal(answer.status, 201, answer.text);
        assert.equal(answer.data.figures.approximate, true, behaviour);
        assert.equal(answer.data.figures.price_transportation, TRANSPORT_CENTS);
        assert.match(
          answer.data.route_fallback,
          behaviour === 'error' ? /^Itinéraire estimé à vol d’oiseau : le service d’itinéraire a répondu 503$/ : /n’a pas répondu à temps/,
        );
      } finally {
        await server.stop();
        ign.close();
      }
    }
  });
});

describe(`the printable devis (${DATABASE_NAME})`, () => {
  it('shows what a French moving quote must say, with the quote’s figures, to the holder of the edit link only', async () => {
    const server = await startServer();
    try {
      const { data: quoted } = await quote(server.base, requestOf(bookingBody()));
      const { data: created } = await json(server.base, 'POST', '/api/v1/travels', { body: { ...bookingBody(), quote_id: quoted.id } });
      const page = await fetch(`${server.base}/devis/${created.id}?token=${created.token}`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-security-policy')!, /default-src 'none'/);
      const html = await page.text();
      const text = html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n\r]+/g, ' ');
      for (const expected of [
        'Devis de déménagement',
        `Devis n° ${quoted.id}`,
        'Transports Martin &amp; Fils', // the carrier of the demo's public pages, with its references
        'RCS Bobigny',
        'Marie Curie',
        '10 Rue de Rivoli 75004 Paris',
        '3 Place Bellecour 69002 Lyon',
        'Accès\u00a0: 3e étage, avec ascenseur',
        'Volume du mobilier\u00a0: 2\u00a0m³',
        'voyage spécial',
        '2 manutentionnaires',
        'Ce prix est définitif',
        'dix jours calendaires',
        'article L224-63',
      ])
        assert.ok(text.includes(expected), `${expected} missing from ${text}`);
      // The distance and the money, from spec §9 (booking-body.ts), as the product writes them.
      const km = Math.round(straightRoute([PARIS, LYON]).customer.km);
      assert.ok(text.includes(`Distance aller\u00a0: ${km}\u00a0km`), `${km} km`);
      const euros = (c) =>
        `${(c / 100)
          .toFixed(2)
          .replace(/\.00$/, '')
          .replace('.', ',')
          .replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}\u00a0€`;
      for (const amount of [TRANSPORT_CENTS, htCents(TRANSPORT_CENTS), HANDLING_CENTS, TRANSPORT_CENTS + HANDLING_CENTS])
        assert.ok(text.includes(euros(amount)), euros(amount));
      assert.equal((await fetch(`${server.base}/devis/${created.id}?token=faux`)).status, 404);
      assert.equal((await fetch(`${server.base}/devis.css`)).status, 200);
    } finally {
      await server.stop();
    }
  });
});
