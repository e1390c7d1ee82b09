import { expect } from '@open-wc/testing';
import { ApiClient, ApiError, newIdempotencyKey } from '../../src/services/api-client.ts';
import { buildTravelPayload } from '../../src/domain/payload/travel-payload.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { makeTravelState } from '../../src/domain/entities/travel.ts';
import { quoteRequestOfBooking } from '../../src/domain/quotes/booking-choices.ts';
import { apiBase } from './support.ts';

function payload(name = 'Marie Curie') {
  const state = makeTravelState({
    customer: { name, phone: '0612345678', email: 'marie@exemple.fr' },
    stops: [
      makeStop({
        type: 'pickup',
        address: '10 Rue de Rivoli 75004 Paris',
        lat: 48.86,
        lng: 2.35,
        geocodeResolved: true,
        index: 0,
        step: 1,
      }),
      makeStop({
        type: 'dropoff',
        address: '3 Place Bellecour 69002 Lyon',
        lat: 45.75,
        lng: 4.83,
        geocodeResolved: true,
        index: 1,
        step: 2,
      }),
    ],
    // The road Paris → Lyon a maps provider gives: the server refuses a distance below the straight line.
    fees: { transportation: { customer: { distance: 465000, duration: 16500 } } },
  });
  return buildTravelPayload(state);
}

/** The payload at the carrier's price, with its quote: what the elements send once the quote is in. */
async function quotedPayload(client: ApiClient, name = 'Marie Curie') {
  const body = payload(name);
  const quote = await client.requestQuote(quoteRequestOfBooking(body, 'wizard', null));
  const { figures } = quote;
  return {
    ...body,
    quote_id: quote.id,
    travel: {
      ...body.travel,
      price_transportation: figures.price_transportation,
      price_handling: figures.price_handling,
      price_transportation_ht: figures.price_transportation_ht,
      price_handling_ht: figures.price_handling_ht,
    },
  };
}

describe('API client against the reference server (spec §7)', () => {
  it('asks the carrier’s quote and reads it: its figures, its deadline and its signature', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    const quote = await client.requestQuote(quoteRequestOfBooking(payload(), 'wizard', null));
    expect(quote.id).to.be.a('string');
    expect(Date.parse(quote.expires_at)).to.be.greaterThan(Date.now());
    // The reference server's default: a quote holds 30 minutes (server/README.md, QUOTE_TTL_MINUTES).
    expect(quote.valid_for_seconds).to.be.within(30 * 60 - 5, 30 * 60);
    expect(quote.signature).to.match(/^[\w-]{43}$/);
    expect(quote.figures.price_transportation).to.be.greaterThan(0);
  });

  it('a price that is not the carrier’s is a 409 whose new quote the client can read, and whose message says so', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    let failure: unknown;
    try {
      await client.createTravel(payload(), newIdempotencyKey());
    } catch (error) {
      failure = error;
    }
    expect((failure as ApiError).status).to.equal(409);
    expect((failure as ApiError).message).to.equal(
      'Le prix envoyé n’est pas celui du transporteur : vérifiez le prix, puis enregistrez à nouveau.',
    );
    expect((failure as ApiError).body).to.have.nested.property('quote.figures.price_transportation');
  });

  it('S067 S136 creates a booking and reads back id and token', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    const created = await client.createTravel(await quotedPayload(client), newIdempotencyKey());
    expect(created.id).to.be.a('number');
    expect(created.token).to.have.length(43);
  });

  it('S067 S122 S137 updates with the token; a wrong token fails, saying the booking was not found', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    const created = await client.createTravel(await quotedPayload(client), newIdempotencyKey());
    await client.updateTravel(created.id, created.token, await quotedPayload(client, 'Pierre Curie'));
    const reread = await client.fetchTravel(created.id, created.token);
    expect((reread as unknown as { customer: { name: string } }).customer.name).to.equal('Pierre Curie');
    let failure: unknown;
    try {
      await client.updateTravel(created.id, 'mauvais-jeton', payload());
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(ApiError);
    expect((failure as ApiError).status).to.equal(404);
    expect((failure as ApiError).message).to.equal('Réservation introuvable\u00a0: le lien a peut-être expiré.');
  });

  it('a retry with the same idempotency key makes one booking', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    const key = newIdempotencyKey();
    const body = await quotedPayload(client);
    const first = await client.createTravel(body, key);
    const retry = await client.createTravel(body, key);
    expect(retry).to.deep.equal(first);
  });

  it('S146 a network failure says the server does not answer', async () => {
    const client = new ApiClient({ apiBase: 'http://127.0.0.1:9' });
    let failure: unknown;
    try {
      await client.createTravel(payload(), newIdempotencyKey());
    } catch (error) {
      failure = error;
    }
    expect((failure as ApiError).message).to.equal('Le serveur ne répond pas\u00a0: vérifiez votre connexion.');
    expect((failure as ApiError).status).to.equal(null);
  });

  it('each refusal says in French what happened: a field, a duplicate, too big, impossible figures, too many requests, a server fault, an odd answer', async () => {
    // Answers as the reference server writes them, given through the client's injected fetch.
    const answer =
      (status: number, body: unknown, headers: Record<string, string> = {}) =>
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    const failureOf = async (fetchImpl: typeof fetch) => {
      try {
        await new ApiClient({ apiBase: 'http://api.test', fetchImpl }).createTravel(payload(), newIdempotencyKey());
      } catch (error) {
        return error as ApiError;
      }
      throw new Error('the call should fail');
    };
    const cases: [typeof fetch, number, string][] = [
      [
        answer(400, { error: 'Requête invalide', fields: [{ path: 'customer.email', message: 'Invalid email' }] }),
        400,
        'Le serveur a refusé la demande\u00a0: une donnée n’est pas dans le format attendu.',
      ],
      [
        answer(409, { error: 'Cette réservation est déjà en cours d’enregistrement' }),
        409,
        'Cette réservation est déjà en cours d’enregistrement.',
      ],
      [answer(413, { error: 'Requête trop volumineuse' }), 413, 'La réservation est trop volumineuse pour le serveur.'],
      [answer(422, { error: 'Chiffres impossibles dans la réservation' }), 422, 'Chiffres impossibles dans la réservation.'],
      [
        answer(429, { error: 'Trop de requêtes' }, { 'retry-after': '30' }),
        429,
        'Trop de demandes en peu de temps\u00a0: réessayez dans 30\u00a0secondes.',
      ],
      [answer(503, { error: 'Erreur interne du serveur' }), 503, 'Le serveur a rencontré un problème.'],
      [answer(201, { identifier: 12 }), 201, 'Le serveur a répondu de façon inattendue.'],
    ];
    for (const [fetchImpl, status, message] of cases) {
      const failure = await failureOf(fetchImpl);
      expect(failure, `answer ${status}`).to.be.instanceOf(ApiError);
      expect(failure.status).to.equal(status);
      expect(failure.message).to.equal(message);
    }
  });

  it('S139 S157 only the latest search answers; a failed search logs and gives an empty list', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    const [superseded, latest] = await Promise.all([client.searchItems('canap'), client.searchItems('réfrigérateur')]);
    expect(superseded).to.equal(null);
    expect(latest?.[0]?.name).to.equal('Réfrigérateur');
    const logged: string[] = [];
    const broken = new ApiClient({ apiBase: 'http://127.0.0.1:9', log: (message) => logged.push(message) });
    expect(await broken.searchItems('table')).to.deep.equal([]);
    expect(logged).to.deep.equal(['Recherche impossible (items)']);
  });

  it('S140 S141 saved places, contacts and (issue 52) customers of the company', async () => {
    const client = new ApiClient({ apiBase: await apiBase() });
    const places = await client.searchPlaces('tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6', 'siège');
    expect(places?.map((place) => place.label)).to.deep.equal(['Siège Paris 8e']);
    const contacts = await client.searchContacts('tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6', 'nadia');
    expect(contacts?.[0]).to.include({ name: 'Nadia Haddad', phone_number: '0622334455' });
    const customers = await client.searchCustomers('tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6', 'durand');
    expect(customers?.map((customer) => [customer.name, customer.reference])).to.deep.equal([['Boulangerie Durand', 'CLI-0042']]);
  });

  it('S158 a company and saved places whose back end sends nulls are read with the spec’s fallbacks', async () => {
    const place = {
      id: 3,
      label: null,
      address_complete: '1 Rue de la Paix 75002 Paris',
      lat: 48.87,
      lng: 2.33,
      floor_nb: null,
      notes: null,
    };
    const answers: Record<string, unknown> = {
      '/api/v1/companies/t': { company_mode: true, vat: null, currency_symbol: null, places: [place], customer: null },
      '/api/v1/companies/t/places?q=Paix': [place],
    };
    const fetchImpl = (input: RequestInfo | URL) =>
      Promise.resolve(Response.json(answers[new URL(String(input)).pathname + new URL(String(input)).search]));
    const client = new ApiClient({ apiBase: 'http://carrier.invalid', fetchImpl: fetchImpl as typeof fetch });
    const company = await client.fetchCompany('t');
    // Spec §9: VAT 20 %, currency symbol E; §3: a floor defaults to the street (-1).
    expect([company.company_mode, company.vat, company.currency_symbol, company.places[0]?.floor_nb]).to.deep.equal([true, 0.2, 'E', -1]);
    const places = await client.searchPlaces('t', 'Paix');
    expect((places ?? []).map((saved) => [saved.id, saved.notes, saved.floor_nb])).to.deep.equal([[3, '', -1]]);
  });
});
