// The carrier's webhooks end to end, with a receiver started by the test: every event of a
// booking (created, updated, accepted, refused) arrives once per delivery, signed, carrying the
// booking's public fields and never a token; a receiver that was down gets them once it is
// back; a server killed during a burst of bookings delivers, once restarted, the event of every
// booking it acknowledged; only public addresses are called unless loopback is allowed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { bookingBody, FIXTURE_START } from './booking-body.ts';
import { publishedContract } from './contract.ts';
import { DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, startServer, DATABASE_KIND, DATABASE_NAME, tempDatabase } from './support.ts';
import { BackOffice, registerEndpoint, startReceiver, validSignature, waitFor } from './webhook-receiver.ts';

const METRICS_TOKEN = 'jeton-de-supervision-0123456789';
/** The deliveries waiting, as Prometheus reads them. */
async function backlog(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^tqw_webhook_backlog (\d+)$/m.exec(text)?.[1]);
}

/** Quick retries and short timeouts, so a receiver that comes back is served in a second. */
const FAST_OUTBOX = { OUTBOX_FIRST_RETRY_MS: '200', OUTBOX_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_ALLOW_LOOPBACK: '1' };

const book = async (base, overrides = {}) => {
  const created = await json(base, 'POST', '/api/v1/travels', { body: bookingBody(overrides) });
  assert.equal(created.status, 201, created.text);
  return created.data;
};

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Every key of a JSON value, at any depth. */
const keysOf = (value) =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]) : [];

describe(`webhooks on ${DATABASE_NAME}: signed, once per delivery, never lost`, () => {
  let server;
  let receiver;
  let martin;
  let publicSecret;
  let companySecret;

  before(async () => {
    server = await startServer(undefined, 0, { ...FAST_OUTBOX, METRICS_TOKEN });
    receiver = await startReceiver();
    martin = await new BackOffice(server.base).signInAs(1);
    // Company 1 sees the public pages' bookings: it registers an endpoint for them and one for its own.
    ({ secret: publicSecret } = await registerEndpoint(martin, `${receiver.url}?pour=public`, 'public'));
    ({ secret: companySecret } = await registerEndpoint(martin, `${receiver.url}?pour=entreprise`, 'entreprise'));
  });
  after(async () => {
    await server?.stop();
    if (receiver.server) await receiver.close();
  });

  it('delivers booking.created, .updated, .accepted and .refused once each, signed, with the public fields and the contacts to text, never a token', async () => {
    const kept = await book(server.base);
    const edited = bookingBody({ customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Marie Curie-Joliot' } });
    assert.equal((await json(server.base, 'PATCH', `/api/v1/travels/${kept.id}?token=${kept.token}`, { body: edited })).status, 200);
    await martin.get(`/espace-transporteur/reservations/${kept.id}`);
    assert.equal((await martin.post(`/espace-transporteur/reservations/${kept.id}/accepter`)).status, 303);
    const refused = await book(server.base);
    await martin.get(`/espace-transporteur/reservations/${refused.id}`);
    assert.equal(
      (await martin.post(`/espace-transporteur/reservations/${refused.id}/refuser`, { motif: 'Complet ce jour-là.' })).status,
      303,
    );
    const own = await book(server.base, { company_token: DEMO_COMPANY_TOKEN });
    const dupont = await book(server.base, { company_token: OTHER_COMPANY_TOKEN });

    const expected = [
      [kept.id, 'booking.created', 'public'],
      [kept.id, 'booking.updated', 'public'],
      [kept.id, 'booking.accepted', 'public'],
      [refused.id, 'booking.created', 'public'],
      [refused.id, 'booking.refused', 'public'],
      [own.id, 'booking.created', 'entreprise'],
    ];
    const mine = () =>
      receiver.received.filter((delivery) => [kept.id, refused.id, own.id, dupont.id].includes(delivery.event?.data.booking.id));
    await waitFor(() => mine().length >= expected.length, `${expected.length} événements`);
    // Settled: nothing more comes (a duplicate would arrive within a few polls).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const deliveries = mine();
    assert.deepEqual(
      deliveries
        .map((delivery) => [
          delivery.event.data.booking.id,
          delivery.event.type,
          new URL(delivery.path, 'http://x').searchParams.get('pour'),
        ])
        .sort(),
      expected.map((entry) => [...entry]).sort(),
      'each event once, to the endpoints of its owner only (company 2’s booking to none of company 1’s)',
    );
    // The body as the contract publishes it (OpenAPI webhooks, components.schemas.BookingEvent): nothing missing, nothing more.
    const contract = await publishedContract(server.base);
    assert.equal(
      contract.document.webhooks.evenementReservation.post.requestBody.content['application/json'].schema.$ref,
      '#/components/schemas/BookingEvent',
    );
    const validEvent = contract.validator('BookingEvent', { $ref: '#/components/schemas/BookingEvent' });
    for (const delivery of deliveries) {
      assert.ok(validEvent(delivery.event), `${delivery.event.type}: ${JSON.stringify(validEvent.errors?.slice(0, 3))}`);
      const secret = delivery.path.includes('pour=public') ? publicSecret : companySecret;
      assert.ok(validSignature(secret, delivery.headers, delivery.body), `signature of ${delivery.event.type}`);
      assert.ok(!validSignature(secret === publicSecret ? companySecret : publicSecret, delivery.headers, delivery.body));
      assert.equal(delivery.headers['x-tqw-event-id'], delivery.event.id);
      assert.equal(delivery.headers['x-tqw-event-type'], delivery.event.type);
      assert.match(delivery.event.id, /^evt_[\w-]{22}$/);
      assert.equal(delivery.headers['content-type'], 'application/json');
      assert.ok(Math.abs(Number(delivery.headers['x-tqw-timestamp']) - Date.now() / 1000) < 60);
      assert.ok(!Number.isNaN(Date.parse(delivery.event.created_at)));
      // Never a token: neither the booking's nor a company's, nor their hashes, nor a field named so.
      for (const secretText of [kept.token, refused.token, own.token, DEMO_COMPANY_TOKEN, sha256(kept.token), sha256(own.token)])
        assert.ok(!delivery.body.includes(secretText), `${delivery.event.type} carries a token`);
      assert.ok(
        !keysOf(delivery.event).some((key) => /token/i.test(key)),
        keysOf(delivery.event)
          .filter((key) => /token/i.test(key))
          .join(),
      );
      assert.ok(!('store_serialized' in delivery.event.data.booking));
    }
    const byType = (id, type) => deliveries.find((delivery) => delivery.event.data.booking.id === id && delivery.event.type === type).event;
    assert.equal(byType(kept.id, 'booking.created').data.booking.state, 'new');
    assert.equal(byType(kept.id, 'booking.updated').data.booking.customer.name, 'Marie Curie-Joliot');
    assert.equal(byType(kept.id, 'booking.accepted').data.booking.state, 'accepted');
    const refusal = byType(refused.id, 'booking.refused').data.booking;
    assert.deepEqual([refusal.state, refusal.refusal_reason], ['refused', 'Complet ce jour-là.']);
    const created = byType(kept.id, 'booking.created').data;
    assert.equal(created.booking.addresses[0].address_complete, '10 Rue de Rivoli 75004 Paris');
    assert.equal(created.booking.travel.travel_id, kept.id);
    assert.equal(created.booking.made_by_company, false);
    // The contact who asked for an SMS (spec: notify), with the stop they are at: for the carrier's SMS provider.
    assert.deepEqual(created.sms_contacts, [
      {
        name: 'Gardien',
        phone_number: '0611223344',
        step: 1,
        address: '10 Rue de Rivoli 75004 Paris',
        arrival_earliest: FIXTURE_START,
      },
    ]);
  });

  it('takes an address once for the same bookings, and for both when company 1 asks (its intranet’s and the public site’s)', async () => {
    await martin.get('/espace-transporteur/webhooks');
    const again = await martin.post('/espace-transporteur/webhooks', { url: `${receiver.url}?pour=public`, portee: 'public' });
    assert.equal(again.status, 422);
    assert.match(again.text, /Cette adresse reçoit déjà ces événements\./);
    const page = await martin.get('/espace-transporteur/webhooks');
    assert.equal(page.text.match(/class="card endpoint"/g).length, 2);
    assert.match(page.text, /Réservations du site public/);
    assert.match(page.text, /Réservations de l’intranet/);
  });

  it('keeps the events while the receiver is down and delivers them once it is back', async () => {
    await receiver.close();
    const bookings = [await book(server.base), await book(server.base), await book(server.base)];
    const ids = bookings.map((created) => created.id);
    // Down for a while: each delivery has failed at least twice before the receiver comes back.
    await waitFor(async () => {
      const rows = await server.query(
        `SELECT d.attempts, d.last_error FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.travel_id IN (${ids.join(',')})`,
      );
      return rows.length === 3 && rows.every((row) => Number(row.attempts) >= 2 && row.last_error);
    }, 'deux essais manqués par livraison');
    const page = await martin.get('/espace-transporteur/webhooks');
    assert.match(page.text, /Nouvel essai/);
    assert.equal(await backlog(server.base), 3, 'tqw_webhook_backlog while the receiver is down');
    await receiver.open();
    await waitFor(() => ids.every((id) => receiver.createdIds().has(id)), 'les événements après le retour du récepteur');
    await waitFor(async () => {
      const rows = await server.query(
        `SELECT d.state FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.travel_id IN (${ids.join(',')})`,
      );
      return rows.every((row) => row.state === 'delivered');
    }, 'livraisons marquées livrées');
    assert.equal(await backlog(server.base), 0);
  });

  it('shows each endpoint’s recent deliveries and sends one again, with the same event id, when asked', async () => {
    const created = await book(server.base);
    await waitFor(() => receiver.createdIds().has(created.id), 'la livraison');
    const event = receiver.received.find(
      (delivery) => delivery.event.type === 'booking.created' && delivery.event.data.booking.id === created.id,
    );
    const page = await martin.get('/espace-transporteur/webhooks');
    assert.match(page.text, /Livrée<\/span> \(HTTP 200\)/);
    assert.match(page.text, /Réservation créée/);
    const row = page.text.split('<tr>').find((part) => part.includes(event.event.id));
    const deliveryId = /\/webhooks\/livraisons\/(\d+)\/renvoyer/.exec(row)![1];
    const resent = await martin.post(`/espace-transporteur/webhooks/livraisons/${deliveryId}/renvoyer`);
    assert.equal(resent.status, 303);
    await waitFor(() => receiver.deliveriesOf(event.event.id).length === 2, 'le renvoi');
    const [first, second] = receiver.deliveriesOf(event.event.id);
    assert.equal(second.body, first.body, 'the same event, byte for byte');
    assert.ok(validSignature(publicSecret, second.headers, second.body));
    // Another company's session cannot resend it.
    const dupont = await new BackOffice(server.base).signInAs(2);
    assert.equal((await dupont.post(`/espace-transporteur/webhooks/livraisons/${deliveryId}/renvoyer`)).status, 404);
  });

  it('removes an endpoint only from its owner’s back office; a removed endpoint gets nothing more', async () => {
    const spare = await startReceiver();
    try {
      await registerEndpoint(martin, spare.url, 'public');
      const page = await martin.get('/espace-transporteur/webhooks');
      const card = page.text.split('<section class="card endpoint"').find((part) => part.includes(`>${spare.url}</h2>`));
      const endpointId = /\/webhooks\/(\d+)\/supprimer/.exec(card)![1];
      const dupont = await new BackOffice(server.base).signInAs(2);
      assert.equal((await dupont.post(`/espace-transporteur/webhooks/${endpointId}/supprimer`)).status, 404);
      const before = await book(server.base);
      await waitFor(() => spare.createdIds().has(before.id), 'un événement avant la suppression');
      await martin.get('/espace-transporteur/webhooks');
      const removed = await martin.post(`/espace-transporteur/webhooks/${endpointId}/supprimer`);
      assert.equal(removed.status, 303);
      assert.doesNotMatch(
        (await martin.get('/espace-transporteur/webhooks')).text,
        new RegExp(`>${spare.url.replace(/[.?]/g, '\\$&')}</h2>`),
      );
      const after = await book(server.base);
      await waitFor(() => receiver.createdIds().has(after.id), 'l’événement suivant, à l’autre point de réception');
      assert.ok(!spare.createdIds().has(after.id));
    } finally {
      await spare.close();
    }
  });

  it('writes no endpoint secret, booking token nor receiver address in its log', async () => {
    for (const secret of [publicSecret, companySecret, receiver.url, `127.0.0.1:${receiver.port}`])
      assert.ok(!server.logs.includes(secret), `the log holds ${secret}`);
    assert.match(server.logs, /webhook : livraison \d+ \(essai \d+\) échouée : connexion refusée ; nouvel essai à /);
  });

  it('follows a 307 to another public address, but never to a private one', async () => {
    const landing = await startReceiver();
    const redirecting = await startReceiver({ status: 307 });
    try {
      const office = await new BackOffice(server.base).signInAs(2);
      await registerEndpoint(office, redirecting.url);
      redirecting.location = `${landing.url}?suivi=1`;
      const followed = await book(server.base, { company_token: OTHER_COMPANY_TOKEN });
      await waitFor(() => landing.createdIds().has(followed.id), 'la livraison redirigée');
      // Redirected to the office network: refused without a connection.
      redirecting.location = 'https://10.20.30.40/webhooks';
      const blocked = await book(server.base, { company_token: OTHER_COMPANY_TOKEN });
      await waitFor(async () => {
        const rows = await server.query(
          'SELECT d.last_error FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.travel_id = ?',
          [blocked.id],
        );
        return rows.length === 1 && /pas une adresse publique/.test(rows[0].last_error ?? '');
      }, 'la redirection vers le réseau privé refusée');
      assert.ok(!landing.createdIds().has(blocked.id));
    } finally {
      await landing.close();
      await redirecting.close();
    }
  });
});

describe(`webhooks in production on ${DATABASE_NAME}: only HTTPS to public addresses`, () => {
  let server;
  before(async () => {
    server = await startServer(undefined, 0, { ...FAST_OUTBOX, WEBHOOK_ALLOW_LOOPBACK: '0' });
  });
  after(async () => {
    await server.stop();
  });

  it('refuses to register plain http, loopback, private, link-local and mapped addresses, by name or after DNS', async () => {
    const office = await new BackOffice(server.base).signInAs(1);
    const cases: [string, RegExp][] = [
      ['http://planning.exemple.fr/webhooks', /doit commencer par https:\/\//],
      ['https://127.0.0.1/webhooks', /n’est pas une adresse publique/],
      ['https://10.1.2.3/webhooks', /n’est pas une adresse publique/],
      ['https://192.168.1.20/webhooks', /n’est pas une adresse publique/],
      ['https://169.254.169.254/latest/meta-data', /n’est pas une adresse publique/],
      ['https://[::1]/webhooks', /n’est pas une adresse publique/],
      ['https://[fd00::1]/webhooks', /n’est pas une adresse publique/],
      ['https://[::ffff:127.0.0.1]/webhooks', /n’est pas une adresse publique/],
      ['https://localhost/webhooks', /réseau privé/],
      ['https://utilisateur:secret@exemple.fr/webhooks', /identifiant/],
      ['ftp://exemple.fr/webhooks', /doit commencer par https:\/\//],
    ];
    for (const [url, message] of cases) {
      await office.get('/espace-transporteur/webhooks');
      const answer = await office.post('/espace-transporteur/webhooks', { url });
      assert.equal(answer.status, 422, url);
      assert.match(answer.text, message, url);
      assert.match(answer.text, new RegExp(`value="${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`), 'what was typed stays');
    }
    assert.doesNotMatch((await office.get('/espace-transporteur/webhooks')).text, /class="card endpoint"/);
  });

  it('never connects to an endpoint that resolves to this machine, even one written straight into the database', async () => {
    let connections = 0;
    const trap = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = trap.address() as AddressInfo;
      const [{ id: endpointId }] = await server.query(
        "INSERT INTO webhook_endpoints (owner, url, secret, created_at) VALUES ('public', ?, 'whsec_test', ?) RETURNING id",
        [`https://localhost:${port}/webhooks`, new Date().toISOString()],
      );
      const created = await book(server.base);
      await waitFor(async () => {
        const rows = await server.query(
          'SELECT d.last_error FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.travel_id = ? AND d.endpoint_id = ?',
          [created.id, endpointId],
        );
        return rows.length === 1 && /non publique/.test(rows[0].last_error ?? '');
      }, 'la livraison refusée après la résolution du nom');
      assert.equal(connections, 0, 'no connection was made');
    } finally {
      await new Promise((resolve) => trap.close(resolve));
    }
  });
});

describe(`webhooks when the server is killed (SIGKILL) during a burst of bookings, on ${DATABASE_NAME}`, () => {
  it('delivers, after the restart, the booking.created of every booking it acknowledged, deliveries in flight included', async () => {
    const database = await tempDatabase();
    // A slow receiver: when the server is killed, some deliveries are in flight.
    const receiver = await startReceiver({ delayMs: 150 });
    let server = await startServer(database, 0, FAST_OUTBOX);
    try {
      const office = await new BackOffice(server.base).signInAs(1);
      await registerEndpoint(office, receiver.url, 'public');
      const acknowledged: number[] = [];
      let killed = false;
      const send = async () => {
        try {
          const answer = await fetch(`${server.base}/api/v1/travels`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(bookingBody()),
          });
          if (answer.status === 201) acknowledged.push((await answer.json()).id);
        } catch {
          // The connection died with the server: not acknowledged, the client would retry.
        }
      };
      const burst = (async () => {
        while (!killed) await Promise.all(Array.from({ length: 6 }, send));
      })();
      await waitFor(() => acknowledged.length >= 30 && receiver.received.length >= 5, 'une rafale en cours et des livraisons en vol');
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      killed = true;
      await burst;
      assert.ok(acknowledged.length >= 30);
      const deliveredBefore = receiver.createdIds().size;
      assert.ok(
        deliveredBefore < acknowledged.length,
        `the kill came before every event was delivered (${deliveredBefore}/${acknowledged.length})`,
      );
      server = await startServer(database, 0, FAST_OUTBOX);
      await waitFor(
        () => acknowledged.every((id) => receiver.createdIds().has(id)),
        `booking.created de chacune des ${acknowledged.length} réservations acquittées`,
        30_000,
      );
      for (const delivery of receiver.received) assert.ok(delivery.event, 'every delivery is a whole event');
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
});

if (DATABASE_KIND === 'postgres') {
  describe('webhooks with two server processes on one PostgreSQL', () => {
    it('delivers each event once: one process at a time takes a delivery (SKIP LOCKED)', async () => {
      const database = await tempDatabase();
      const receiver = await startReceiver();
      const first = await startServer(database, 0, FAST_OUTBOX);
      const second = await startServer(database, 0, FAST_OUTBOX);
      try {
        await registerEndpoint(await new BackOffice(first.base).signInAs(1), receiver.url, 'public');
        const ids: number[] = [];
        for (let round = 0; round < 10; round += 1) {
          const made = await Promise.all([first, second, first, second].map((server) => book(server.base)));
          ids.push(...made.map((created) => created.id));
        }
        await waitFor(() => ids.every((id) => receiver.createdIds().has(id)), 'les 40 événements');
        await new Promise((resolve) => setTimeout(resolve, 500));
        const perEvent = new Map();
        for (const delivery of receiver.received) perEvent.set(delivery.event.id, (perEvent.get(delivery.event.id) ?? 0) + 1);
        assert.equal(perEvent.size, ids.length);
        assert.deepEqual([...new Set(perEvent.values())], [1], 'no event delivered twice');
      } finally {
        await Promise.all([first.stop(), second.stop()]);
        await receiver.close();
      }
    });
  });
}
