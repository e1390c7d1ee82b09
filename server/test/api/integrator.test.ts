// A third-party client built from the OpenAPI document alone (issue 41): it books without the
// elements' store_serialized and is priced as the element is, it is told in French what it got
// wrong, and a body that is not JSON gets the 415 the document promises. Expected prices come
// from spec §9 by hand (booking-body.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingBody, HANDLING_CENTS, TRANSPORT_CENTS } from './booking-body.ts';
import { OPENAPI_PATH } from './contract.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, startServer, withServerPrice } from './support.ts';

/** A body as a generated client writes it: no store_serialized at all. */
function withoutStore(body) {
  const { store_serialized: _store, ...rest } = body;
  return rest;
}

/** Valibot's English defaults ('Invalid type: Expected string but received 42'), or Fastify's. */
const ENGLISH = /\b(Invalid|Expected|received|must|should|Unsupported|Bad Request|Body)\b/;

function assertFrench(answer) {
  for (const text of [answer.data.error, ...(answer.data.fields ?? []).map((field) => field.message)])
    assert.doesNotMatch(text, ENGLISH, `English in: ${answer.text}`);
}

describe(`a client that is not one of the elements (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });
  const read = async (created) => (await json(server.base, 'GET', `/api/v1/travels/${created.id}?token=${created.token}`)).data;

  it('S134 S124 books without store_serialized, priced as the element’s booking of the same trip', async () => {
    const fromElement = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(fromElement.status, 201, fromElement.text);
    const fromClient = await json(server.base, 'POST', '/api/v1/travels', { body: withoutStore(bookingBody()) });
    assert.equal(fromClient.status, 201, fromClient.text);
    const empty = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody({ store_serialized: '' }) });
    assert.equal(empty.status, 201, empty.text);
    const element = await read(fromElement.data);
    for (const created of [fromClient.data, empty.data]) {
      const stored = await read(created);
      // Spec §9 (booking-body.ts): Paris → Lyon by the straight line, 2 handlers × 2 h at 30 €.
      assert.equal(stored.travel.price_transportation, TRANSPORT_CENTS);
      assert.equal(stored.travel.price_handling, HANDLING_CENTS);
      assert.equal(stored.travel.price_transportation, element.travel.price_transportation);
      assert.equal(stored.travel.price_handling, element.travel.price_handling);
      assert.equal(stored.price_source, 'quote');
      // The state the server built lets the element reopen it by its edit link: the stops, the items, the customer.
      const state = JSON.parse(stored.store_serialized).state;
      assert.deepEqual(
        state.stops.map((stop) => [stop.address, stop.postalCode, stop.lat, stop.lng, stop.geocodeResolved]),
        bookingBody().addresses.map((address) => [address.address_complete, address.postal_code, address.lat, address.lng, true]),
      );
      assert.equal(state.items[0].name, 'Canapé 3 places');
      assert.equal(state.customer.name, 'Marie Curie');
      assert.equal(state.stops[0].contacts[0].name, 'Gardien');
      assert.equal(state.fees.transportation.fee * 100, TRANSPORT_CENTS);
    }
  });

  it('through its edit link and with a company token too: no store needed, the price is the server’s', async () => {
    const created = (await json(server.base, 'POST', '/api/v1/travels', { body: withoutStore(bookingBody()) })).data;
    const renamed = withoutStore(
      bookingBody({ customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Marie Sklodowska' } }),
    );
    const edited = await json(server.base, 'PATCH', `/api/v1/travels/${created.id}?token=${created.token}`, { body: renamed });
    assert.equal(edited.status, 200, edited.text);
    const stored = await read(created);
    assert.equal(stored.customer.name, 'Marie Sklodowska');
    assert.equal(stored.travel.price_transportation, TRANSPORT_CENTS);
    assert.equal(JSON.parse(stored.store_serialized).state.customer.name, 'Marie Sklodowska');

    // A company's client: its booking without store is priced on the company's records, as its element's would be.
    const companyBody = await withServerPrice(server.base, bookingBody({ company_token: DEMO_COMPANY_TOKEN }));
    const company = await json(server.base, 'POST', '/api/v1/travels', { body: withoutStore(companyBody) });
    assert.equal(company.status, 201, company.text);
    const element = await json(server.base, 'POST', '/api/v1/travels', { body: companyBody });
    assert.equal(element.status, 201, element.text);
    const [byClient, byElement] = [await read(company.data), await read(element.data)];
    assert.equal(byClient.travel.price_transportation, byElement.travel.price_transportation);
    assert.equal(byClient.travel.price_handling, byElement.travel.price_handling);
    // A forged price without the store is refused as with it: the carrier's price is offered (409).
    const forged = withoutStore({ ...bookingBody(), travel: { ...bookingBody().travel, price_transportation: 3800 } });
    const refused = await json(server.base, 'POST', '/api/v1/travels', { body: forged });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.data.quote.figures.price_transportation, TRANSPORT_CENTS);
  });

  it('a store_serialized that is not the elements’ is refused in French, saying how to do without it', async () => {
    for (const store of ['{}', 'texte', '{"version":2,"state":{}}']) {
      const answer = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody({ store_serialized: store }) });
      assert.equal(answer.status, 400, answer.text);
      const field = answer.data.fields.find((problem) => problem.path === 'store_serialized');
      assert.match(field.message, /omettez store_serialized \(le serveur le construit à partir du corps\)/);
    }
  });

  it('the document says store_serialized may be left out, and what it holds', async () => {
    const document = (await json(server.base, 'GET', OPENAPI_PATH)).data;
    const payload = document.components.schemas.TravelPayload;
    assert.ok(!payload.required.includes('store_serialized'), 'store_serialized is optional');
    assert.match(payload.properties.store_serialized.description, /le serveur le construit à partir du corps/);
    assert.ok(document.components.schemas.Booking.required.includes('store_serialized'), 'a stored booking always has one');
  });

  it('a body that is not JSON gets 415 in French, as documented, on every JSON route', async () => {
    for (const url of ['/api/v1/travels', '/api/v1/quotes']) {
      for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded']) {
        const answer = await json(server.base, 'POST', url, { raw: JSON.stringify(bookingBody()), headers: { 'content-type': type } });
        assert.equal(answer.status, 415, `${url} ${type}: ${answer.text}`);
        assert.equal(answer.data.error, 'Type de contenu non pris en charge : envoyez du JSON');
      }
    }
    const created = (await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).data;
    const patched = await json(server.base, 'PATCH', `/api/v1/travels/${created.id}?token=${created.token}`, {
      raw: JSON.stringify(bookingBody()),
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(patched.status, 415, patched.text);
    assert.equal(Number((await server.query('SELECT COUNT(*) AS n FROM travels WHERE id > ?', [created.id]))[0].n), 0);
  });

  it('every 400 is in French: wrong types, missing fields, lengths, ranges, formats, unreadable JSON', async () => {
    const body = bookingBody();
    const cases = [
      // Valibot's defaults were English ('Invalid type: Expected Array but received 5', 'Invalid key: …').
      { addresses: 5, customer: {}, items: [{}] },
      { ...body, customer: { ...body.customer, name: 42 }, travel: { ...body.travel, travel_id: 'x', persons_needed: 1.5 } },
      { ...body, addresses: [{ ...body.addresses[0], type_name: 'livraison', lat: 91, postal_code: '1'.repeat(30) }] },
      { ...body, items: [{ name: 'Canapé', category: 'item', volume: 'beaucoup' }], contacts: [{ step: -1 }] },
      null,
      [],
    ];
    for (const sent of cases) {
      const answer = await json(server.base, 'POST', '/api/v1/travels', { body: sent });
      assert.equal(answer.status, 400, answer.text);
      assert.ok(answer.data.fields.length > 0, answer.text);
      assertFrench(answer);
    }
    const types = await json(server.base, 'POST', '/api/v1/travels', { body: cases[1] });
    const message = (path) => types.data.fields.find((field) => field.path === path)?.message;
    assert.equal(message('customer.name'), 'Type invalide\u00a0: on attend du texte, reçu 42');
    assert.equal(message('travel.persons_needed'), 'Nombre entier attendu (reçu 1.5)');
    const missing = await json(server.base, 'POST', '/api/v1/travels', { body: cases[0] });
    assert.equal(missing.data.fields.find((field) => field.path === 'customer.name')?.message, 'Champ obligatoire manquant');
    // A quote request, the same.
    const quote = await json(server.base, 'POST', '/api/v1/quotes', { body: { addresses: [{ lat: 'x' }] } });
    assert.equal(quote.status, 400, quote.text);
    assertFrench(quote);
    // A preflight without its method (@fastify/cors answered 'Invalid Preflight Request').
    const preflight = await fetch(`${server.base}/api/v1/travels`, { method: 'OPTIONS', headers: { origin: 'https://www.exemple.fr' } });
    assert.equal(preflight.status, 400);
    assert.doesNotMatch((await preflight.json()).error, ENGLISH);
    // JSON that cannot be read, or no body at all.
    for (const raw of ['{', '{"addresses": [}', '']) {
      const answer = await json(server.base, 'POST', '/api/v1/travels', { raw });
      assert.equal(answer.status, 400, answer.text);
      assertFrench(answer);
    }
  });
});
