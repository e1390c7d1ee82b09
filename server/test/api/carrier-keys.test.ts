// One server, many carriers (DESIGN §7, issue 42): a page that carries a carrier's public key
// (the elements' carrier-key, sent as X-Carrier-Key) is priced on that carrier's records, its
// bookings reach that carrier's back office and webhooks and no other; nothing of another
// carrier is reachable through a key, forged keys and other sites are refused, and each
// carrier's public pages have quotas and rate limits of their own.
import assert from 'node:assert/strict';
import type { TravelPayload } from 'transport-quote-wizard/domain';
import { after, before, describe, it } from 'node:test';
import { bookingBody, HANDLING_CENTS, PARIS, LYON } from './booking-body.ts';
import { cents, handlingEuros, publicTransportEuros } from './spec-prices.ts';
import {
  BUILT_DOMAIN,
  DATABASE_NAME,
  DEMO_COMPANY_TOKEN,
  type Domain,
  OTHER_COMPANY_TOKEN,
  json,
  startServer,
  MARTIN_KEY,
} from './support.ts';
import { BackOffice, registerEndpoint, startReceiver, waitFor } from './webhook-receiver.ts';

/** The demo carriers' public keys (published like their tokens: demo/companies.ts). */
export const DUPONT_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';
/** Dupont's own handling rates, set below: a moving costs it 40 € an hour and a handler, not the spec's 30. */
const DUPONT_RATES = { standard: 22, moving: 40 };

const keyed = (key, headers = {}) => ({ ...(key ? { 'x-carrier-key': key } : {}), ...headers });

/** The choices of a booking body, quoted with a key, and the body carrying that quote's figures. */
async function pricedWith(base, body, key) {
  const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
  const quote = await json(base, 'POST', '/api/v1/quotes', { body: quoteRequestOfBooking(body, 'wizard', null), headers: keyed(key) });
  assert.equal(quote.status, 201, quote.text);
  const figures = quote.data.figures;
  return {
    figures,
    body: {
      ...body,
      quote_id: quote.data.id,
      travel: {
        ...body.travel,
        price_transportation: figures.price_transportation,
        price_handling: figures.price_handling,
        price_transportation_ht: figures.price_transportation_ht,
        price_handling_ht: figures.price_handling_ht,
      },
    },
  };
}

async function setDupontRates(server) {
  const [row] = await server.query('SELECT store_json FROM companies WHERE id = 2');
  const store = { ...JSON.parse(row.store_json), handling_rates: DUPONT_RATES };
  await server.query('UPDATE companies SET store_json = ? WHERE id = 2', [JSON.stringify(store)]);
}

describe(`carrier keys on ${DATABASE_NAME}: each carrier’s public pages, priced and kept apart`, () => {
  let server;
  let receiver;
  before(async () => {
    server = await startServer(undefined, 0, { OUTBOX_POLL_MS: '100', OUTBOX_FIRST_RETRY_MS: '200', WEBHOOK_ALLOW_LOOPBACK: '1' });
    await setDupontRates(server);
    receiver = await startReceiver();
  });
  after(async () => {
    await server?.stop();
    if (receiver?.server) await receiver.close();
  });

  it('gives a page its carrier’s public data, and nothing private: no token, place, contact or customer', async () => {
    const martin = await json(server.base, 'GET', '/api/v1/carrier', { headers: keyed(MARTIN_KEY) });
    assert.equal(martin.status, 200, martin.text);
    assert.equal(martin.data.transportation_company.name, 'Transports Martin & Fils');
    assert.equal(martin.data.transportation_company.siret, '81234567800013');
    assert.equal(martin.data.company_mode, false);
    assert.equal(martin.data.company_token, null);
    assert.deepEqual([martin.data.places, martin.data.contacts, martin.data.customers, martin.data.driver_pools], [[], [], [], []]);
    assert.ok(!martin.text.includes(DEMO_COMPANY_TOKEN));
    const dupont = await json(server.base, 'GET', '/api/v1/carrier', { headers: keyed(DUPONT_KEY) });
    assert.equal(dupont.data.transportation_company.name, 'Déménagements Dupont');
    assert.deepEqual(dupont.data.handling_rates, DUPONT_RATES);
    // The key is not a company token: the company routes do not know it.
    for (const path of [
      `/api/v1/companies/${MARTIN_KEY}`,
      `/api/v1/companies/${MARTIN_KEY}/places`,
      `/api/v1/companies/${MARTIN_KEY}/contacts`,
    ])
      assert.equal((await json(server.base, 'GET', path)).status, 404, path);
  });

  it('announces no deposit on a server that takes no payment online, whatever the carrier set (issue 55, point 4)', async () => {
    await server.query(
      "INSERT INTO deposit_settings (company_id, kind, percent, amount_cents, due, updated_at) VALUES (1, 'percent', 30, NULL, 'devis_accepted', ?)",
      [new Date().toISOString()],
    );
    try {
      assert.equal((await json(server.base, 'GET', '/api/v1/carrier', { headers: keyed(MARTIN_KEY) })).data.deposit, null);
      assert.equal((await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}`)).data.deposit, null);
    } finally {
      await server.query('DELETE FROM deposit_settings WHERE company_id = 1');
    }
  });

  it('refuses a malformed key (400) and an unknown one (403), in French; without a key, answers the company the keyless pages belong to (issue 55)', async () => {
    const malformed = await json(server.base, 'GET', '/api/v1/carrier', { headers: keyed('tqw_pk_<script>') });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.data.fields[0].path, 'x-carrier-key');
    const forged = `tqw_pk_${'A'.repeat(32)}`;
    for (const [method, path, body] of <[string, string, object?][]>[
      ['GET', '/api/v1/carrier'],
      ['POST', '/api/v1/quotes', {}],
      ['POST', '/api/v1/travels', bookingBody()],
    ]) {
      const answer = await json(server.base, method, path, { headers: keyed(forged), ...(body ? { body } : {}) });
      assert.equal(answer.status, 403, `${method} ${path}`);
      assert.match(answer.data.error, /Clé de transporteur inconnue ou remplacée/);
    }
    // The keyless pages are Martin's (PUBLIC_COMPANY_ID 1 in the demo): the same data as its key's pages.
    const none = await json(server.base, 'GET', '/api/v1/carrier');
    assert.equal(none.status, 200);
    assert.deepEqual(none.data, (await json(server.base, 'GET', '/api/v1/carrier', { headers: keyed(MARTIN_KEY) })).data);
    assert.equal(Number((await server.query('SELECT COUNT(*) AS n FROM travels'))[0].n), 0);
  });

  it('prices a quote on the carrier of the key: Dupont’s own hourly rate, Martin’s and the keyless pages’ the spec’s', async () => {
    const transport = cents(publicTransportEuros([PARIS, LYON]));
    const keyless = await pricedWith(server.base, bookingBody(), undefined);
    assert.equal(keyless.figures.price_handling, HANDLING_CENTS);
    const martin = await pricedWith(server.base, bookingBody(), MARTIN_KEY);
    assert.equal(martin.figures.price_handling, cents(handlingEuros({ hours: 2, persons: 2, moving: true })));
    const dupont = await pricedWith(server.base, bookingBody(), DUPONT_KEY);
    // 2 handlers for 2 hours at Dupont's 40 € (a sofa is a moving), VAT 20 %.
    assert.equal(dupont.figures.price_handling, Math.round(2 * 2 * DUPONT_RATES.moving * 1.2) * 100);
    for (const quote of [keyless, martin, dupont]) assert.equal(quote.figures.price_transportation, transport);
  });

  it('books on the key’s carrier: in its back office and its webhooks, in no other', async () => {
    const dupontOffice = await new BackOffice(server.base).signInAs(2);
    const martinOffice = await new BackOffice(server.base).signInAs(1);
    await registerEndpoint(dupontOffice, `${receiver.url}?pour=dupont`, 'entreprise');
    await registerEndpoint(martinOffice, `${receiver.url}?pour=martin-public`, 'public');
    await registerEndpoint(martinOffice, `${receiver.url}?pour=martin`, 'entreprise');

    const { body } = await pricedWith(server.base, bookingBody(), DUPONT_KEY);
    const created = await json(server.base, 'POST', '/api/v1/travels', { body, headers: keyed(DUPONT_KEY) });
    assert.equal(created.status, 201, created.text);
    const [row] = await server.query('SELECT company_id, carrier_id, price_source FROM travels WHERE id = ?', [created.data.id]);
    assert.deepEqual([row.company_id, Number(row.carrier_id), row.price_source], [null, 2, 'quote']);

    const dupontList = BackOffice.listedIds((await dupontOffice.get('/espace-transporteur/reservations')).text);
    assert.ok(dupontList.includes(created.data.id), 'dans l’espace de Dupont');
    // Martin sees the keyless public pages' bookings (PUBLIC_COMPANY_ID), never a page of Dupont's.
    const martinList = BackOffice.listedIds((await martinOffice.get('/espace-transporteur/reservations')).text);
    assert.ok(!martinList.includes(created.data.id), 'absente de l’espace de Martin');
    assert.equal((await martinOffice.get(`/espace-transporteur/reservations/${created.data.id}`)).status, 404);
    assert.equal((await dupontOffice.get(`/espace-transporteur/reservations/${created.data.id}`)).status, 200);

    await waitFor(() => receiver.createdIds().has(created.data.id), 'l’événement de la réservation chez Dupont');
    const deliveries = receiver.received.filter((delivery) => delivery.event?.data?.booking?.id === created.data.id);
    assert.deepEqual(
      deliveries.map((delivery) => delivery.path),
      ['/webhooks/reservations?pour=dupont'],
    );
  });

  it('keeps one carrier’s key away from another’s bookings: read, change and devis answer as for an unknown booking', async () => {
    const { body } = await pricedWith(server.base, bookingBody(), DUPONT_KEY);
    const created = await json(server.base, 'POST', '/api/v1/travels', { body, headers: keyed(DUPONT_KEY) });
    const { id, token } = created.data;
    const read = (key) => json(server.base, 'GET', `/api/v1/travels/${id}?token=${token}`, key ? { headers: keyed(key) } : {});
    assert.equal((await read(MARTIN_KEY)).status, 404);
    assert.equal((await read(DUPONT_KEY)).status, 200);
    // The edit link alone (the e-mail's) still opens it.
    assert.equal((await read(null)).status, 200);
    const edit = await json(server.base, 'PATCH', `/api/v1/travels/${id}?token=${token}`, { body, headers: keyed(MARTIN_KEY) });
    assert.equal(edit.status, 404);
    const [row] = await server.query('SELECT updated_at, created_at FROM travels WHERE id = ?', [id]);
    assert.equal(row.updated_at, row.created_at, 'rien n’a changé');
    assert.equal(
      (await json(server.base, 'PATCH', `/api/v1/travels/${id}?token=${token}`, { body, headers: keyed(DUPONT_KEY) })).status,
      200,
    );
  });

  it('tells the edit link which carrier’s page made the booking: its key as it is today, the keyless pages’ company’s for theirs, none for an intranet’s (issue 55)', async () => {
    const { body } = await pricedWith(server.base, bookingBody(), DUPONT_KEY);
    const keyedBooking = await json(server.base, 'POST', '/api/v1/travels', { body, headers: keyed(DUPONT_KEY) });
    const read = async ({ id, token }) => (await json(server.base, 'GET', `/api/v1/travels/${id}?token=${token}`)).data;
    // The e-mail's edit page names no carrier: the booking names it, so the page prices and shows it as Dupont's page did.
    assert.equal((await read(keyedBooking.data)).carrier_key, DUPONT_KEY);
    // A key replaced since (Réglages, Intégrer): the booking reopens with the new one, which Dupont's pages now carry.
    const dupontOffice = await new BackOffice(server.base).signInAs(2);
    const replaced = await dupontOffice.post('/espace-transporteur/reglages/integration/cle', {});
    assert.equal(replaced.status, 303, replaced.text);
    const [{ public_key: newKey }] = await server.query('SELECT public_key FROM companies WHERE id = 2');
    assert.notEqual(newKey, DUPONT_KEY);
    assert.equal((await read(keyedBooking.data)).carrier_key, newKey);
    // Put back for the tests after this one, which quote with the published demo key.
    await server.query('UPDATE companies SET public_key = ? WHERE id = 2', [DUPONT_KEY]);
    // The keyless public pages' booking names the key of the company they belong to (Martin's):
    // its edit page is Martin's page, which opens it; Dupont's page does not.
    const publicPriced = await pricedWith(server.base, bookingBody(), null);
    const publicBooking = await json(server.base, 'POST', '/api/v1/travels', { body: publicPriced.body });
    assert.equal(publicBooking.status, 201, publicBooking.text);
    assert.equal((await read(publicBooking.data)).carrier_key, MARTIN_KEY);
    const travelUrl = `/api/v1/travels/${publicBooking.data.id}?token=${publicBooking.data.token}`;
    assert.equal((await json(server.base, 'GET', travelUrl, { headers: keyed(MARTIN_KEY) })).status, 200);
    assert.equal((await json(server.base, 'GET', travelUrl, { headers: keyed(DUPONT_KEY) })).status, 404);
    // A company's intranet booking names no key.
    const companyBooking = await json(server.base, 'POST', '/api/v1/travels', {
      body: { ...publicPriced.body, company_token: DEMO_COMPANY_TOKEN },
    });
    assert.equal(companyBooking.status, 201, companyBooking.text);
    assert.equal((await read(companyBooking.data)).carrier_key, undefined);
  });

  it('refuses a quote of one carrier presented on another’s page, and a key with another carrier’s company token', async () => {
    // Martin's quote (the spec's rates) sent on Dupont's page: Dupont's price is not that one.
    const { body } = await pricedWith(server.base, bookingBody(), MARTIN_KEY);
    const crossed = await json(server.base, 'POST', '/api/v1/travels', { body, headers: keyed(DUPONT_KEY) });
    assert.equal(crossed.status, 409);
    assert.equal(crossed.data.quote.figures.price_handling, Math.round(2 * 2 * DUPONT_RATES.moving * 1.2) * 100);
    const mixed = await json(server.base, 'POST', '/api/v1/travels', {
      body: { ...body, company_token: OTHER_COMPANY_TOKEN },
      headers: keyed(MARTIN_KEY),
    });
    assert.equal(mixed.status, 403);
    assert.match(mixed.data.error, /pas ceux du même transporteur/);
    const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
    const quote = await json(server.base, 'POST', '/api/v1/quotes', {
      body: { ...quoteRequestOfBooking(bookingBody() as TravelPayload, 'wizard', null), company_token: DEMO_COMPANY_TOKEN },
      headers: keyed(DUPONT_KEY),
    });
    assert.equal(quote.status, 403);
  });

  it('accepts a carrier’s pages only from the sites it lists, and names the site in the CORS answer', async () => {
    await server.query('UPDATE companies SET allowed_origins_json = ? WHERE id = 1', [
      JSON.stringify(['https://www.transports-martin.example']),
    ]);
    try {
      const from = (origin) => json(server.base, 'GET', '/api/v1/carrier', { headers: keyed(MARTIN_KEY, origin ? { origin } : {}) });
      const elsewhere = await from('https://copie-du-site.example');
      assert.equal(elsewhere.status, 403);
      assert.match(elsewhere.data.error, /pas autorisé à utiliser la clé/);
      const own = await from('https://www.transports-martin.example');
      assert.equal(own.status, 200);
      assert.equal(own.headers.get('access-control-allow-origin'), 'https://www.transports-martin.example');
      assert.match(own.headers.get('vary') ?? '', /Origin/);
      // The server's own test page, and a program without Origin, are not a foreign page.
      assert.equal((await from(server.base)).status, 200);
      assert.equal((await from(null)).status, 200);
      // Dupont lists no site: any page may carry its key.
      assert.equal(
        (await json(server.base, 'GET', '/api/v1/carrier', { headers: keyed(DUPONT_KEY, { origin: 'https://x.example' }) })).status,
        200,
      );
    } finally {
      await server.query("UPDATE companies SET allowed_origins_json = '[]' WHERE id = 1");
    }
  });

  it('fills Martin’s days with the keyless pages’ bookings too, which are its: its daily capacity of 1 bites on both (issue 55)', async () => {
    const [{ store_json: store }] = await server.query('SELECT store_json FROM companies WHERE id = 1');
    const { defaultTariff }: Domain = await import(BUILT_DOMAIN);
    await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [
      JSON.stringify({ ...JSON.parse(store), tariff: { ...defaultTariff(), daily_capacity: 1 } }),
    ]);
    try {
      const keyless = await json(server.base, 'POST', '/api/v1/travels', {
        body: (await pricedWith(server.base, bookingBody(), null)).body,
      });
      assert.equal(keyless.status, 201, keyless.text);
      await server.query("UPDATE travels SET state = 'accepted' WHERE id = ?", [keyless.data.id]);
      const full = 'Le transporteur est complet ce jour-là\u00a0: choisissez une autre date.';
      for (const key of [MARTIN_KEY, null]) {
        const { body } = await pricedWith(server.base, bookingBody(), key);
        const refused = await json(server.base, 'POST', '/api/v1/travels', { body, headers: keyed(key) });
        assert.equal(refused.status, 422, refused.text);
        assert.deepEqual(refused.data.fields, [{ path: 'travel.beginning_date', message: full }]);
      }
      // Dupont's pages are not Martin's: its day stays open.
      const dupont = await json(server.base, 'POST', '/api/v1/travels', {
        body: (await pricedWith(server.base, bookingBody(), DUPONT_KEY)).body,
        headers: keyed(DUPONT_KEY),
      });
      assert.equal(dupont.status, 201, dupont.text);
      await server.query("UPDATE travels SET state = 'refused' WHERE id = ?", [keyless.data.id]);
    } finally {
      await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [store]);
    }
  });
});

describe(`carrier keys on ${DATABASE_NAME}: one carrier’s flood spends only its own budgets`, () => {
  let server;
  before(async () => {
    server = await startServer(undefined, 0, {
      // Each carrier's public pages: room for a few bookings, and 5 quotes a minute; addresses far above.
      QUOTA_PUBLIC_BYTES: String(12 * 1024),
      QUOTA_PUBLIC_BYTES_PER_ADDRESS: String(10 * 1024 * 1024),
      RATE_QUOTES_PER_MINUTE_PER_COMPANY: '5',
    });
  });
  after(async () => {
    await server?.stop();
  });

  it('fills Martin’s public quota (507) while Dupont’s pages and the keyless pages still book', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(507); i += 1)
      statuses.push((await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody(), headers: keyed(MARTIN_KEY) })).status);
    assert.ok(statuses.includes(201) && statuses.at(-1) === 507, statuses.join(' '));
    const refused = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody(), headers: keyed(MARTIN_KEY) });
    assert.match(refused.data.error, /stockage des réservations publiques du transporteur/);
    await setDupontRates(server);
    const { body } = await pricedWith(server.base, bookingBody(), DUPONT_KEY);
    assert.equal((await json(server.base, 'POST', '/api/v1/travels', { body, headers: keyed(DUPONT_KEY) })).status, 201);
    assert.equal((await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).status, 201);
  });

  it('spends Martin’s quotes a minute (429) while Dupont’s pages still get theirs', async () => {
    const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
    const request = quoteRequestOfBooking(bookingBody() as TravelPayload, 'wizard', null);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await json(server.base, 'POST', '/api/v1/quotes', { body: request, headers: keyed(MARTIN_KEY) })).status);
    assert.ok(statuses.includes(429), statuses.join(' '));
    assert.equal((await json(server.base, 'POST', '/api/v1/quotes', { body: request, headers: keyed(DUPONT_KEY) })).status, 201);
  });
});
