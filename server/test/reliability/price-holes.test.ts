// Issue 41, the price: each way the review bent the carrier's price, reproduced as it was
// described and now held. What is stored as the carrier's price is its grid, or a price its
// records allow someone to set, marked as such with the grid's figure beside it; anything else
// is refused. Expected figures come from spec §9 and the carriers' own settings (the demo's
// 'Grille Pro', the files written here), computed in the test.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../api/back-office-client.ts';
import { registerEndpoint, startReceiver } from '../api/webhook-receiver.ts';
import { bookingBody, FIXTURE_DAY, HANDLING_CENTS, LYON, PARIS, TRANSPORT_CENTS } from '../api/booking-body.ts';
import { cents, htCents, publicTransportEuros, straightRoute } from '../api/spec-prices.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, startServer, withServerPrice } from '../api/support.ts';

const post = (base, body) => json(base, 'POST', '/api/v1/travels', { body });
const patch = (base, created, body) => json(base, 'PATCH', `/api/v1/travels/${created.id}?token=${created.token}`, { body });
const read = async (base, created) => (await json(base, 'GET', `/api/v1/travels/${created.id}?token=${created.token}`)).data;
const quote = (base, body) => json(base, 'POST', '/api/v1/quotes', { body });
const devis = async (base, created) => (await fetch(`${base}/devis/${created.id}?token=${created.token}`)).text();
const count = async (server) => Number((await server.query('SELECT COUNT(*) AS n FROM travels'))[0].n);
/** The events written for a booking (its webhooks' bodies), oldest first. */
const events = async (server, id) =>
  (await server.query('SELECT body_json FROM outbox_events WHERE travel_id = ? ORDER BY created_at', [id])).map((row) =>
    JSON.parse(row.body_json),
  );

const withTravel = (body, travel) => ({ ...body, travel: { ...body.travel, ...travel } });
/** The body with other prices (cents TTC), their HT variants consistent. */
const priced = (body, transport, handling) =>
  withTravel(body, {
    price_transportation: transport,
    price_handling: handling,
    price_transportation_ht: htCents(transport),
    price_handling_ht: htCents(handling),
  });
/** The same body without its company token: what the customer's edit link sends. */
const withoutToken = ({ company_token: _token, ...body }: { company_token?: unknown; [field: string]: unknown }) => body;
const customer = (name) => ({ phone_number: '0612345678', email: 'marie@exemple.fr', name });

/** The quote request a page sends for a booking: its choices, no figure. */
const quoteRequest = (body) => ({
  addresses: body.addresses,
  items: body.items,
  persons_needed: body.travel.persons_needed,
  handling_hours: body.travel.duration_handling / 3600,
  date: body.travel.beginning_date.slice(0, 10),
  driver_pool_id: body.travel.driver_pool_id,
  ...(body.company_token ? { company_token: body.company_token } : {}),
});

/** A refusal names its field, in French. */
function assertNamed(answer, status, field, message) {
  assert.equal(answer.status, status, answer.text);
  const named = answer.data.fields?.find((f) => f.path === field);
  assert.ok(named, `${field} not named: ${answer.text}`);
  assert.match(named.message, message);
}

/** The demo company's 'Grille Pro' (demo/companies.ts), VAT excluded: 45 + km × 0.9 + hours × 20 on the driver's route, handling hours × handlers × 28. */
function proGrid(points, { persons, hours }) {
  const { driver } = straightRoute(points);
  return {
    transport: cents(Math.round(Math.round(45 + driver.km * 0.9 + driver.hours * 20) * 1.2)),
    handling: cents(Math.round(Math.round(hours * Math.max(1, persons) * 28) * 1.2)),
  };
}
const PRO_GRID_ERROR = 'Volume trop important pour la Grille Pro : contactez-nous.';

/** A company booking on the demo company's 'Grille Pro' (pool 2). */
const onProGrid = (overrides = {}) => withTravel(bookingBody({ company_token: DEMO_COMPANY_TOKEN, ...overrides }), { driver_pool_id: 2 });
/** 45 m³ of the visitor's own: past what the Grille Pro takes (its error, 'Prix non disponible'). */
const TOO_LARGE = [{ name: 'Caisse de déménagement géante', category: 'item', volume: 45, quantity: 1 }];

/** A Paris address for a Paris → Paris trip. */
const BOETIE = { lat: 48.8728, lng: 2.3127 };
const toBoetie = (body) => ({
  ...body,
  addresses: [
    body.addresses[0],
    {
      ...body.addresses[1],
      address_complete: '25 Rue de la Boétie 75008 Paris',
      postal_code: '75008',
      locality: 'Paris',
      ...BOETIE,
    },
  ],
});

const office = async (base, companyId = 1) => new BackOffice(base).signInAs(companyId);

/**
 * A webhook receiver for the first demo company's bookings and the public pages': events are
 * written only for owners with an endpoint. The tests read the events as written (the outbox).
 */
async function receiveEvents(base) {
  const receiver = await startReceiver();
  const martin = await office(base);
  await registerEndpoint(martin, receiver.url, 'entreprise');
  await registerEndpoint(martin, receiver.url, 'public');
  return receiver;
}
const csvOf = async (base, session, query) =>
  (
    await fetch(`${base}/espace-transporteur/reservations.csv?q=${encodeURIComponent(query)}`, {
      headers: { cookie: session.cookieHeader() },
    })
  )
    .text()
    .then((text) => text.replace(/^\ufeff/, '').split('\r\n'));

describe(`hole 1: a grid that gives no price is never a price of 0 € (${DATABASE_NAME})`, () => {
  let server;
  let receiver;
  before(async () => {
    server = await startServer();
    receiver = await receiveEvents(server.base);
  });
  after(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('S075 S147 with a company token: a booking on the grid’s error is stored as a price to set, flagged, and cannot be accepted until the carrier sets it', async () => {
    const body = onProGrid({ items: TOO_LARGE, customer: customer('Zéphirin Sansprix') });
    const quoted = await quote(server.base, quoteRequest(body));
    assert.equal(quoted.status, 201, quoted.text);
    assert.equal(quoted.data.figures.pool_error, PRO_GRID_ERROR);
    assert.equal(quoted.data.price_to_set, true, 'the quote says the price is to be set');
    // What the review did: a booking sent at 0 €, the quote's figures. It is no longer a price of 0.
    const created = await post(server.base, { ...priced(body, 0, 0), quote_id: quoted.data.id });
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.price_source, 'pending');
    assert.equal(stored.price_check, undefined, 'no grid figure to put beside it');
    const [event] = await events(server, created.data.id);
    assert.equal(event.type, 'booking.created');
    assert.equal(event.data.booking.price_source, 'pending');

    // The devis says the price is not set yet, in spec §8's words, and never 'Total 0 € … définitif'.
    const page = await devis(server.base, created.data);
    assert.match(page, new RegExp(`Prix non disponible\u00a0: ${PRO_GRID_ERROR}`));
    assert.match(page, /Le prix de ce déménagement n’est pas encore fixé/);
    assert.doesNotMatch(page, /définitif/);
    assert.doesNotMatch(page, /<th scope="row">Total<\/th>/);

    // The carrier sees it flagged: list, booking page, CSV.
    const martin = await office(server.base);
    const list = await martin.get('/espace-transporteur/reservations?q=zephirin');
    assert.match(list.text, /Prix à fixer/);
    assert.doesNotMatch(list.text, />0\u00a0€/);
    const csv = await csvOf(server.base, martin, 'zephirin');
    const fields = csv[1].split(';');
    assert.equal(fields[0], String(created.data.id));
    assert.deepEqual([fields[10], fields[11]], ['', ''], 'no price, not 0');
    assert.match(fields[13], /Prix à fixer/);
    const bookingPage = await martin.get(`/espace-transporteur/reservations/${created.data.id}`);
    assert.match(bookingPage.text, /Prix à fixer/);
    assert.match(bookingPage.text, /Fixer le prix/);
    assert.doesNotMatch(bookingPage.text, /class="button primary">Accepter</);

    // No acceptance before a price.
    const accepted = await martin.post(`/espace-transporteur/reservations/${created.data.id}/accepter`);
    assert.equal(accepted.status, 303);
    assert.match(accepted.location!, /fait=prix-a-fixer$/);
    assert.equal((await read(server.base, created.data)).state, 'new');

    // The carrier sets it: CSRF-protected, a price above 0, stored as its own with no grid figure beside it.
    await martin.get(`/espace-transporteur/reservations/${created.data.id}`);
    const forged = await martin.post(
      `/espace-transporteur/reservations/${created.data.id}/prix`,
      { transport: '1', manutention: '0' },
      { csrf: null },
    );
    assert.equal(forged.status, 403);
    const nothing = await martin.post(`/espace-transporteur/reservations/${created.data.id}/prix`, { transport: '0', manutention: '0' });
    assert.equal(nothing.status, 422);
    assert.match(nothing.text, /Le prix doit être supérieur à 0/);
    const set = await martin.post(`/espace-transporteur/reservations/${created.data.id}/prix`, { transport: '850', manutention: '120,50' });
    assert.equal(set.status, 303, set.text);
    assert.match(set.location!, /fait=prix-fixe$/);
    const withPrice = await read(server.base, created.data);
    assert.equal(withPrice.price_source, 'carrier');
    assert.equal(withPrice.price_check, undefined);
    assert.deepEqual(
      [withPrice.travel.price_transportation, withPrice.travel.price_handling, withPrice.travel.price_handling_ht],
      [85000, 12050, htCents(12050)],
    );
    assert.equal((await events(server, created.data.id)).at(-1).data.booking.price_source, 'carrier');
    assert.match(await devis(server.base, created.data), /970,50\u00a0€/);
    const again = await martin.post(`/espace-transporteur/reservations/${created.data.id}/accepter`);
    assert.match(again.location!, /fait=acceptee(-annulable)?$/);
    assert.equal((await read(server.base, created.data)).state, 'accepted');
    // An edit through the edit link that leaves the trip as it was keeps the carrier's price; accepted, it returns to the carrier.
    const renamed = withoutToken({ ...body, customer: customer('Zéphirin Sansprix-Fixé') });
    assert.equal((await patch(server.base, created.data, priced(renamed, 0, 0))).status, 200);
    const kept = await read(server.base, created.data);
    assert.deepEqual([kept.price_source, kept.travel.price_transportation, kept.state], ['carrier', 85000, 'review']);
  });

  it('S075 through the customer’s edit link: a change that makes the grid fail stores a price to set, not 0 €', async () => {
    const body = onProGrid();
    const grid = proGrid([PARIS, LYON], { persons: 2, hours: 2 });
    const created = (await post(server.base, priced(body, grid.transport, grid.handling))).data;
    assert.equal((await read(server.base, created)).price_source, 'quote');
    const larger = priced(withoutToken({ ...body, items: TOO_LARGE }), 0, 0);
    const edited = await patch(server.base, created, larger);
    assert.equal(edited.status, 200, edited.text);
    const stored = await read(server.base, created);
    assert.equal(stored.price_source, 'pending');
    assert.doesNotMatch(await devis(server.base, created), /définitif/);
  });

  it('S148 a grid that cannot run now (no sandbox) answers 503 with Retry-After and stores nothing', async () => {
    const closed = await startServer(undefined, 0, { POOL_SANDBOX_WAIT_MS: '0' });
    try {
      const body = onProGrid();
      const grid = proGrid([PARIS, LYON], { persons: 2, hours: 2 });
      const quoted = await quote(closed.base, quoteRequest(body));
      assert.equal(quoted.status, 503, quoted.text);
      assert.ok(Number(quoted.headers.get('retry-after')) > 0);
      assert.match(quoted.data.error, /momentanément indisponible/);
      const before = await count(closed);
      for (const sent of [priced(body, 0, 0), priced(body, grid.transport, grid.handling)]) {
        const answer = await post(closed.base, sent);
        assert.equal(answer.status, 503, answer.text);
        assert.ok(Number(answer.headers.get('retry-after')) > 0);
      }
      assert.equal(await count(closed), before, 'nothing stored');
      // A grid without code is priced as ever.
      assert.equal((await post(closed.base, bookingBody())).status, 201);
    } finally {
      await closed.stop();
    }
  });

  it('under a burst of 110 concurrent 50-stop quotes the grid’s code is timed by its run: no defect, and no booking stored below the grid', async () => {
    const points = Array.from({ length: 50 }, (_, index) => ({ lat: 48.7 + index * 0.006, lng: 2.25 + (index % 7) * 0.01 }));
    const addresses = points.map((point, index) => ({
      type_name: index === 0 ? 'pickup' : 'dropoff',
      floor_nb: 0,
      elevator_presence: false,
      ...point,
    }));
    const request = {
      company_token: DEMO_COMPANY_TOKEN,
      driver_pool_id: 2,
      addresses,
      items: [{ name: 'Canapé 3 places', category: 'item' }],
      persons_needed: 2,
      handling_hours: 2,
      date: '2026-11-23',
    };
    const expected = proGrid(points, { persons: 2, hours: 2 });
    const grid = proGrid([PARIS, LYON], { persons: 2, hours: 2 });
    const before = await count(server);
    const [quotes, atZero, atGrid] = await Promise.all([
      Promise.all(Array.from({ length: 110 }, () => quote(server.base, request))),
      Promise.all(Array.from({ length: 5 }, () => post(server.base, priced(onProGrid(), 0, 0)))),
      Promise.all(Array.from({ length: 5 }, () => post(server.base, priced(onProGrid(), grid.transport, grid.handling)))),
    ]);
    for (const answer of quotes) {
      if (answer.status === 503) {
        assert.ok(Number(answer.headers.get('retry-after')) > 0, 'a 503 says when to come back');
        continue;
      }
      assert.equal(answer.status, 201, answer.text);
      assert.equal(answer.data.figures.pool_error, null, 'the grid’s code was not cut by the queue');
      assert.equal(answer.data.figures.price_transportation, expected.transport);
      assert.equal(answer.data.figures.price_handling, expected.handling);
    }
    for (const answer of atZero) assert.ok([409, 503].includes(answer.status), `a booking at 0 € answered ${answer.status}`);
    for (const answer of atGrid) assert.ok([201, 503].includes(answer.status), `a booking at the grid’s price answered ${answer.status}`);
    const stored = await server.query('SELECT payload_json, price_source FROM travels WHERE company_id = 1 ORDER BY id DESC LIMIT ?', [
      (await count(server)) - before,
    ]);
    assert.equal(stored.length, atGrid.filter((answer) => answer.status === 201).length);
    for (const row of stored) {
      const travel = JSON.parse(row.payload_json).travel;
      assert.equal(row.price_source, 'quote');
      assert.deepEqual([travel.price_transportation, travel.price_handling], [grid.transport, grid.handling]);
    }
  });
});

describe(`hole 1 in production: a public grid (PUBLIC_PRICING_FILE) whose code fails (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tqw-grille-')), 'tarifs.json');
    writeFileSync(
      file,
      JSON.stringify({
        transportation_company: { name: 'Transports Lemoine' },
        vehicle_categories: [
          { id: 7, name: 'Fourgon 12 m³', capacity: 12 },
          { id: 8, name: 'Porteur 20 m³', capacity: 20 },
        ],
        driver_pools: [
          { id: 'public', name: 'Grille publique' },
          {
            id: 7,
            name: 'Grille Sur Devis',
            apply_to: 'apply_to_travels',
            compute_price_func_body: "return { transportation: 0, handling: 0, error: 'Tarif sur demande pour ce trajet' };",
          },
          { id: 8, name: 'Grille Cassée', apply_to: 'apply_to_travels', compute_price_func_body: "throw new Error('panne');" },
          {
            // Code that takes 150 ms a run by its own clock (within QuickJS's 300 ms): runs queued behind each other add up.
            id: 10,
            name: 'Grille Lente',
            apply_to: 'apply_to_travels',
            compute_price_func_body:
              'const end = Date.now() + 150; while (Date.now() < end) {} return { transportation: 100 + input.distance_km, handling: 50 };',
          },
          {
            id: 9,
            name: 'Grille Horaire',
            apply_to: 'apply_to_travels',
            compute_price_func_body:
              'return { transportation: 100 + input.distance_km, handling: input.persons * input.handling_hours * 40 };',
          },
        ],
      }),
    );
    server = await startServer(undefined, 0, { PUBLIC_PRICING_FILE: file });
  });
  after(async () => {
    await server?.stop();
  });

  it('S147 S148 a public visitor on a grid answering an error, or a defective one, books a price to set, never 0 €', async () => {
    const cases = [
      { pool: 7, said: 'Prix non disponible\u00a0: Tarif sur demande pour ce trajet' },
      {
        pool: 8,
        said: 'Prix non disponible\u00a0: La grille de \\[Grille Cassée\\] présente un défaut technique, contactez son responsable',
      },
    ];
    for (const { pool, said } of cases) {
      const body = priced(withTravel(bookingBody(), { driver_pool_id: pool }), 0, 0);
      const created = await post(server.base, body);
      assert.equal(created.status, 201, created.text);
      assert.equal((await read(server.base, created.data)).price_source, 'pending');
      const page = await devis(server.base, created.data);
      assert.match(page, new RegExp(said));
      assert.doesNotMatch(page, /définitif/);
    }
  });

  it('runs queued behind each other are not charged for the queue: 16 quotes of 150 ms each, no defect, no booking at 0 €', async () => {
    // Sixteen runs of 150 ms in turn take 2.4 s, past the 1.5 s watchdog: counted from the queue, the last ones failed.
    const { driver } = straightRoute([PARIS, LYON]);
    const body = withTravel(bookingBody(), { driver_pool_id: 10 });
    const expected = { transport: cents(Math.round((100 + driver.km) * 1.2)), handling: cents(Math.round(50 * 1.2)) };
    const before = await count(server);
    const [quotes, atZero] = await Promise.all([
      Promise.all(Array.from({ length: 16 }, () => quote(server.base, quoteRequest(body)))),
      Promise.all(Array.from({ length: 3 }, () => post(server.base, priced(body, 0, 0)))),
    ]);
    for (const answer of quotes) {
      if (answer.status === 503) continue;
      assert.equal(answer.status, 201, answer.text);
      assert.equal(answer.data.figures.pool_error, null, 'a run is timed from its start');
      assert.deepEqual(
        [answer.data.figures.price_transportation, answer.data.figures.price_handling],
        [expected.transport, expected.handling],
      );
    }
    for (const answer of atZero) assert.ok([409, 503].includes(answer.status), `a booking at 0 € answered ${answer.status}`);
    assert.equal(await count(server), before, 'no booking stored below the grid');
  });

  it('the grid’s code receives the handlers and hours the customer chose', async () => {
    // 'Grille Horaire': 100 + driver km of transport, handlers × hours × 40 of handling, VAT excluded.
    const { driver } = straightRoute([PARIS, LYON]);
    const body = withTravel(bookingBody(), { driver_pool_id: 9, persons_needed: 3, duration_handling: 2.5 * 3600 });
    const quoted = await quote(server.base, quoteRequest(body));
    assert.equal(quoted.status, 201, quoted.text);
    assert.equal(quoted.data.figures.price_handling, cents(Math.round(3 * 2.5 * 40 * 1.2)));
    assert.equal(quoted.data.figures.price_transportation, cents(Math.round((100 + driver.km) * 1.2)));
  });

  it('the vehicle quoted, stored and printed is the carrier’s one', async () => {
    const body = await withServerPrice(server.base, bookingBody());
    const quoted = await json(server.base, 'GET', `/api/v1/quotes/${body.quote_id}`);
    // The sofa fits the carrier's smallest vehicle, its 12 m³ van (not the spec's default 3 m³ truck).
    assert.deepEqual(quoted.data.figures.vehicle, { id: 7, name: 'Fourgon 12 m³', capacity: 12 });
    const created = (await post(server.base, body)).data;
    assert.equal((await read(server.base, created)).travel.truck_capacity_needed, 12);
    assert.match(await devis(server.base, created), /véhicule\u00a0: Fourgon 12 m³/);
  });
});

describe(`issue 52: a tariff at 0 € is a price to set, and the quote says so (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    // A carrier whose public tariff prices everything at 0 €: no minimum, no rate by km, by hour or by handler, no flat fee.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tqw-zero-')), 'tarifs.json');
    const zero = {
      vat: 0.2,
      handling: { rate_standard: 0, rate_moving: 0 },
      transport: { minimum: 0, per_km: 0, per_hour: 0 },
      vehicles: [{ id: 7, name: 'Fourgon 12 m³', capacity: 12 }],
      lite_tiers: [],
    };
    writeFileSync(file, JSON.stringify({ transportation_company: { name: 'Transports Gratis' }, tariff: zero }));
    server = await startServer(undefined, 0, { PUBLIC_PRICING_FILE: file });
  });
  after(async () => {
    await server?.stop();
  });

  it('S147 the quote of 0 € says the price is to be set; a booking on it is stored as a price to set; a priced quote says it is not', async () => {
    const body = bookingBody({ customer: customer('Gaspard Zéroeuro') });
    for (const grid of ['wizard', 'lite']) {
      const quoted = await quote(server.base, { ...quoteRequest(body), grid });
      assert.equal(quoted.status, 201, quoted.text);
      assert.equal(quoted.data.figures.total, 0);
      assert.equal(quoted.data.figures.pool_error, null, 'no grid error: spec §8’s “Le prix sera fixé ultérieurement !”');
      assert.equal(quoted.data.price_to_set, true, `${grid}: ${quoted.text}`);
    }
    const quoted = await quote(server.base, quoteRequest(body));
    const created = await post(server.base, { ...priced(body, 0, 0), quote_id: quoted.data.id });
    assert.equal(created.status, 201, created.text);
    assert.equal((await read(server.base, created.data)).price_source, 'pending');
    const page = await devis(server.base, created.data);
    assert.match(page, /Le prix de ce déménagement n’est pas encore fixé/);
    assert.doesNotMatch(page, /définitif/);

    // The same trip for a company priced on its own records (the demo's: spec §9's grid) has a price, and its quote says so.
    const company = await quote(server.base, quoteRequest({ ...body, company_token: DEMO_COMPANY_TOKEN }));
    assert.equal(company.status, 201, company.text);
    assert.ok(company.data.figures.total > 0);
    assert.equal(company.data.price_to_set, false);
  });
});

describe(`hole 2: fees, hand-set handling and expense lines stand only where the carrier’s records allow them (${DATABASE_NAME})`, () => {
  let server;
  let receiver;
  before(async () => {
    server = await startServer();
    receiver = await receiveEvents(server.base);
  });
  after(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('S113 S120 S118 a company without can_edit_price sets no price: a 0.01 € fee, a hand-set handling, an expense line are refused', async () => {
    const before = await count(server);
    const fee = bookingBody({
      company_token: OTHER_COMPANY_TOKEN,
      items: [{ name: 'Canapé 3 places', category: 'item', predefinedTransportationFee: '0.01' }],
    });
    assertNamed(
      await post(server.base, priced(fee, 0, HANDLING_CENTS)),
      422,
      'items.0.predefinedTransportationFee',
      /que le transporteur autorise à fixer leurs prix/,
    );
    const handSet = bookingBody({
      company_token: OTHER_COMPANY_TOKEN,
      items: [{ name: 'Canapé 3 places', category: 'item', customPrice: 1 }],
    });
    assertNamed(await post(server.base, handSet), 422, 'items.0.customPrice', /que le transporteur autorise à fixer leurs prix/);
    const expense = bookingBody({
      company_token: OTHER_COMPANY_TOKEN,
      items: [
        { name: 'Canapé 3 places', category: 'item' },
        { name: 'Remise fidélité', category: 'custom-cost', customPrice: -2000 },
      ],
    });
    assertNamed(await post(server.base, expense), 422, 'items.1.category', /Les frais annexes sont réservés/);
    assert.equal(await count(server), before, 'nothing stored');
  });

  it('S120 a predefined fee of a company that may set prices is stored as its price, the grid beside it, line by line on every page of the carrier', async () => {
    const body = bookingBody({
      company_token: DEMO_COMPANY_TOKEN,
      customer: customer('Honorine Fraisfixes'),
      items: [{ name: 'Canapé 3 places', category: 'item', predefinedTransportationFee: '100' }],
    });
    // Spec §9: the predefined transport fee × 1.2; handling as ever.
    const created = await post(server.base, priced(body, cents(100 * 1.2), HANDLING_CENTS));
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.price_source, 'company');
    assert.deepEqual(stored.price_check, {
      price_transportation: TRANSPORT_CENTS,
      price_handling: HANDLING_CENTS,
      matches: false,
      grid: 'wizard',
    });
    const line = { kind: 'transport_predefini', label: 'Transport prédéfini (Canapé 3 places)', amount_ht: 10000, amount: 12000 };
    assert.deepEqual(stored.price_lines, [line]);
    assert.deepEqual((await events(server, created.data.id))[0].data.booking.price_lines, [line]);
    const martin = await office(server.base);
    const page = await martin.get(`/espace-transporteur/reservations/${created.data.id}`);
    assert.match(page.text, /Transport prédéfini \(Canapé 3 places\)/);
    assert.match(page.text, /Prix fixé par l’entreprise/);
    const list = await martin.get('/espace-transporteur/reservations?q=fraisfixes');
    assert.match(list.text, /Transport prédéfini \(Canapé 3 places\)\u00a0: 120\u00a0€/);
    const fields = (await csvOf(server.base, martin, 'fraisfixes'))[1].split(';');
    assert.equal(fields[15], 'Transport prédéfini (Canapé 3 places) : 120,00 €');
    assert.equal(fields[16], ((TRANSPORT_CENTS + HANDLING_CENTS) / 100).toFixed(2).replace('.', ','), 'the grid’s price beside it');
  });

  it('S163 issue 52: a predefined fee of 10,30 € HT is quoted, stored and listed as 12,36 € TTC, to the cent', async () => {
    const body = bookingBody({
      company_token: DEMO_COMPANY_TOKEN,
      customer: customer('Honorine Centimes'),
      items: [{ name: 'Canapé 3 places', category: 'item', predefinedTransportationFee: '10,3' }],
    });
    // Spec §9: the predefined fee × 1.2; §7: in cents. 10,30 × 1,2 = 12,36 €, 1 236 cents (not 12 €).
    const ttc = 1236;
    const quoted = await quote(server.base, quoteRequest(body));
    assert.equal(quoted.status, 201, quoted.text);
    assert.equal(quoted.data.figures.price_transportation, ttc);
    const created = await post(server.base, { ...priced(body, ttc, HANDLING_CENTS), quote_id: quoted.data.id });
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.travel.price_transportation, ttc);
    assert.deepEqual(stored.price_lines, [
      { kind: 'transport_predefini', label: 'Transport prédéfini (Canapé 3 places)', amount_ht: 1030, amount: ttc },
    ]);
    // Without the quote, the price the page sends (what the element computes) is the carrier's to the cent.
    const again = await post(server.base, priced({ ...body, customer: customer('Honorine Centimes-Bis') }, ttc, HANDLING_CENTS));
    assert.equal(again.status, 201, again.text);
    assert.equal((await read(server.base, again.data)).travel.price_transportation, ttc);
  });

  it('issue 52: a company that may set prices sets none below 0 € or above the ceiling: fees, a fixed price, a hand-set handling are refused in French, quoted or booked', async () => {
    // The server's ceiling (PRICE_CEILING_EUROS), 100 000 € by default: server/config/limits.ts.
    const ceiling = 100_000;
    const overCeiling = new RegExp(
      `Prix au-delà du plafond de ${new Intl.NumberFormat('fr-FR').format(ceiling).replace(/\s/g, '\\s')}\u00a0€`,
    );
    const negative = /Un prix ne peut pas être négatif/;
    const sofa = { name: 'Canapé 3 places', category: 'item' };
    const state = JSON.parse(bookingBody().store_serialized!);
    const withFixed = (fixedPrice) => ({ store_serialized: JSON.stringify({ ...state, state: { ...state.state, fixedPrice } }) });
    const cases = [
      {
        field: 'items.0.predefinedTransportationFee',
        overrides: { items: [{ ...sofa, predefinedTransportationFee: '-500' }] },
        message: negative,
      },
      { field: 'items.0.predefinedHandlingFee', overrides: { items: [{ ...sofa, predefinedHandlingFee: '-500' }] }, message: negative },
      {
        field: 'items.0.predefinedTransportationFee',
        overrides: { items: [{ ...sofa, predefinedTransportationFee: '99999999' }] },
        message: overCeiling,
      },
      { field: 'items.0.customPrice', overrides: { items: [{ ...sofa, customPrice: -500 }] }, message: negative },
      {
        field: 'items.1.customPrice',
        overrides: { items: [sofa, { name: 'Frais de péage', category: 'cost', customPrice: ceiling + 1 }] },
        message: overCeiling,
      },
    ];
    const before = await count(server);
    for (const { field, overrides, message } of cases) {
      const body = bookingBody({ company_token: DEMO_COMPANY_TOKEN, ...overrides });
      assertNamed(await quote(server.base, quoteRequest(body)), 422, field, message);
      assertNamed(await post(server.base, priced(body, 0, 0)), 422, field, message);
    }
    // A fixed price is set HT in the company's state: below 0 or above the ceiling, refused too.
    for (const [fixedPrice, field, message] of [
      [{ transportationPriceVatExcluded: -500, handlingPriceVatExcluded: 0 }, 'fixed_price.transportationPriceVatExcluded', negative],
      [{ transportationPriceVatExcluded: 0, handlingPriceVatExcluded: 99_999_999 }, 'fixed_price.handlingPriceVatExcluded', overCeiling],
    ] as const) {
      const body = bookingBody({ company_token: DEMO_COMPANY_TOKEN, ...withFixed(fixedPrice) });
      assertNamed(await quote(server.base, { ...quoteRequest(body), fixed_price: fixedPrice }), 422, field, message);
      assertNamed(await post(server.base, priced(body, 0, 0)), 422, field, message);
    }
    assert.equal(await count(server), before, 'nothing stored');
  });

  it('S098 S166 a discount stands within half the grid’s price: −2,000 € is refused, −100 € is shown alike on the list, the CSV and the booking’s page', async () => {
    const withExpense = (amount, name) =>
      bookingBody({
        company_token: DEMO_COMPANY_TOKEN,
        customer: customer(name),
        items: [
          { name: 'Canapé 3 places', category: 'item' },
          { name: 'Remise fidélité', category: 'custom-cost', customPrice: amount },
        ],
      });
    const before = await count(server);
    assertNamed(
      await post(server.base, withExpense(-2000, 'Octave Granderemise')),
      422,
      'items.1.customPrice',
      /au plus 50 % du prix de la grille/,
    );
    assert.equal(await count(server), before, 'nothing stored');

    const created = await post(server.base, withExpense(-100, 'Octave Petiteremise'));
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.price_source, 'company');
    assert.equal(stored.price_check.matches, false);
    // Spec §9: the expense × 1.2 beside the grid's transport and handling.
    const total = TRANSPORT_CENTS + HANDLING_CENTS + cents(-100 * 1.2);
    const euros = (amount) => (amount / 100).toFixed(2).replace('.', ',');
    const martin = await office(server.base);
    const fields = (await csvOf(server.base, martin, 'petiteremise'))[1].split(';');
    assert.equal(fields[10], euros(total));
    assert.equal(fields[15], 'Remise fidélité : -120,00 €');
    // As every page writes a whole price: '1 070 €'.
    const shown = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(total / 100);
    assert.match((await martin.get('/espace-transporteur/reservations?q=petiteremise')).text, new RegExp(shown));
    const page = (await martin.get(`/espace-transporteur/reservations/${created.data.id}`)).text;
    assert.match(page, /Remise fidélité/);
    assert.match(page, new RegExp(`<th scope="row">Total</th><td>${shown} TTC`));
  });
});

describe(`hole 3: an edit through the edit link is priced again (${DATABASE_NAME})`, () => {
  let server;
  let receiver;
  before(async () => {
    server = await startServer();
    receiver = await receiveEvents(server.base);
  });
  after(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('a company’s predefined fee on Paris → Paris does not survive a change to Paris → Lyon by the edit link: refused, the price unchanged', async () => {
    const body = toBoetie(
      bookingBody({
        company_token: DEMO_COMPANY_TOKEN,
        items: [{ name: 'Canapé 3 places', category: 'item', predefinedTransportationFee: '100' }],
      }),
    );
    const created = await post(server.base, priced(body, cents(100 * 1.2), HANDLING_CENTS));
    assert.equal(created.status, 201, created.text);
    // Paris → Lyon through the edit link, sent with the fee's price, then with the grid's: both refused.
    const toLyon = withoutToken({ ...body, addresses: bookingBody().addresses });
    for (const sent of [priced(toLyon, cents(100 * 1.2), HANDLING_CENTS), priced(toLyon, TRANSPORT_CENTS, HANDLING_CENTS)])
      assertNamed(
        await patch(server.base, created.data, sent),
        422,
        'addresses',
        /Seule l’entreprise qui a fait la réservation peut changer/,
      );
    const stored = await read(server.base, created.data);
    assert.deepEqual([stored.addresses[1].locality, stored.travel.price_transportation], ['Paris', cents(100 * 1.2)]);
    // An edit that leaves the trip as it was keeps the company's price.
    const renamed = await patch(
      server.base,
      created.data,
      priced(withoutToken({ ...body, customer: customer('Marie Curie-Joliot') }), 0, 0),
    );
    assert.equal(renamed.status, 200, renamed.text);
    const kept = await read(server.base, created.data);
    assert.deepEqual(
      [kept.customer.name, kept.price_source, kept.travel.price_transportation],
      ['Marie Curie-Joliot', 'company', cents(100 * 1.2)],
    );
  });

  it('a company’s fixed price does not survive a change of its stops by the edit link', async () => {
    const state = JSON.parse(bookingBody().store_serialized!);
    const fixedPrice = { transportationPriceVatExcluded: 100, handlingPriceVatExcluded: 50 };
    const body = toBoetie(
      bookingBody({
        company_token: DEMO_COMPANY_TOKEN,
        store_serialized: JSON.stringify({ ...state, state: { ...state.state, fixedPrice } }),
      }),
    );
    const created = await post(server.base, priced(body, 12000, 6000));
    assert.equal(created.status, 201, created.text);
    const moved = priced(withoutToken({ ...body, addresses: bookingBody().addresses }), TRANSPORT_CENTS, HANDLING_CENTS);
    assertNamed(await patch(server.base, created.data, moved), 422, 'addresses', /Seule l’entreprise/);
    assert.equal((await read(server.base, created.data)).travel.price_transportation, 12000);
  });

  it('issue 52: the edit link of a company’s booking priced on the grid has a public visitor’s powers: a fee, a hand-set price, an expense line or a fixed price through it gets the public 422', async () => {
    // Martin may set prices (can_edit_price), but this booking was priced on its grid: the
    // customer holding its edit link cannot add a price of its own, whatever it sends.
    const body = bookingBody({ company_token: DEMO_COMPANY_TOKEN, customer: customer('Adélaïde Lienseul') });
    const created = await post(server.base, body);
    assert.equal(created.status, 201, created.text);
    const edit = withoutToken(body);
    const sofa = { name: 'Canapé 3 places', category: 'item' };
    const forged = [
      {
        field: 'items.0.predefinedTransportationFee',
        body: { ...edit, items: [{ ...sofa, predefinedTransportationFee: '1', predefinedHandlingFee: '1' }] },
        message: /Les frais prédéfinis sont réservés/,
      },
      { field: 'items.0.customPrice', body: { ...edit, items: [{ ...sofa, customPrice: 1 }] }, message: /Un prix de manutention imposé/ },
      {
        field: 'items.1.category',
        body: { ...edit, items: [sofa, { name: 'Remise exceptionnelle', category: 'cost', customPrice: -400 }] },
        message: /Les frais annexes sont réservés/,
      },
    ];
    const state = JSON.parse(body.store_serialized!);
    const fixedPrice = { transportationPriceVatExcluded: 1, handlingPriceVatExcluded: 1 };
    for (const { field, body: sent, message } of forged) {
      // Sent at the price the forged lines would give (2 € TTC-ish) and at the grid's: refused either way.
      for (const [transport, handling] of [
        [cents(1.2), cents(1.2)],
        [TRANSPORT_CENTS, HANDLING_CENTS],
      ])
        assertNamed(await patch(server.base, created.data, priced(sent, transport, handling)), 422, field, message);
    }
    // The same refusals a public visitor gets on the same lines.
    for (const { field, body: sent, message } of forged)
      assertNamed(await post(server.base, priced(sent, cents(1.2), cents(1.2))), 422, field, message);
    // A fixed price in the state the link sends is not a company's either: the grid's price stays.
    const withFixed = { ...edit, store_serialized: JSON.stringify({ ...state, state: { ...state.state, fixedPrice } }) };
    const fixed = await patch(server.base, created.data, priced(withFixed, TRANSPORT_CENTS, HANDLING_CENTS));
    assert.equal(fixed.status, 200, fixed.text);
    const stored = await read(server.base, created.data);
    assert.deepEqual(
      [stored.price_source, stored.travel.price_transportation, stored.travel.price_handling, stored.price_lines ?? []],
      ['quote', TRANSPORT_CENTS, HANDLING_CENTS, []],
    );
  });

  it('an edit after acceptance returns the booking to the carrier, à revoir, with what changed and the grid’s new price', async () => {
    const created = (await post(server.base, bookingBody({ customer: customer('Léontine Revoir') }))).data;
    const martin = await office(server.base);
    await martin.get(`/espace-transporteur/reservations/${created.id}`);
    assert.match((await martin.post(`/espace-transporteur/reservations/${created.id}/accepter`)).location!, /fait=acceptee/);
    // Paris → Paris now: the grid's price of the shorter trip, computed from spec §9.
    const shorter = cents(publicTransportEuros([PARIS, BOETIE]));
    const edited = await patch(
      server.base,
      created,
      priced(toBoetie(bookingBody({ customer: customer('Léontine Revoir') })), shorter, HANDLING_CENTS),
    );
    assert.equal(edited.status, 200, edited.text);
    const stored = await read(server.base, created);
    assert.deepEqual([stored.state, stored.price_source, stored.travel.price_transportation], ['review', 'quote', shorter]);
    assert.equal((await events(server, created.id)).at(-1).data.booking.state, 'review');
    const page = (await martin.get(`/espace-transporteur/reservations/${created.id}`)).text;
    assert.match(page, /À revoir/);
    assert.match(page, /Étape 2\u00a0: 3 Place Bellecour 69002 Lyon \(rue\) → 25 Rue de la Boétie 75008 Paris \(rue\)/);
    assert.match(page, /Prix \(transport et manutention\)\u00a0: /);
    assert.match((await martin.get('/espace-transporteur/reservations?q=leontine')).text, /À revoir/);
    assert.match((await martin.post(`/espace-transporteur/reservations/${created.id}/accepter`)).location!, /fait=acceptee/);
    assert.equal((await read(server.base, created)).state, 'accepted');
  });
});

describe(`hole 6: catalogue items by id or by name, and a booking never takes the price of another trip’s quote (${DATABASE_NAME})`, () => {
  let server;
  let wardrobe;
  before(async () => {
    server = await startServer();
    const found = await json(server.base, 'GET', `/api/v1/items/search?q=${encodeURIComponent('armoire 2 portes')}`);
    wardrobe = found.data.find((item) => item.name === 'Armoire 2 portes');
  });
  after(async () => {
    await server?.stop();
  });

  const trip = (items) => ({ addresses: bookingBody().addresses, items, persons_needed: 2, handling_hours: 2, date: '2026-11-23' });

  it('S159 S046 six wardrobes by id are priced as six wardrobes by name: the catalogue’s volume and vehicle', async () => {
    const byId = await quote(server.base, trip([{ id: wardrobe.id, quantity: 6 }]));
    const byName = await quote(server.base, trip([{ name: 'Armoire 2 portes', category: 'item', quantity: 6 }]));
    assert.equal(byId.status, 201, byId.text);
    // Spec §9: the rounded sum of volume × quantity; spec §3: the smallest default truck that holds it (3, 6, 12, 20 m³).
    const volume = Math.round(6 * wardrobe.volume);
    assert.equal(byId.data.figures.volume, volume);
    assert.equal(
      byId.data.figures.truck_capacity,
      [3, 6, 12, 20].find((capacity) => capacity >= volume),
    );
    for (const field of ['volume', 'truck_capacity', 'price_transportation', 'price_handling', 'persons_needed', 'handling_hours'])
      assert.equal(byId.data.figures[field], byName.data.figures[field], field);
    assertNamed(await quote(server.base, trip([{ id: 999999, quantity: 6 }])), 422, 'items.0.id', /Objet introuvable dans le catalogue/);
  });

  it('a booking whose items differ from its quote’s never takes that quote’s price', async () => {
    const sofa = await quote(server.base, trip(bookingBody().items));
    assert.equal(sofa.data.figures.truck_capacity, 3, 'one sofa: the 3 m³ truck');
    // The sofa's quote presented with six wardrobes by id: priced afresh, on the wardrobes.
    const wardrobes = bookingBody({ items: [{ id: wardrobe.id, quantity: 6 }], quote_id: sofa.data.id });
    const answer = await post(server.base, priced(wardrobes, sofa.data.figures.price_transportation, sofa.data.figures.price_handling));
    assert.equal(answer.status, 201, answer.text);
    const stored = await read(server.base, answer.data);
    assert.notEqual(stored.quote_id, sofa.data.id);
    const volume = Math.round(6 * wardrobe.volume);
    assert.equal(
      stored.travel.truck_capacity_needed,
      [3, 6, 12, 20].find((capacity) => capacity >= volume),
    );
    assert.equal((await json(server.base, 'GET', `/api/v1/quotes/${stored.quote_id}`)).data.figures.volume, volume);
  });

  it('the carrier’s pages show the volumes priced, not those the browser sent, and handling booked far below the estimate with its hours', async () => {
    // Six wardrobes said to be 0.01 m³ each, handled by one person for half an hour.
    const body = await withServerPrice(
      server.base,
      withTravel(
        bookingBody({
          customer: customer('Anselme Sousestime'),
          items: [{ name: 'Armoire 2 portes', category: 'item', quantity: 6, volume: 0.01 }],
        }),
        { persons_needed: 1, duration_handling: 1800 },
      ),
    );
    const created = await post(server.base, body);
    assert.equal(created.status, 201, created.text);
    const martin = await office(server.base);
    const page = (await martin.get(`/espace-transporteur/reservations/${created.data.id}`)).text;
    const m3 = (value) => `${String(value).replace('.', ',')}\u00a0m³`;
    assert.match(page, new RegExp(`\\(${m3(wardrobe.volume)} l’unité\\)`));
    assert.match(page, new RegExp(`Volume\u00a0: ${m3(Math.round(6 * wardrobe.volume))}`));
    assert.doesNotMatch(page, /0,01\u00a0m³/);
    assert.match(page, /Manutention bien en dessous de l’estimation\u00a0:<\/strong> 1 manutentionnaire pendant 30\u00a0min réservés/);
    const list = (await martin.get('/espace-transporteur/reservations?q=sousestime')).text;
    assert.match(list, /Manutention sous-estimée/);
    assert.match(list, /1 manutentionnaire pendant 30\u00a0min/);
  });

  it('S161 issue 52: an object of the visitor’s own named like a catalogue entry keeps its figures on the quote, the booking, the devis and the carrier’s page; picked from the catalogue, the catalogue’s', async () => {
    const found = await json(server.base, 'GET', `/api/v1/items/search?q=${encodeURIComponent('armoire ancienne')}`);
    const entry = found.data.find((item) => item.name === 'Armoire ancienne');
    // The visitor's own wardrobe ('Ajouter un objet qui n’est pas dans la liste'): 3.4 m³, one handler.
    const own = { name: 'Armoire ancienne', category: 'stuff', volume: 3.4, quantity: 1, persons_needed: 1 };
    assert.notEqual(entry.volume, own.volume, 'the catalogue’s figures differ from the visitor’s: the test tells them apart');
    const choices = { addresses: bookingBody().addresses, items: [own], date: FIXTURE_DAY };
    const quoted = await quote(server.base, choices);
    assert.equal(quoted.status, 201, quoted.text);
    const figures = quoted.data.figures;
    // Spec §9: the rounded sum of volume × quantity; shown to the tenth; spec §3: the smallest default truck that holds the load.
    assert.equal(figures.volume, Math.round(own.volume));
    assert.equal(figures.shown_volume, own.volume);
    assert.equal(
      figures.truck_capacity,
      [3, 6, 12, 20].find((capacity) => capacity >= own.volume),
    );
    // One handler asked, and no moving (spec §9: 3 m³ + 1 < 8, one person on the largest item).
    assert.equal(figures.persons_needed, 1);

    // Booked as the elements book it: the quote's id, handlers, hours and prices.
    const body = {
      ...priced(
        withTravel(bookingBody({ items: [own], customer: customer('Armand Ancienne') }), {
          persons_needed: figures.persons_needed,
          duration_handling: Math.round(figures.handling_hours * 3600),
        }),
        figures.price_transportation,
        figures.price_handling,
      ),
      quote_id: quoted.data.id,
    };
    const created = await post(server.base, body);
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.quote_id, quoted.data.id);
    assert.deepEqual(
      [stored.travel.truck_capacity_needed, stored.travel.persons_needed, stored.travel.price_handling],
      [figures.truck_capacity, figures.persons_needed, figures.price_handling],
    );
    const m3 = (value) => `${String(value).replace('.', ',')}\u00a0m³`;
    const page = await devis(server.base, created.data);
    assert.match(page, new RegExp(`Volume du mobilier\u00a0: ${m3(own.volume)} · véhicule\u00a0: ${figures.vehicle.name}`));
    assert.match(page, /Manutention\u00a0: 1 manutentionnaire,/);
    const martin = await office(server.base);
    const booking = (await martin.get(`/espace-transporteur/reservations/${created.data.id}`)).text;
    assert.match(booking, new RegExp(`Armoire ancienne <span class="meta">\\(${m3(own.volume)} l’unité\\)`));

    // Picked from the catalogue (its id, category item): the catalogue's figures, whatever volume the page sends.
    const picked = await quote(server.base, { ...choices, items: [{ ...own, id: entry.id, category: 'item' }] });
    assert.equal(picked.status, 201, picked.text);
    assert.equal(picked.data.figures.volume, Math.round(entry.volume));
    assert.equal(picked.data.figures.shown_volume, entry.volume);
    assert.equal(picked.data.figures.persons_needed, Math.min(4, Math.max(entry.persons_needed, 1)));
  });

  it('issue 52: an object declared at 0 m³, without dimensions, is marked on the carrier’s booking page: its price counts neither its room nor its handling', async () => {
    const body = await withServerPrice(
      server.base,
      bookingBody({
        customer: customer('Octave Sansvolume'),
        items: [
          { name: 'Canapé 3 places', category: 'item', quantity: 1 },
          { name: 'Commode de grand-mère', category: 'stuff', volume: 0, quantity: 2 },
        ],
      }),
    );
    const created = await post(server.base, body);
    assert.equal(created.status, 201, created.text);
    const martin = await office(server.base);
    const page = (await martin.get(`/espace-transporteur/reservations/${created.data.id}`)).text;
    assert.match(page, /2 × Commode de grand-mère <span class="badge warning">volume non déclaré<\/span>/);
    assert.match(
      page,
      /<strong>Volume non déclaré\u00a0:<\/strong> 2 × Commode de grand-mère\. Le prix n’en compte ni la place dans le véhicule ni la manutention/,
    );
    // The catalogue's sofa has its volume: no mark.
    assert.doesNotMatch(page, /Canapé 3 places <span class="badge warning">/);

    // A booking whose objects all have a volume shows no such warning.
    const declared = await withServerPrice(server.base, bookingBody({ customer: customer('Octave Avecvolume') }));
    const other = await post(server.base, declared);
    assert.doesNotMatch((await martin.get(`/espace-transporteur/reservations/${other.data.id}`)).text, /Volume non déclaré/);
  });
});

describe(`a carrier’s records checked when read (${DATABASE_NAME})`, () => {
  it('a PUBLIC_PRICING_FILE with a VAT of 20 stops the start, naming the field', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tqw-tva-')), 'tarifs.json');
    writeFileSync(file, JSON.stringify({ vat: 20 }));
    await assert.rejects(startServer(undefined, 0, { PUBLIC_PRICING_FILE: file }), (error) => {
      assert.match(
        (error as Error).message,
        /Démarrage impossible\s: PUBLIC_PRICING_FILE invalide \(.*\) : vat : au plus 1 attendu, 20 reçu \(le taux de TVA s’écrit 0\.2 pour 20 %\)/,
      );
      assert.doesNotMatch((error as Error).message, /at \w+ \(/, 'no stack trace');
      return true;
    });
  });

  it('a company record with a VAT of 20 answers 503 in French naming the field, never a 500', async () => {
    const server = await startServer();
    try {
      const made = await post(server.base, bookingBody({ company_token: OTHER_COMPANY_TOKEN }));
      assert.equal(made.status, 201, made.text);
      const booked = made.data;
      const [row] = await server.query('SELECT store_json FROM companies WHERE id = 2');
      await server.query('UPDATE companies SET store_json = ? WHERE id = 2', [JSON.stringify({ ...JSON.parse(row.store_json), vat: 20 })]);
      const store = await json(server.base, 'GET', `/api/v1/companies/${OTHER_COMPANY_TOKEN}`);
      assertNamed(store, 503, 'vat', /au plus 1 attendu, 20 reçu/);
      assert.match(store.data.error, /Les réglages de ce transporteur sont à corriger/);
      assert.ok(Number(store.headers.get('retry-after')) > 0);
      assertNamed(await quote(server.base, { ...quoteRequest(bookingBody()), company_token: OTHER_COMPANY_TOKEN }), 503, 'vat', /20 reçu/);
      const before = await count(server);
      assertNamed(await post(server.base, bookingBody({ company_token: OTHER_COMPANY_TOKEN })), 503, 'vat', /20 reçu/);
      assert.equal(await count(server), before);
      const dupont = await office(server.base, 2);
      const shown = await dupont.get(`/espace-transporteur/reservations/${booked.id}`);
      assert.equal(
        shown.status,
        200,
        shown.text
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 1500),
      );
      const accepted = await dupont.post(`/espace-transporteur/reservations/${booked.id}/accepter`);
      assert.equal(
        accepted.status,
        503,
        accepted.text
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 1500),
      );
      assert.match(accepted.text, /vat : au plus 1 attendu, 20 reçu/);
    } finally {
      await server.stop();
    }
  });
});
