// The carrier's price, decided by the server (issue 29): one trip sent again and again with
// what a visitor with the browser's developer tools could change, by POST and by PATCH. Each
// booking is refused (422, 403, or 409 with the carrier's price) or stored with the server's
// price, never with the forged one. Expected figures come from spec §9 by hand.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingBody, HANDLING_CENTS, LYON, PARIS, TRANSPORT_CENTS } from '../api/booking-body.ts';
import { cents, handlingEuros, htCents, publicTransportEuros, straightRoute } from '../api/spec-prices.ts';
import { DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, startServer, DATABASE_NAME } from '../api/support.ts';

const post = (base, body) => json(base, 'POST', '/api/v1/travels', { body });
const patch = (base, created, body, token = created.token) => json(base, 'PATCH', `/api/v1/travels/${created.id}?token=${token}`, { body });
const read = async (base, created) => (await json(base, 'GET', `/api/v1/travels/${created.id}?token=${created.token}`)).data;

/** The body with other travel fields. */
const withTravel = (body, travel) => ({ ...body, travel: { ...body.travel, ...travel } });
/** The body with other prices (cents TTC), their HT variants consistent. */
const priced = (body, transport, handling) =>
  withTravel(body, {
    price_transportation: transport,
    price_handling: handling,
    price_transportation_ht: htCents(transport),
    price_handling_ht: htCents(handling),
  });
/** The body whose restored state (store_serialized) says something else. */
const withState = (body, state) => {
  const stored = JSON.parse(body.store_serialized);
  return { ...body, store_serialized: JSON.stringify({ ...stored, state: { ...stored.state, ...state } }) };
};

/** The quote request a page sends for a booking: its choices, no figure. */
const quoteRequest = (body) => ({
  addresses: body.addresses,
  items: body.items,
  persons_needed: body.travel.persons_needed,
  handling_hours: body.travel.duration_handling / 3600,
  date: body.travel.beginning_date.slice(0, 10),
});

/** A refusal names its field, in French. */
function assertNamed(answer, status, field, message) {
  assert.equal(answer.status, status, answer.text);
  const named = answer.data.fields?.find((f) => f.path === field);
  assert.ok(named, `${field} not named: ${answer.text}`);
  assert.match(named.message, message);
}

/** A 409 offers the carrier's price, and stores nothing. */
function assertCarrierPrice(answer, transport, handling) {
  assert.equal(answer.status, 409, answer.text);
  assert.equal(answer.data.quote.figures.price_transportation, transport);
  assert.equal(answer.data.quote.figures.price_handling, handling);
}

describe(`forged public bookings (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });
  const count = async () => Number((await server.query('SELECT COUNT(*) AS n FROM travels'))[0].n);

  it('a VAT of 0 in the state neither lowers the price nor reaches the stored booking', async () => {
    const before = await count();
    // 2 handlers × 2 h × 30 € without VAT: what the forged VAT would give.
    const withoutVat = priced(withState(bookingBody(), { vat: 0 }), TRANSPORT_CENTS, cents(2 * 2 * 30));
    assertCarrierPrice(await post(server.base, withoutVat), TRANSPORT_CENTS, HANDLING_CENTS);
    assert.equal(await count(), before, 'nothing stored');
    // The right price with the forged VAT: stored, with the carrier's VAT in the state.
    const created = await post(server.base, withState(bookingBody(), { vat: 0 }));
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.travel.price_handling, HANDLING_CENTS);
    assert.equal(stored.travel.price_handling_ht, htCents(HANDLING_CENTS));
    assert.equal(JSON.parse(stored.store_serialized).state.vat, 0.2);
  });

  it('handling rates sent by the browser are not the carrier’s', async () => {
    const forged = priced(
      { ...bookingBody(), handling_rates: { standard: 1, moving: 1 } },
      TRANSPORT_CENTS,
      cents(Math.round(2 * 2 * 1 * 1.2)),
    );
    assertCarrierPrice(await post(server.base, forged), TRANSPORT_CENTS, HANDLING_CENTS);
  });

  it('a distance sent by the browser is never priced: the server’s own route is stored', async () => {
    const short = withTravel(bookingBody(), { distance_transportation: 2000, duration_transportation: 60 });
    assertCarrierPrice(await post(server.base, priced(short, cents(38), HANDLING_CENTS)), TRANSPORT_CENTS, HANDLING_CENTS);
    const created = await post(server.base, short);
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    const route = straightRoute([PARIS, LYON]).customer;
    assert.equal(stored.travel.distance_transportation, Math.round(route.km * 1000 * 2), 'spec §7: the customer’s distance, doubled');
    assert.equal(stored.travel.duration_transportation, Math.round(route.hours * 3600));
  });

  it('a stop’s coordinates far from its written address are refused: the trip priced is the trip the carrier reads', async () => {
    // 3 Place Bellecour 69002 Lyon, at Paris's coordinates: a Paris → Paris trip, a few euros.
    const atParis = (address) => ({ ...address, lat: PARIS.lat + 0.01, lng: PARIS.lng + 0.01 });
    const short = (transform) => {
      const body = bookingBody();
      const addresses = body.addresses.map((address, index) => (index === 1 ? transform(address) : address));
      return priced({ ...body, addresses }, cents(publicTransportEuros([PARIS, addresses[1]])), HANDLING_CENTS);
    };
    const before = await count();
    const named = /est à \d+\skm de l’adresse écrite/;
    assertNamed(await post(server.base, short(atParis)), 422, 'addresses.1.lat', named);
    // The postcode field alone, or the postcode in the text alone, gives the place away as well.
    const fieldOnly = (address) => atParis({ ...address, address_complete: '3 Place Bellecour', locality: '' });
    assertNamed(await post(server.base, short(fieldOnly)), 422, 'addresses.1.lat', named);
    const textOnly = (address) => atParis({ ...address, postal_code: '' });
    assertNamed(await post(server.base, short(textOnly)), 422, 'addresses.1.lat', named);
    assert.equal(await count(), before, 'nothing stored');
    // By PATCH too.
    const created = (await post(server.base, bookingBody())).data;
    assertNamed(await patch(server.base, created, short(atParis)), 422, 'addresses.1.lat', named);
    assert.equal((await read(server.base, created)).travel.price_transportation, TRANSPORT_CENTS);
  });

  it('an item’s volume, handlers and handling time come from the catalogue when it names a catalogue entry', async () => {
    // A sofa of 0.1 m³ handled by one person: not a moving, 18 € an hour. The catalogue's sofa needs 2 persons: a moving, 30 € an hour.
    const light = withTravel(
      bookingBody({ items: [{ name: 'Canapé 3 places', category: 'item', volume: 0.1, persons_needed: 1, time_factor: 0.01 }] }),
      {
        persons_needed: 1,
        duration_handling: 1800,
      },
    );
    const asForged = cents(handlingEuros({ hours: 0.5, persons: 1, moving: false }));
    const asCarrier = cents(handlingEuros({ hours: 0.5, persons: 1, moving: true }));
    assertCarrierPrice(await post(server.base, priced(light, TRANSPORT_CENTS, asForged)), TRANSPORT_CENTS, asCarrier);
  });

  it('predefined fees, hand-set prices and expenses are a company’s: a public booking carrying them is refused', async () => {
    const fees = bookingBody({
      items: [{ name: 'Canapé 3 places', category: 'item', quantity: 1, predefinedTransportationFee: '1', predefinedHandlingFee: '0' }],
    });
    assertNamed(
      await post(server.base, priced(fees, 120, 0)),
      422,
      'items.0.predefinedTransportationFee',
      /réservés aux clients professionnels/,
    );
    const handSet = bookingBody({ items: [{ name: 'Canapé 3 places', category: 'item', quantity: 1, customPrice: 0 }] });
    assertNamed(await post(server.base, handSet), 422, 'items.0.customPrice', /réservé aux clients professionnels/);
    const expense = bookingBody({
      items: [
        { name: 'Canapé 3 places', category: 'item' },
        { name: 'Remise', category: 'custom-cost', customPrice: -500 },
      ],
    });
    assertNamed(await post(server.base, expense), 422, 'items.1.category', /Les frais annexes sont réservés/);
  });

  it('S161 an object of the visitor’s own keeps what was typed, within bounds no real object passes', async () => {
    const trip = {
      addresses: bookingBody().addresses,
      items: [{ name: 'Caisse de souvenirs', category: 'item', volume: 0.3, quantity: 3 }],
    };
    const quoted = await json(server.base, 'POST', '/api/v1/quotes', { body: trip });
    assert.equal(quoted.status, 201, quoted.text);
    // S161: 3 × 0.3 m³ as typed, priced to the whole m³.
    assert.equal(quoted.data.figures.volume, Math.round(3 * 0.3), '3 × 0.3 m³, as typed, rounded to the whole m³');
    const huge = bookingBody({ items: [{ name: 'Caisse de souvenirs', category: 'item', volume: 500, quantity: 1 }] });
    assertNamed(await post(server.base, huge), 422, 'items.0.volume', /Volume par unité de 100 m³ au plus/);
  });

  it('issue 52: a PATCH that changes a floor keeps the handlers and hours the body states, as the API document says; 0 h leaves them to the server', async () => {
    const created = (await post(server.base, bookingBody())).data;
    // The pickup moves to the 8th floor without a lift: the server's own estimate of the handling grows.
    const body = bookingBody();
    const moved = { ...body, addresses: [{ ...body.addresses[0], floor_nb: 8, elevator_presence: false }, body.addresses[1]] };
    const own = await json(server.base, 'POST', '/api/v1/quotes', {
      body: { ...quoteRequest(moved), persons_needed: null, handling_hours: null },
    });
    assert.equal(own.status, 201, own.text);
    assert.notEqual(own.data.figures.handling_hours, 2, 'the server estimates other hours than the 2 the body states');

    // The body keeps the 2 handlers for 2 hours it stated (booking-body.ts): spec §9's price for them, a moving.
    const kept = await patch(server.base, created, priced(moved, TRANSPORT_CENTS, HANDLING_CENTS));
    assert.equal(kept.status, 200, kept.text);
    const stored = await read(server.base, created);
    assert.deepEqual(
      [stored.addresses[0].floor_nb, stored.travel.persons_needed, stored.travel.duration_handling, stored.travel.price_handling],
      [8, 2, 2 * 3600, HANDLING_CENTS],
    );
    // The API document says what the server did: the body's handling is kept; 0 h asks for the server's estimate.
    const document = (await json(server.base, 'GET', '/api/v1/openapi.json')).data;
    const described = document.paths['/api/v1/travels/{id}'].patch.description;
    assert.match(described, /persons_needed et duration_handling sont le choix du client .*gardés tels quels/);
    assert.match(described, /Avec duration_handling à 0, le serveur estime lui-même les heures/);
    assert.doesNotMatch(described, /fixe lui-même le prix, l’itinéraire et la manutention/);

    // Hours left to the server (duration_handling 0): its own estimate for the two handlers, priced at spec §9's moving rate.
    const estimated = await json(server.base, 'POST', '/api/v1/quotes', {
      body: { ...quoteRequest(moved), persons_needed: 2, handling_hours: null },
    });
    const hours = estimated.data.figures.handling_hours;
    const handling = cents(handlingEuros({ hours, persons: 2, moving: true }));
    const left = await patch(server.base, created, priced(withTravel(moved, { duration_handling: 0 }), TRANSPORT_CENTS, handling));
    assert.equal(left.status, 200, left.text);
    const restored = await read(server.base, created);
    assert.deepEqual([restored.travel.duration_handling, restored.travel.price_handling], [Math.round(hours * 3600), handling]);
  });

  it('handlers and hours outside spec §9’s ranges are refused by name', async () => {
    assertNamed(await post(server.base, withTravel(bookingBody(), { persons_needed: 9 })), 422, 'persons_needed', /Entre 0 et 4/);
    assertNamed(
      await post(server.base, withTravel(bookingBody(), { duration_handling: 12 * 3600 })),
      422,
      'handling_hours',
      /entre 0,5 et 8 heures/,
    );
  });

  it('a grid the carrier does not have, with code sent by the page, is refused; the code is never run', async () => {
    const code = 'return { transportation: 1, handling: 0 };';
    const forged = withState(
      withTravel(
        { ...bookingBody(), driver_pools: [{ id: 99, name: 'Maison', apply_to: 'apply_to_travels', compute_price_func_body: code }] },
        { driver_pool_id: 99 },
      ),
      { driverPoolSelector: 99 },
    );
    assertNamed(await post(server.base, priced(forged, 120, 0)), 422, 'driver_pool_id', /Grille tarifaire inconnue/);
  });

  it('by PATCH too: a forged price is refused, forged inputs leave the carrier’s price', async () => {
    const created = (await post(server.base, bookingBody())).data;
    assertCarrierPrice(await patch(server.base, created, priced(bookingBody(), 3800, 0)), TRANSPORT_CENTS, HANDLING_CENTS);
    const edited = await patch(server.base, created, withState(withTravel(bookingBody(), { distance_transportation: 2000 }), { vat: 0 }));
    assert.equal(edited.status, 200, edited.text);
    const stored = await read(server.base, created);
    assert.equal(stored.travel.price_transportation, TRANSPORT_CENTS);
    assert.equal(stored.travel.price_handling, HANDLING_CENTS);
  });
});

describe(`company tokens and company prices (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });
  // The price editor fixes 100 € HT of transport and 50 € HT of handling: 120 € and 60 € TTC.
  const fixedPrice = { transportationPriceVatExcluded: 100, handlingPriceVatExcluded: 50 };
  const fixedBody = (token) => priced(withState(bookingBody({ company_token: token }), { fixedPrice }), 12000, 6000);

  it('an unknown company token is refused', async () => {
    const answer = await post(server.base, bookingBody({ company_token: 'tqw_jeton_invente_0123456789abcdef' }));
    assert.equal(answer.status, 404);
    assert.equal(answer.data.error, 'Entreprise inconnue');
  });

  it('a company that may edit its prices keeps its fixed price, marked, with the carrier’s grid beside it', async () => {
    const created = await post(server.base, fixedBody(DEMO_COMPANY_TOKEN));
    assert.equal(created.status, 201, created.text);
    const stored = await read(server.base, created.data);
    assert.equal(stored.price_source, 'company');
    assert.equal(stored.travel.price_transportation, 12000);
    assert.equal(stored.travel.price_handling, 6000);
    assert.deepEqual(stored.price_check, {
      price_transportation: TRANSPORT_CENTS,
      price_handling: HANDLING_CENTS,
      matches: false,
      grid: 'wizard',
    });
  });

  it('a company without can_edit_price cannot fix one: refused', async () => {
    assertNamed(await post(server.base, fixedBody(OTHER_COMPANY_TOKEN)), 422, 'fixed_price', /Seul un client professionnel autorisé/);
  });

  it('a public booking cannot be patched into a company’s, nor a company’s into another’s', async () => {
    const publicBooking = (await post(server.base, bookingBody())).data;
    const forged = await patch(server.base, publicBooking, fixedBody(DEMO_COMPANY_TOKEN));
    assert.equal(forged.status, 403, forged.text);
    assert.match(forged.data.error, /n’appartient pas à cette entreprise/);
    assert.equal((await read(server.base, publicBooking)).travel.price_transportation, TRANSPORT_CENTS);

    const companyBooking = (await post(server.base, fixedBody(DEMO_COMPANY_TOKEN))).data;
    const other = await patch(server.base, companyBooking, bookingBody({ company_token: OTHER_COMPANY_TOKEN }));
    assert.equal(other.status, 403, other.text);
  });

  it('through the edit link alone, a company’s fixed price is kept whatever the body says, and its hand-set items cannot change', async () => {
    const created = (await post(server.base, fixedBody(DEMO_COMPANY_TOKEN))).data;
    // The visitor with the edit link (no company token) changes the notes and sends another fixed price.
    const { company_token: _token, ...withoutToken } = priced(
      withState(bookingBody({ customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Marie Curie-Joliot' } }), {
        fixedPrice: { transportationPriceVatExcluded: 1, handlingPriceVatExcluded: 0 },
      }),
      12000,
      6000,
    );
    const edited = await patch(server.base, created, withoutToken);
    assert.equal(edited.status, 200, edited.text);
    const stored = await read(server.base, created);
    assert.equal(stored.customer.name, 'Marie Curie-Joliot');
    assert.equal(stored.travel.price_transportation, 12000, 'the company’s fixed price stays');
    assert.equal(JSON.parse(stored.store_serialized).state.fixedPrice.transportationPriceVatExcluded, 100);

    const fee = { ...withoutToken, items: [...withoutToken.items, { name: 'Emballage', category: 'item', predefinedHandlingFee: '0' }] };
    assertNamed(await patch(server.base, created, fee), 422, 'items', /Seule l’entreprise qui a fait la réservation peut changer les prix/);
  });

  it('a company’s quote presented by a public booking never prices it: the public price is asked', async () => {
    // The demo company's 'Grille Pro' handles for 28 € an hour VAT excluded, far below the public 30 € TTC rate.
    const companyQuote = await json(server.base, 'POST', '/api/v1/quotes', {
      body: { ...quoteRequest(bookingBody()), company_token: DEMO_COMPANY_TOKEN, driver_pool_id: 2 },
    });
    assert.equal(companyQuote.status, 201, companyQuote.text);
    const figures = companyQuote.data.figures;
    assert.ok(figures.price_handling < HANDLING_CENTS, 'the company’s handling is cheaper');
    const forged = { ...priced(bookingBody(), figures.price_transportation, figures.price_handling), quote_id: companyQuote.data.id };
    assertCarrierPrice(await post(server.base, forged), TRANSPORT_CENTS, HANDLING_CENTS);
  });

  it('a company’s grid with code is run by the server from its own records, never the page’s, with the handling booked', async () => {
    // The demo company's 'Grille Pro' (its own records): 45 + km × 0.9 + hours × 20 of transport and
    // handling hours × handlers × 28, VAT excluded, on the driver's route and the handling the booking
    // states (2 handlers for 2 hours: the grid's code receives what the customer chose).
    const driver = straightRoute([PARIS, LYON]).driver;
    const transport = cents(Math.round(Math.round(45 + driver.km * 0.9 + driver.hours * 20) * 1.2));
    const handling = cents(Math.round(2 * 2 * 28 * 1.2));
    const body = withState(withTravel(bookingBody({ company_token: DEMO_COMPANY_TOKEN }), { driver_pool_id: 2 }), {
      driverPoolSelector: 2,
    });
    // A page that says the grid costs 1 € (its own copy of the code) is shown the carrier's price.
    assertCarrierPrice(await post(server.base, priced(body, 120, 0)), transport, handling);
    const created = await post(server.base, priced(body, transport, handling));
    assert.equal(created.status, 201, created.text);
  });
});

describe(`the grids a carrier offers the public (PUBLIC_PRICE_GRIDS, ${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    // A carrier whose public pages carry the wizard alone: the lite's grid is not for sale.
    server = await startServer(undefined, 0, { PUBLIC_PRICE_GRIDS: 'wizard' });
  });
  after(async () => {
    await server?.stop();
  });

  it('a public quote or booking on a grid the carrier does not offer is refused by name; its own grid books', async () => {
    const body = bookingBody();
    const quote = await json(server.base, 'POST', '/api/v1/quotes', { body: { ...quoteRequest(body), grid: 'lite' } });
    assertNamed(quote, 422, 'grid', /Grille de prix non proposée par le transporteur au public/);
    assertNamed(await post(server.base, { ...body, price_grid: 'lite' }), 422, 'price_grid', /non proposée par le transporteur/);
    const booked = await post(server.base, { ...body, price_grid: 'wizard' });
    assert.equal(booked.status, 201, booked.text);
    assert.equal((await read(server.base, booked.data)).travel.price_transportation, TRANSPORT_CENTS);
    // Nor can the booking be moved onto it afterwards through its edit link.
    assertNamed(await patch(server.base, booked.data, { ...body, price_grid: 'lite' }), 422, 'price_grid', /non proposée/);
  });

  it('a company is priced on either grid, whatever the public may use', async () => {
    const body = bookingBody({ company_token: DEMO_COMPANY_TOKEN, price_grid: 'lite' });
    // Sent with the public wizard price, it is offered the carrier's price on the lite's grid…
    const offered = await post(server.base, body);
    assert.equal(offered.status, 409, offered.text);
    const quote = offered.data.quote;
    assert.equal(quote.figures.grid, 'lite');
    // …and books on it once the customer agrees.
    const agreed = { ...priced(body, quote.figures.price_transportation, quote.figures.price_handling), quote_id: quote.id };
    const booked = await post(server.base, agreed);
    assert.equal(booked.status, 201, booked.text);
  });
});
