// Hole 4 of issue 41: a stop's coordinates far from its written address. The server prices the
// trip between the coordinates; the carrier drives to the address. 'FR', 'France', no country
// and a French postcode all mean France; without a postcode the town is checked; the radius is
// as tight as the offline index's precision allows. Every path is tried: public, company token,
// edit link. Expected prices come from spec §9 by hand (spec-prices.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingBody, HANDLING_CENTS, LYON, PARIS, TRANSPORT_CENTS } from './booking-body.ts';
import { cents, greatCircleKm, publicTransportEuros } from './spec-prices.ts';
import { BackOffice } from './back-office-client.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, startServer, withServerPrice } from './support.ts';

/** The body with its second stop (the Lyon drop-off) changed. */
function withDropoff(body, change) {
  return { ...body, addresses: body.addresses.map((address, index) => (index === 1 ? change(address) : address)) };
}
/** The body with other prices (cents TTC), their HT variants consistent. */
function priced(body, transport) {
  return {
    ...body,
    travel: { ...body.travel, price_transportation: transport, price_transportation_ht: Math.round(transport / 1.2) },
  };
}

/** `from` moved `km` toward `to`, along the straight line between them (within a few metres). */
function toward(from, to, km) {
  let low = 0;
  let high = 1;
  const at = (f) => ({ lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f });
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (greatCircleKm(from, at(middle)) < km) low = middle;
    else high = middle;
  }
  return at(low);
}

/** The Lyon drop-off placed in Paris: a Paris → Paris trip, priced as such by a forger. */
const inParis = (address) => ({ ...address, lat: PARIS.lat + 0.01, lng: PARIS.lng + 0.01 });
const PARIS_TRIP = cents(publicTransportEuros([PARIS, { lat: PARIS.lat + 0.01, lng: PARIS.lng + 0.01 }]));

function assertRefused(answer, path, message) {
  assert.equal(answer.status, 422, answer.text);
  const field = answer.data.fields?.find((problem) => problem.path === path);
  assert.ok(field, `${path} not named: ${answer.text}`);
  assert.match(field.message, message);
}

describe(`stops placed far from their written address (${DATABASE_NAME})`, () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });
  const count = async () => Number((await server.query('SELECT COUNT(*) AS n FROM travels'))[0].n);
  const post = (body) => json(server.base, 'POST', '/api/v1/travels', { body });
  const patch = (created, body) => json(server.base, 'PATCH', `/api/v1/travels/${created.id}?token=${created.token}`, { body });
  const read = async (created) => (await json(server.base, 'GET', `/api/v1/travels/${created.id}?token=${created.token}`)).data;

  it('a Lyon drop-off placed in Paris is refused however France is written, naming the stop', async () => {
    const before = await count();
    const named = /^Étape 2 \(3 Place Bellecour 69002 Lyon\)\u00a0: ce point est à \d+\u00a0km de l’adresse écrite \(code postal 69002\)/;
    for (const country of ['FR', 'fr', 'France', ' FRANCE ', '', 'République française', 'France métropolitaine']) {
      const forged = priced(
        withDropoff(bookingBody(), (address) => inParis({ ...address, country })),
        PARIS_TRIP,
      );
      assertRefused(await post(forged), 'addresses.1.lat', named);
    }
    // A foreign country does not hide a French postcode.
    const abroad = priced(
      withDropoff(bookingBody(), (address) => inParis({ ...address, country: 'Allemagne' })),
      PARIS_TRIP,
    );
    assertRefused(await post(abroad), 'addresses.1.lat', /code postal 69002/);
    assert.equal(await count(), before, 'nothing stored');
  });

  it('without a postcode, the town is checked: the locality and the town after the text’s last comma', async () => {
    const before = await count();
    const noPostcode = (change) =>
      priced(
        withDropoff(bookingBody(), (address) => inParis({ ...address, postal_code: '', country: 'FR', ...change })),
        PARIS_TRIP,
      );
    // The locality alone.
    assertRefused(
      await post(noPostcode({ address_complete: '3 Place Bellecour', locality: 'Lyon' })),
      'addresses.1.lat',
      /de l’adresse écrite \(commune Lyon\)/,
    );
    // The town in the text alone.
    assertRefused(
      await post(noPostcode({ address_complete: '3 Place Bellecour, Lyon, France', locality: '' })),
      'addresses.1.lat',
      /commune Lyon/,
    );
    // A locality that agrees with the point does not excuse a text naming another town: every town written must agree.
    assertRefused(
      await post(noPostcode({ address_complete: '3 Place Bellecour, Lyon', locality: 'Paris' })),
      'addresses.1.lat',
      /commune Lyon/,
    );
    // Neither a postcode nor a town the index knows: nothing says where the stop is.
    assertRefused(
      await post(noPostcode({ address_complete: '3 Place Bellecour', locality: '' })),
      'addresses.1.postal_code',
      /^Étape 2 \(3 Place Bellecour\)\u00a0: ni code postal ni commune reconnus/,
    );
    assert.equal(await count(), before, 'nothing stored');
    // The same stop, where it is written: booked at spec §9's Paris → Lyon price.
    const right = withDropoff(bookingBody(), (address) => ({
      ...address,
      postal_code: '',
      address_complete: '3 Place Bellecour, Lyon',
      country: 'FR',
    }));
    const created = await post(right);
    assert.equal(created.status, 201, created.text);
    assert.equal((await read(created.data)).travel.price_transportation, TRANSPORT_CENTS);
  });

  it('both stops moved 49 km toward each other are refused, by every path; where they are written, spec §9’s price', async () => {
    const [pickup, dropoff] = [toward(PARIS, LYON, 49), toward(LYON, PARIS, 49)];
    const moved = (body) => ({
      ...body,
      addresses: body.addresses.map((address, index) => ({ ...address, ...(index === 0 ? pickup : dropoff) })),
    });
    // What the forger would pay: spec §9 on the shortened trip, far below the trip written.
    const shortened = cents(publicTransportEuros([pickup, dropoff]));
    assert.ok(shortened < TRANSPORT_CENTS - 5000, `${shortened} vs ${TRANSPORT_CENTS}`);
    const before = await count();
    const publicAnswer = await post(priced(moved(bookingBody()), shortened));
    assertRefused(publicAnswer, 'addresses.0.lat', /^Étape 1 \(10 Rue de Rivoli 75004 Paris\)\u00a0: ce point est à 49\u00a0km/);
    assertRefused(publicAnswer, 'addresses.1.lat', /^Étape 2 \(3 Place Bellecour 69002 Lyon\)\u00a0: ce point est à 49\u00a0km/);
    const company = await post(priced(moved(bookingBody({ company_token: DEMO_COMPANY_TOKEN })), shortened));
    assertRefused(company, 'addresses.1.lat', /ce point est à 49\u00a0km/);
    assert.equal(await count(), before, 'nothing stored');

    // The edit link cannot move them either: the booking keeps spec §9's price of the written trip.
    const created = (await post(bookingBody())).data;
    assertRefused(await patch(created, priced(moved(bookingBody()), shortened)), 'addresses.0.lat', /ce point est à 49\u00a0km/);
    const companyBooking = (await post(await withServerPrice(server.base, bookingBody({ company_token: DEMO_COMPANY_TOKEN })))).data;
    const { company_token: _token, ...byLink } = moved(bookingBody());
    assertRefused(await patch(companyBooking, priced(byLink, shortened)), 'addresses.1.lat', /ce point est à 49\u00a0km/);
    const stored = await read(created);
    assert.equal(stored.travel.price_transportation, cents(publicTransportEuros([PARIS, LYON])));
    assert.equal(stored.travel.price_handling, HANDLING_CENTS);
  });

  it('the radius is the precision’s: a few km inside an arrondissement, wider where a commune is large', async () => {
    // Moved 12 km: past an arrondissement of Lyon (10 km), refused; 3 km (another street of Lyon), booked at spec §9's price there.
    const far = withDropoff(bookingBody(), (address) => ({ ...address, ...toward(LYON, PARIS, 12) }));
    assertRefused(await post(far), 'addresses.1.lat', /ce point est à 12\u00a0km de l’adresse écrite \(code postal 69002\)/);
    const nearby = toward(LYON, PARIS, 3);
    const near = await post(withDropoff(bookingBody(), (address) => ({ ...address, ...nearby })));
    assert.equal(near.status, 409, near.text);
    assert.equal(near.data.quote.figures.price_transportation, cents(publicTransportEuros([PARIS, nearby])));
    // Salin-de-Giraud is Arles (13129), 30 km from Arles's centre in the Camargue: a real address, booked.
    const salin = withDropoff(bookingBody(), (address) => ({
      ...address,
      address_complete: '1 Place des Salins 13129 Arles',
      postal_code: '13129',
      locality: 'Arles',
      lat: 43.4115,
      lng: 4.7306,
    }));
    const booked = await post(await withServerPrice(server.base, salin));
    assert.equal(booked.status, 201, booked.text);
  });

  it('issue 52: the check is not skipped by a foreign country, a postcode that agrees with the point while the towns do not, or an overseas postcode', async () => {
    const before = await count();
    const lyonInParis = (change) =>
      priced(
        withDropoff(bookingBody(), (address) => inParis({ ...address, ...change })),
        PARIS_TRIP,
      );
    // 'Belgique' and no postcode field: the French postcode written in the text is read all the same.
    for (const country of ['Belgique', 'Deutschland', 'Italia']) {
      assertRefused(await post(lyonInParis({ country, postal_code: '' })), 'addresses.1.lat', /\(code postal 69002\)/);
    }
    // A postcode field that agrees with the point (Paris 4e) beside a text and a locality that say Lyon.
    assertRefused(
      await post(lyonInParis({ address_complete: '3 Place Bellecour, Lyon', postal_code: '75004', locality: 'Lyon' })),
      'addresses.1.lat',
      /\(commune Lyon\)/,
    );
    assertRefused(
      await post(lyonInParis({ address_complete: '3 Place Bellecour', postal_code: '75004', locality: 'Lyon' })),
      'addresses.1.lat',
      /\(commune Lyon\)/,
    );
    // An overseas postcode (Réunion) on a point in mainland France: nothing overseas is there.
    assertRefused(
      await post(lyonInParis({ address_complete: '3 Place Bellecour, 97400 Lyon', postal_code: '97400', locality: 'Lyon' })),
      'addresses.1.postal_code',
      /code postal 97400 d’outre-mer.*en métropole/,
    );
    assert.equal(await count(), before, 'nothing stored');
    // Through a carrier's company token and the edit link too.
    const created = await post(await withServerPrice(server.base, bookingBody({ company_token: DEMO_COMPANY_TOKEN })));
    assert.equal(created.status, 201, created.text);
    const forged = lyonInParis({ country: 'Belgique', postal_code: '' });
    assertRefused(await post({ ...forged, company_token: DEMO_COMPANY_TOKEN }), 'addresses.1.lat', /code postal 69002/);
    const { company_token: _token, ...edit } = forged;
    assertRefused(await patch(created.data, edit), 'addresses.1.lat', /code postal 69002/);
  });

  it('issue 52: the carrier sees a stop’s country when it is not France', async () => {
    const geneva = withDropoff(
      bookingBody({ customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Ottilie Genevoise' } }),
      (address) => ({
        ...address,
        address_complete: 'Rue du Rhône 1, 1204 Genève',
        postal_code: '1204',
        locality: 'Genève',
        country: 'Suisse',
        lat: 46.2044,
        lng: 6.1432,
      }),
    );
    const created = await post(await withServerPrice(server.base, geneva));
    assert.equal(created.status, 201, created.text);
    const martin = await new BackOffice(server.base).signInAs(1);
    const page = (await martin.get(`/espace-transporteur/reservations/${created.data.id}`)).text;
    assert.match(page, /Rue du Rhône 1, 1204 Genève \(Suisse\)/);
    // France is not written: it is every other stop's country.
    assert.doesNotMatch(page, /10 Rue de Rivoli 75004 Paris \(France\)/);
  });

  it('an address the offline index cannot place is not refused for a homonym: overseas, or abroad', async () => {
    // 97400 Saint-Denis is on Réunion; Saint-Denis (93) is by Paris: the index knows only the latter.
    const reunion = withDropoff(bookingBody(), (address) => ({
      ...address,
      address_complete: '1 Rue de Paris, 97400 Saint-Denis, La Réunion',
      postal_code: '97400',
      locality: 'Saint-Denis',
      country: 'France',
      lat: -20.8789,
      lng: 55.4481,
    }));
    const geneva = withDropoff(bookingBody(), (address) => ({
      ...address,
      address_complete: 'Rue du Rhône 1, 1204 Genève',
      postal_code: '1204',
      locality: 'Genève',
      country: 'Suisse',
      lat: 46.2044,
      lng: 6.1432,
    }));
    for (const body of [reunion, geneva]) {
      const answer = await post(await withServerPrice(server.base, body));
      assert.equal(answer.status, 201, answer.text);
    }
  });
});
