// The deposit through Stripe Checkout (issue 46, part 3), against a local stand-in for Stripe's
// API (stripe-stand-in.ts) with webhooks signed by the stripe package's own test helper: the
// carrier's setting (Réglages, Acompte), 'Payer l’acompte' on the devis, one session and one
// payment whatever the clicks and replays, paid only by the signed webhook, consistent after a
// restart between the payment and the webhook, refunded once when the booking is refused or no
// longer accepted (also while Stripe is down at first), the carrier's events and the customer's
// e-mails; and nothing of it anywhere without Stripe's settings.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { publishedContract } from './contract.ts';
import { startInbox } from './smtp-inbox.ts';
import { startStripeStandIn, stripeEnvFor, type StripeStandIn } from './stripe-stand-in.ts';
import {
  DATABASE_NAME,
  DEMO_COMPANY_TOKEN,
  json,
  MARTIN_KEY,
  OTHER_COMPANY_TOKEN,
  startServer,
  type Row,
  type TestServer,
} from './support.ts';
import { registerEndpoint, startReceiver, waitFor } from './webhook-receiver.ts';

const NBSP = '\u00a0';
const WEBHOOK_SECRET = 'whsec_depot_de_test_0123456789';
const STRIPE_ENV = (standIn: StripeStandIn) => stripeEnvFor(standIn, WEBHOOK_SECRET);
const FAST = {
  OUTBOX_FIRST_RETRY_MS: '200',
  OUTBOX_POLL_MS: '100',
  MAIL_TIMEOUT_MS: '2000',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_ALLOW_LOOPBACK: '1',
  MAIL_FROM: 'reservations@transports-martin.example',
  // An acceptance may be undone for an hour (its e-mail waits as long: these tests read none).
  ACCEPTANCE_UNDO_SECONDS: '3600',
};
const WEBHOOK_PATH = '/paiements/stripe/webhook';

/** Euros as the pages write them (fr-FR, cents only when there are some). */
const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);

/** A booking of Martin's intranet (company 1), or another company's, with the customer's e-mail. */
async function book(base: string, email: string, company = DEMO_COMPANY_TOKEN): Promise<Row> {
  const body = bookingBody({ customer: { name: 'Camille Martin', phone_number: '0612345678', email } });
  body.company_token = company;
  const created = await json(base, 'POST', '/api/v1/travels', { body });
  assert.equal(created.status, 201, created.text);
  const read = await json(base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
  assert.equal(read.status, 200, read.text);
  const costs = read.data.items.filter((item: Row) => item.category === 'cost' || item.category === 'custom-cost');
  assert.equal(costs.length, 0, 'the booking of these tests has no expense: its total is transport and handling');
  return {
    id: created.data.id,
    token: created.data.token,
    totalCents: read.data.travel.price_transportation + read.data.travel.price_handling,
  };
}

const devisPath = (booking: Row, token = booking.token) => `/devis/${booking.id}?token=${encodeURIComponent(token)}`;
const payPath = (booking: Row, token = booking.token) => `/devis/${booking.id}/acompte?token=${encodeURIComponent(token)}`;

async function page(base: string, path: string) {
  const response = await fetch(base + path, { redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** 'Payer l’acompte' as the browser posts it (a form, whatever fields it holds), not following the redirect. */
async function pay(base: string, path: string, fields: Record<string, string> = {}) {
  const response = await fetch(base + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

async function deliver(base: string, event: { payload: string; signature: string }) {
  const response = await fetch(base + WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return { status: response.status, body: await response.json() };
}

const sessionsOf = (standIn: StripeStandIn, id: number) =>
  [...standIn.sessions.values()].filter((session) => session.metadata.travel_id === String(id));
const depositRows = (server: TestServer, id: number) => server.query('SELECT * FROM deposits WHERE travel_id = ? ORDER BY id', [id]);

async function setDeposit(office: BackOffice, fields: Record<string, string>) {
  await office.get('/espace-transporteur/reglages/acompte');
  const saved = await office.post('/espace-transporteur/reglages/acompte', fields);
  assert.equal(saved.status, 303, saved.text.slice(0, 500));
}

describe(`the deposit through Stripe Checkout on ${DATABASE_NAME}`, () => {
  let standIn: StripeStandIn;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: TestServer;
  let office: BackOffice;
  before(async () => {
    standIn = await startStripeStandIn();
    inbox = await startInbox();
    receiver = await startReceiver();
    server = await startServer(undefined, 0, { ...FAST, ...STRIPE_ENV(standIn), SMTP_URL: inbox.url });
    office = new BackOffice(server.base);
    await office.signInAs(1);
    await registerEndpoint(office, receiver.url);
    await setDeposit(office, { acompte: 'pourcentage', pourcentage: '30', echeance: 'reservation' });
  });
  after(async () => {
    await server?.stop();
    await Promise.all([standIn?.close(), inbox?.close(), receiver?.close()]);
  });

  it('Réglages, Acompte: administrators set none, a percentage or an amount within limits, in French, journaled', async () => {
    const index = await office.get('/espace-transporteur/reglages');
    assert.match(index.text, /href="\/espace-transporteur\/reglages\/acompte">Acompte</);
    await office.get('/espace-transporteur/reglages/acompte');
    const tooMuch = await office.post('/espace-transporteur/reglages/acompte', {
      acompte: 'pourcentage',
      pourcentage: '80',
      echeance: 'devis',
    });
    assert.equal(tooMuch.status, 422);
    assert.ok(tooMuch.text.includes(`de 1 à 50${NBSP}% du total TTC`), 'the limit said in French');
    assert.match(tooMuch.text, /value="80"/, 'what was typed is kept');
    const noAmount = await office.post('/espace-transporteur/reglages/acompte', { acompte: 'montant', montant: '0,50', echeance: 'devis' });
    assert.equal(noAmount.status, 422);
    assert.match(noAmount.text, /Indiquez un montant en euros/);
    const noTiming = await office.post('/espace-transporteur/reglages/acompte', { acompte: 'montant', montant: '300', echeance: 'demain' });
    assert.equal(noTiming.status, 422);
    assert.match(noTiming.text, /Choisissez quand le client règle l’acompte/);
    // Without the form's token, nothing changes.
    const forged = await office.post('/espace-transporteur/reglages/acompte', { acompte: 'aucun' }, { csrf: null });
    assert.equal(forged.status, 403);
    const [setting] = await server.query('SELECT kind, percent, due FROM deposit_settings WHERE company_id = 1');
    assert.deepEqual({ ...setting, percent: Number(setting.percent) }, { kind: 'percent', percent: 30, due: 'booking_accepted' });
    const journal = await office.get('/espace-transporteur/reglages/journal');
    assert.ok(
      journal.text.includes(`Acompte${NBSP}: aucun → 30${NBSP}% du total TTC, une fois la réservation acceptée par le transporteur`),
    );
    const settings = await office.get('/espace-transporteur/reglages/acompte');
    assert.ok(settings.text.includes(`${server.base}${WEBHOOK_PATH}`), 'the address to register at Stripe');
  });

  it('a booking is paid once after two clicks, a third, and a replayed webhook; paid only by the signed webhook (e-mail, event, back office)', async () => {
    const booking = await book(server.base, 'paye-une-fois@exemple.fr');
    const expected = Math.round((booking.totalCents * 30) / 100);
    // Before the carrier accepts, the devis says the deposit and offers no button.
    const before = await page(server.base, devisPath(booking));
    assert.ok(before.text.includes(`Un acompte de ${euros(expected)} TTC (30${NBSP}% du total TTC)`), 'the payment mention');
    assert.doesNotMatch(before.text, /Payer l’acompte/);
    assert.equal((await pay(server.base, payPath(booking))).location?.includes('acompte=indisponible'), true, 'not due yet: no session');
    assert.equal(sessionsOf(standIn, booking.id).length, 0);

    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.equal((await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`)).status, 303);
    const due = await page(server.base, devisPath(booking));
    assert.ok(due.text.includes(`Payer l’acompte de ${euros(expected)}`), 'the button, with the amount');
    assert.match(
      String(due.headers.get('content-security-policy')),
      /form-action 'self' http:\/\/127\.0\.0\.1:\d+/,
      'the form may lead to Checkout',
    );

    const [first, second] = await Promise.all([pay(server.base, payPath(booking)), pay(server.base, payPath(booking))]);
    const third = await pay(server.base, payPath(booking));
    assert.equal(first.status, 303);
    const sessions = sessionsOf(standIn, booking.id);
    assert.equal(sessions.length, 1, 'one Checkout Session for three clicks');
    const session = sessions[0]!;
    assert.deepEqual([first.location, second.location, third.location], [session.url, session.url, session.url]);
    assert.equal(session.amount_total, expected, '30 % of the total TTC, in cents');
    assert.equal(session.currency, 'eur');
    assert.equal(session.mode, 'payment');
    assert.equal(session.client_reference_id, String(booking.id));
    assert.ok(session.success_url.startsWith(`${server.base}/devis/${booking.id}?`) && session.success_url.includes('acompte=retour'));
    assert.ok(!session.success_url.includes(booking.token), 'Stripe never holds the booking’s edit token');
    // Whether the second click found the session recorded or asked Stripe at the same instant, it
    // asked with the same idempotency key (and Stripe answered the same session).
    const creations = standIn.requests.filter(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        request.method === 'POST' &&
        request.fields['metadata[travel_id]'] === String(booking.id),
    );
    assert.ok(
      creations.length >= 1 &&
        creations.every((request) => request.idempotencyKey && request.idempotencyKey === creations[0]!.idempotencyKey),
    );

    // Back from Checkout before the webhook: being confirmed, not paid.
    const back = await page(server.base, new URL(session.success_url).pathname + new URL(session.success_url).search);
    assert.match(back.text, /Paiement en cours de confirmation/);
    standIn.pay(session.id);
    const still = await page(server.base, new URL(session.success_url).pathname + new URL(session.success_url).search);
    assert.doesNotMatch(still.text, /Acompte payé/, 'the return page never marks it paid');
    const waiting = await page(server.base, `/suivi/${booking.id}?token=${encodeURIComponent(booking.token)}`);
    assert.match(
      waiting.text,
      /<li class="step (?!done)[^"]*"[^>]*>\s*<p class="step-title"><strong>Acompte payé<\/strong>/,
      'the step, not done yet',
    );
    assert.equal((await depositRows(server, booking.id))[0].state, 'open');

    const event = standIn.event('checkout.session.completed', session, WEBHOOK_SECRET);
    assert.deepEqual(await deliver(server.base, event), { status: 200, body: { received: true, outcome: 'acompte payé' } });
    assert.deepEqual(await deliver(server.base, event), { status: 200, body: { received: true, outcome: 'déjà enregistré' } });
    // The same payment announced again by another event id changes nothing either.
    assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', session, WEBHOOK_SECRET))).status, 200);
    const rows = await depositRows(server, booking.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].state, 'paid');
    assert.equal(Number(rows[0].amount_cents), expected);
    assert.equal(rows[0].payment_intent, session.payment_intent);

    const paidPage = await page(server.base, devisPath(booking));
    assert.match(paidPage.text, new RegExp(`Acompte de ${euros(expected)} payé le`));
    // The customer's page: its 'Acompte payé' step done, once the webhook has recorded it.
    const follow = await page(server.base, `/suivi/${booking.id}?token=${encodeURIComponent(booking.token)}`);
    assert.match(follow.text, /<li class="step done"[^>]*>\s*<p class="step-title"><strong>Acompte payé<\/strong>/);
    assert.doesNotMatch(paidPage.text, /Payer l’acompte/);
    const again = await pay(server.base, payPath(booking));
    assert.match(String(again.location), /acompte=indisponible/, 'paid: no new session');
    assert.equal(sessionsOf(standIn, booking.id).length, 1);

    await waitFor(
      () => inbox.to('paye-une-fois@exemple.fr').some((mail) => /Acompte payé/.test(mail.mail.subject ?? '')),
      'the e-mail Acompte payé',
    );
    const mail = inbox.to('paye-une-fois@exemple.fr').find((candidate) => /Acompte payé/.test(candidate.mail.subject ?? ''))!;
    assert.ok(String(mail.mail.text).includes(euros(expected)), 'the amount in the e-mail');
    await waitFor(
      () =>
        receiver.received.some(
          (delivery) => delivery.event?.type === 'booking.deposit_paid' && delivery.event.data.booking.id === booking.id,
        ),
      'the event booking.deposit_paid',
    );
    const paidEvents = receiver.received.filter(
      (delivery) => delivery.event?.type === 'booking.deposit_paid' && delivery.event.data.booking.id === booking.id,
    );
    assert.equal(paidEvents.length, 1, 'one event for one payment');
    assert.deepEqual(
      { ...paidEvents[0]!.event.data.deposit, paid_at: typeof paidEvents[0]!.event.data.deposit.paid_at },
      { amount: expected, currency: 'eur', state: 'paid', paid_at: 'string', refunded_at: null },
    );
    const contract = await publishedContract(server.base);
    const validEvent = contract.validator('BookingEvent', { $ref: '#/components/schemas/BookingEvent' });
    assert.ok(validEvent(paidEvents[0]!.event), JSON.stringify(validEvent.errors?.slice(0, 3)));

    const carrierPage = await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.ok(carrierPage.text.includes(`Acompte payé</span> ${euros(expected)}, payé le `), 'the booking page says it');
    const list = await office.get('/espace-transporteur/reservations?vue=toutes');
    const row = list.text.split('<tr class="job">').find((part) => part.includes(`/reservations/${booking.id}"`)) ?? '';
    assert.match(row, /Acompte payé/, 'the list marks it');
  });

  it('a webhook with a wrong, missing or stale signature, or a changed body, is refused (400) and changes nothing', async () => {
    const booking = await book(server.base, 'signature@exemple.fr');
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`);
    await pay(server.base, payPath(booking));
    const session = standIn.pay(sessionsOf(standIn, booking.id)[0]!.id);
    const wrong = standIn.event('checkout.session.completed', session, 'whsec_un_autre_secret_0123');
    assert.equal((await deliver(server.base, wrong)).status, 400);
    const genuine = standIn.event('checkout.session.completed', session, WEBHOOK_SECRET);
    assert.equal((await deliver(server.base, { payload: genuine.payload, signature: '' })).status, 400);
    const changed = genuine.payload.replace(`"amount_total":${session.amount_total}`, '"amount_total":1');
    assert.equal((await deliver(server.base, { payload: changed, signature: genuine.signature })).status, 400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const { default: Stripe } = await import('stripe');
    const old = Stripe.webhooks.generateTestHeaderString({ payload: genuine.payload, secret: WEBHOOK_SECRET, timestamp: stale });
    assert.equal((await deliver(server.base, { payload: genuine.payload, signature: old })).status, 400);
    assert.equal((await depositRows(server, booking.id))[0].state, 'open', 'nothing changed');
    assert.match((await page(server.base, devisPath(booking))).text, /Payer l’acompte/);
    // An event about a session this server never made is acknowledged (Stripe would retry it for days) and ignored.
    const foreign = { ...session, id: 'cs_test_inconnue_000001' };
    assert.deepEqual(await deliver(server.base, standIn.event('checkout.session.completed', foreign, WEBHOOK_SECRET)), {
      status: 200,
      body: { received: true, outcome: 'session inconnue' },
    });
  });

  it('the amount, currency and booking come from the server: forged form fields change nothing', async () => {
    const booking = await book(server.base, 'faussaire@exemple.fr');
    const expected = Math.round((booking.totalCents * 30) / 100);
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`);
    const forged = await pay(server.base, payPath(booking), {
      amount: '1',
      amount_cents: '1',
      unit_amount: '1',
      currency: 'usd',
      travel_id: '1',
      'metadata[travel_id]': '1',
    });
    assert.equal(forged.status, 303);
    const [session] = sessionsOf(standIn, booking.id);
    assert.equal(session!.amount_total, expected);
    assert.equal(session!.currency, 'eur');
    assert.equal(forged.location, session!.url);
  });

  it("another booking's token can neither pay nor see a booking's deposit; an unknown booking is a 404", async () => {
    const mine = await book(server.base, 'mien@exemple.fr');
    const other = await book(server.base, 'autre@exemple.fr');
    await office.get(`/espace-transporteur/reservations/${mine.id}`);
    await office.post(`/espace-transporteur/reservations/${mine.id}/accepter`);
    assert.equal((await pay(server.base, payPath(mine, other.token))).status, 404);
    assert.equal((await pay(server.base, payPath(mine, 'jeton-invente'))).status, 404);
    assert.equal((await pay(server.base, `/devis/999999/acompte?token=${other.token}`)).status, 404);
    assert.equal((await page(server.base, devisPath(mine, other.token))).status, 404);
    assert.equal(sessionsOf(standIn, mine.id).length, 0, 'no session made');
  });

  it('the pages announce the deposit: the carrier key’s and the company token’s data carry its terms; none for a carrier without one (issue 55, point 4)', async () => {
    const terms = { kind: 'percent', percent: 30, due: 'booking_accepted' };
    const keyed = await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': MARTIN_KEY } });
    assert.equal(keyed.status, 200, keyed.text);
    assert.deepEqual(keyed.data.deposit, terms);
    const intranet = await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}`);
    assert.deepEqual(intranet.data.deposit, terms);
    const other = await json(server.base, 'GET', `/api/v1/companies/${OTHER_COMPANY_TOKEN}`);
    assert.equal(other.data.deposit, null);
  });

  it('a carrier without a deposit shows nothing of it, on a server that takes payments', async () => {
    const booking = await book(server.base, 'autre-transporteur@exemple.fr', OTHER_COMPANY_TOKEN);
    const devis = await page(server.base, devisPath(booking));
    assert.equal(devis.status, 200);
    assert.doesNotMatch(devis.text, /acompte/i);
    assert.doesNotMatch(String(devis.headers.get('content-security-policy')), /127\.0\.0\.1|stripe/, 'no form leads to Checkout');
    assert.match((await pay(server.base, payPath(booking))).location ?? '', /acompte=indisponible/);
    const follow = await page(server.base, `/suivi/${booking.id}?token=${encodeURIComponent(booking.token)}`);
    assert.equal(follow.status, 200);
    assert.doesNotMatch(follow.text, /Acompte/, 'no deposit step on the customer’s page');
  });

  it('due once the customer accepted the devis (Bon pour accord): paid before the carrier answers, refunded once when it refuses', async () => {
    await setDeposit(office, { acompte: 'pourcentage', pourcentage: '30', echeance: 'devis' });
    try {
      const booking = await book(server.base, 'refus-rembourse@exemple.fr');
      const first = await page(server.base, devisPath(booking));
      assert.doesNotMatch(first.text, /Payer l’acompte/, 'not before the devis is accepted');
      const hash = /name="empreinte" value="([0-9a-f]{64})"/.exec(first.text)?.[1] ?? '';
      const accepted = await fetch(`${server.base}/devis/${booking.id}/accord`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: booking.token, empreinte: hash, nom: 'Camille Martin', cgv: 'oui', valeur: 'oui' }).toString(),
      });
      assert.ok(accepted.status < 400, `accepted (${accepted.status})`);
      const due = await page(server.base, devisPath(booking));
      const deposit = euros(Math.round((booking.totalCents * 30) / 100));
      assert.ok(due.text.includes(`Payer l’acompte de ${deposit}`), 'due once accepted');
      // The summary's one next action is the deposit, and the page the accord leads back to says so (issue 55, point 9).
      assert.ok(due.text.includes(`<a class="button primary" href="#titre-acompte">Payer l’acompte de ${deposit}</a>`));
      const back = await page(server.base, accepted.headers.get('location')!);
      assert.ok(back.text.includes('Merci, votre accord est enregistré. Prochaine étape\u00a0: régler l’acompte.'));
      const paid = await pay(server.base, payPath(booking));
      const session = standIn.pay(new URL(paid.location!).pathname.split('/').pop()!);
      assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', session, WEBHOOK_SECRET))).status, 200);
      assert.equal((await depositRows(server, booking.id))[0].state, 'paid');
      assert.ok((await page(server.base, devisPath(booking))).text.includes(`<li>Acompte de ${deposit} payé</li>`));
      await office.get(`/espace-transporteur/reservations/${booking.id}`);
      assert.equal(
        (await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'date-indisponible' })).status,
        303,
      );
      await office.get(`/espace-transporteur/reservations/${booking.id}`);
      const twice = await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'date-indisponible' });
      assert.match(String(twice.location), /fait=deja/);
      await waitFor(async () => (await depositRows(server, booking.id))[0].state === 'refunded', 'the refund');
      assert.equal(standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent).length, 1, 'refunded once');
    } finally {
      await setDeposit(office, { acompte: 'pourcentage', pourcentage: '30', echeance: 'reservation' });
    }
  });

  it('a booking refused while its customer pays is refunded once the payment is confirmed (event, e-mail)', async () => {
    await setDeposit(office, { acompte: 'montant', montant: '150', echeance: 'reservation' });
    try {
      const booking = await book(server.base, 'refusee-en-payant@exemple.fr');
      await office.get(`/espace-transporteur/reservations/${booking.id}`);
      await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`);
      const paid = await pay(server.base, payPath(booking));
      const session = standIn.sessions.get(new URL(paid.location!).pathname.split('/').pop()!)!;
      assert.equal(session.amount_total, 15_000, 'the fixed amount, in cents');
      // Undone then refused before Stripe's webhook comes.
      await office.get(`/espace-transporteur/reservations/${booking.id}`);
      assert.equal((await office.post(`/espace-transporteur/reservations/${booking.id}/annuler-acceptation`)).status, 303);
      await office.get(`/espace-transporteur/reservations/${booking.id}`);
      assert.equal(
        (await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'date-indisponible' })).status,
        303,
      );
      standIn.pay(session.id);
      assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', session, WEBHOOK_SECRET))).status, 200);
      await waitFor(async () => (await depositRows(server, booking.id))[0].state === 'refunded', 'the refund');
      assert.equal(standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent).length, 1);
      await waitFor(
        () => inbox.to('refusee-en-payant@exemple.fr').some((mail) => /Acompte remboursé/.test(mail.mail.subject ?? '')),
        'the e-mail',
      );
    } finally {
      await setDeposit(office, { acompte: 'pourcentage', pourcentage: '30', echeance: 'reservation' });
    }
  });

  it('an acceptance undone refunds the paid deposit once, also when Stripe is down at first; a later refusal refunds nothing more', async () => {
    const booking = await book(server.base, 'rembourse@exemple.fr');
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`);
    const paid = await pay(server.base, payPath(booking));
    const session = standIn.pay(new URL(paid.location!).pathname.split('/').pop()!);
    assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', session, WEBHOOK_SECRET))).status, 200);
    standIn.setDown(true);
    try {
      await office.get(`/espace-transporteur/reservations/${booking.id}`);
      assert.equal((await office.post(`/espace-transporteur/reservations/${booking.id}/annuler-acceptation`)).status, 303);
      assert.equal((await depositRows(server, booking.id))[0].state, 'refund_pending');
      await waitFor(async () => {
        const [row] = await server.query('SELECT attempts, last_error FROM deposit_refunds WHERE travel_id = ?', [booking.id]);
        return Number(row?.attempts) >= 2 && row.last_error;
      }, 'two refused tries');
      const pending = await office.get(`/espace-transporteur/reservations/${booking.id}`);
      assert.match(pending.text, /Acompte à rembourser/);
    } finally {
      standIn.setDown(false);
    }
    await waitFor(async () => (await depositRows(server, booking.id))[0].state === 'refunded', 'the refund once Stripe answers');
    assert.equal(standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent).length, 1, 'refunded once');
    const keys = new Set(standIn.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey));
    assert.ok(![...keys].includes(null), 'every refund request carries an idempotency key');
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.equal(
      (await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'date-indisponible' })).status,
      303,
    );
    const refundsBefore = standIn.refunds.length;
    await waitFor(
      () =>
        receiver.received.some((delivery) => delivery.event?.type === 'booking.refused' && delivery.event.data.booking.id === booking.id),
      'the refusal event',
    );
    assert.equal(standIn.refunds.length, refundsBefore, 'nothing refunded twice');
    await waitFor(
      () =>
        receiver.received.some(
          (delivery) => delivery.event?.type === 'booking.deposit_refunded' && delivery.event.data.booking.id === booking.id,
        ),
      'the event booking.deposit_refunded',
    );
    await waitFor(() => inbox.to('rembourse@exemple.fr').some((mail) => /Acompte remboursé/.test(mail.mail.subject ?? '')), 'the e-mail');
    assert.match((await page(server.base, devisPath(booking))).text, /a été remboursé le/);
    assert.match((await office.get(`/espace-transporteur/reservations/${booking.id}`)).text, /Acompte remboursé/);
  });
});

/** 'Bon pour accord' on the devis as it stands, as the customer's browser posts it. */
async function accord(base: string, booking: Row) {
  const devis = await page(base, devisPath(booking));
  const hash = /name="empreinte" value="([0-9a-f]{64})"/.exec(devis.text)?.[1] ?? '';
  const accepted = await fetch(`${base}/devis/${booking.id}/accord`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: booking.token, empreinte: hash, nom: 'Camille Martin', cgv: 'oui', valeur: 'oui' }).toString(),
  });
  assert.ok(accepted.status < 400, `accepted (${accepted.status})`);
}

/**
 * The customer's edit by the booking's link: delivered to Marseille instead of Lyon, priced again
 * by the server (its new quote confirmed, as the element does). Returns the booking's new total
 * TTC, in cents.
 */
async function editDestination(base: string, booking: Row): Promise<number> {
  const body = bookingBody({ customer: { name: 'Camille Martin', phone_number: '0612345678', email: booking.email } });
  body.addresses[1] = {
    ...body.addresses[1],
    address_complete: '2 Quai du Port 13002 Marseille',
    postal_code: '13002',
    locality: 'Marseille',
    lat: 43.2965,
    lng: 5.3694,
  };
  const path = `/api/v1/travels/${booking.id}?token=${booking.token}`;
  let edited = await json(base, 'PATCH', path, { body });
  if (edited.status === 409) {
    const quote = edited.data.quote;
    const travel = {
      ...body.travel,
      price_transportation: quote.figures.price_transportation,
      price_handling: quote.figures.price_handling,
    };
    edited = await json(base, 'PATCH', path, { body: { ...body, quote_id: quote.id, travel } });
  }
  assert.equal(edited.status, 200, edited.text);
  const read = await json(base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`);
  return read.data.travel.price_transportation + read.data.travel.price_handling;
}

/** Text with its spaces (no-break ones too) made one plain space each. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

const sessionOf = (standIn: StripeStandIn, location: string | null) => standIn.sessions.get(new URL(location!).pathname.split('/').pop()!)!;

/**
 * A booking of Martin's (its deposit due once the devis is accepted) whose customer accepted the
 * devis and opened Checkout, then edited the booking (another price) and accepted its devis again.
 */
async function openedThenEdited(base: string, standIn: StripeStandIn, email: string) {
  const booking = await book(base, email);
  booking.email = email;
  await accord(base, booking);
  const first = sessionOf(standIn, (await pay(base, payPath(booking))).location);
  assert.equal(first.amount_total, Math.round((booking.totalCents * 30) / 100));
  const total = await editDestination(base, booking);
  assert.notEqual(total, booking.totalCents, 'the edit changed the price, so the deposit');
  assert.doesNotMatch((await page(base, devisPath(booking))).text, /Payer l’acompte/, 'the edited devis is to accept again');
  await accord(base, booking);
  return { booking, first, amount: Math.round((total * 30) / 100) };
}

describe(`issue 52: a deposit paid once whatever the edits, on ${DATABASE_NAME}`, () => {
  let standIn: StripeStandIn;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: TestServer;
  let office: BackOffice;
  before(async () => {
    standIn = await startStripeStandIn();
    inbox = await startInbox();
    receiver = await startReceiver();
    server = await startServer(undefined, 0, { ...FAST, ...STRIPE_ENV(standIn), SMTP_URL: inbox.url });
    office = new BackOffice(server.base);
    await office.signInAs(1);
    await registerEndpoint(office, receiver.url);
    // Due once the customer accepted the devis: an edit asks for a new 'Bon pour accord', then a new payment.
    await setDeposit(office, { acompte: 'pourcentage', pourcentage: '30', echeance: 'devis' });
  });
  after(async () => {
    await server?.stop();
    await Promise.all([standIn?.close(), inbox?.close(), receiver?.close()]);
  });

  /** The back office's deposit card of a booking: each payment's cells (date, amount, state) as text, spaces made plain. */
  async function listedPayments(id: number): Promise<string[][]> {
    const text = (await office.get(`/espace-transporteur/reservations/${id}`)).text;
    const card = /<section class="card" aria-labelledby="acompte-titre">([\s\S]*?)<\/section>/.exec(text)?.[1] ?? '';
    return [...card.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => plain(cell[1]!.replace(/<[^>]+>/g, ' '))))
      .filter((cells) => cells.length > 0);
  }

  it('issue 52: after an edit and a second Bon pour accord, the first session is expired at Stripe before the second is made, and can no longer be paid', async () => {
    const { booking, first, amount } = await openedThenEdited(server.base, standIn, 'expiree@exemple.fr');
    const clicked = await pay(server.base, payPath(booking));
    const second = sessionOf(standIn, clicked.location);
    assert.notEqual(second.id, first.id);
    assert.equal(second.amount_total, amount, '30 % of the edited total');
    assert.equal(standIn.sessions.get(first.id)!.status, 'expired', 'the first session expired at Stripe');
    assert.throws(() => standIn.pay(first.id), /cannot be paid/);
    const expiry = standIn.requests.findIndex(
      (request) => request.method === 'POST' && request.path === `/v1/checkout/sessions/${first.id}/expire`,
    );
    const creation = standIn.requests.findIndex(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v1/checkout/sessions' &&
        request.fields['line_items[0][price_data][unit_amount]'] === String(amount),
    );
    assert.ok(expiry >= 0 && expiry < creation, 'expired before the second was made');
    assert.ok(standIn.requests[expiry]!.idempotencyKey, 'the expiry carries an idempotency key');
    assert.deepEqual(
      (await depositRows(server, booking.id)).map((row: Row) => [row.session_id, row.state]),
      [
        [first.id, 'expired'],
        [second.id, 'open'],
      ],
    );
    // A click again reuses the open one.
    assert.equal((await pay(server.base, payPath(booking))).location, second.url);
    assert.equal(sessionsOf(standIn, booking.id).length, 2);
  });

  it('issue 52: both sessions paid anyway (the old one’s webhook after the new one’s): the old payment is refunded at once, customer and carrier told; a refusal refunds the other; the back office lists both', async () => {
    const email = 'paye-deux-fois@exemple.fr';
    const { booking, first, amount } = await openedThenEdited(server.base, standIn, email);
    const second = sessionOf(standIn, (await pay(server.base, payPath(booking))).location);
    standIn.pay(second.id);
    assert.deepEqual(await deliver(server.base, standIn.event('checkout.session.completed', second, WEBHOOK_SECRET)), {
      status: 200,
      body: { received: true, outcome: 'acompte payé' },
    });
    // The race: Stripe had taken the old session's payment while it was being expired.
    const old = standIn.pay(first.id, { race: true });
    assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', old, WEBHOOK_SECRET))).status, 200);
    await waitFor(async () => (await depositRows(server, booking.id))[0].state === 'refunded', 'the old payment refunded');
    const refundsOf = (intent: string | null) => standIn.refunds.filter((refund) => refund.payment_intent === intent).length;
    assert.equal(refundsOf(old.payment_intent), 1, 'refunded once');
    assert.equal(refundsOf(second.payment_intent), 0, 'the deposit that counts is kept');
    const keys = standIn.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey);
    assert.ok(
      keys.every((key) => key),
      'each refund with its idempotency key',
    );
    // Replayed, the old payment's event changes nothing more.
    assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', old, WEBHOOK_SECRET))).status, 200);
    assert.equal(refundsOf(old.payment_intent), 1);
    const devis = await page(server.base, devisPath(booking));
    assert.ok(devis.text.includes(`Acompte de ${euros(amount)} payé le`), 'the devis: the deposit paid, at its amount');

    await waitFor(
      () => inbox.to(email).some((mail) => /Paiement en double remboursé/.test(mail.mail.subject ?? '')),
      'the customer’s e-mail about the payment refunded',
    );
    const mail = inbox.to(email).find((candidate) => /Paiement en double remboursé/.test(candidate.mail.subject ?? ''))!;
    assert.ok(String(mail.mail.text).includes(euros(old.amount_total)), 'the amount refunded');
    assert.ok(String(mail.mail.text).includes(`Votre acompte de ${euros(amount)} reste réglé`), 'the deposit still paid');
    const eventsOf = (type: string) =>
      receiver.received.filter((delivery) => delivery.event?.type === type && delivery.event.data.booking.id === booking.id);
    await waitFor(() => eventsOf('booking.deposit_refunded').length > 0, 'the carrier’s event');
    const refunded = eventsOf('booking.deposit_refunded')[0]!.event;
    assert.deepEqual(
      [refunded.data.deposit.amount, refunded.data.deposit.state, refunded.data.deposit.duplicate],
      [old.amount_total, 'refunded', true],
    );
    const validEvent = (await publishedContract(server.base)).validator('BookingEvent', { $ref: '#/components/schemas/BookingEvent' });
    assert.ok(validEvent(refunded), JSON.stringify(validEvent.errors?.slice(0, 3)));
    assert.equal(eventsOf('booking.deposit_paid').length, 1, 'one deposit paid, told once');

    const listed = await listedPayments(booking.id);
    assert.deepEqual(
      listed.map(([, paid, state]) => [paid, state!.replace(/ le .+ Paiement/, ' … Paiement')]),
      [
        [plain(euros(amount)), 'payé'],
        [plain(euros(old.amount_total)), 'remboursé … Paiement en double, remboursé aussitôt'],
      ],
    );
    assert.ok(
      listed.every(([date]) => /\d{4} · \d{1,2}/.test(date!)),
      'each payment’s date',
    );

    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.equal(
      (await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'date-indisponible' })).status,
      303,
    );
    await waitFor(
      async () => (await depositRows(server, booking.id)).every((row: Row) => row.state === 'refunded'),
      'the refusal’s refund',
    );
    assert.deepEqual([refundsOf(old.payment_intent), refundsOf(second.payment_intent)], [1, 1], 'each payment refunded once');
    assert.deepEqual(
      (await listedPayments(booking.id)).map(([, paid, state]) => [paid, state!.replace(/ le .*/, '')]),
      [
        [plain(euros(amount)), 'remboursé'],
        [plain(euros(old.amount_total)), 'remboursé'],
      ],
      'the back office: both refunded',
    );
  });

  it('issue 52: the old session paid just before its expiry: Stripe refuses to expire it, the payment is recorded and no second session is made', async () => {
    const { booking, first } = await openedThenEdited(server.base, standIn, 'payee-avant-expiration@exemple.fr');
    // Paid on Checkout; its webhook is still on its way when the customer clicks again.
    standIn.pay(first.id);
    const clicked = await pay(server.base, payPath(booking));
    assert.match(String(clicked.location), /acompte=retour/);
    assert.equal(sessionsOf(standIn, booking.id).length, 1, 'no second session');
    assert.equal(standIn.sessions.get(first.id)!.status, 'complete');
    const [row] = await depositRows(server, booking.id);
    assert.deepEqual([row.state, row.payment_intent], ['paid', standIn.sessions.get(first.id)!.payment_intent]);
    assert.match((await page(server.base, devisPath(booking))).text, new RegExp(`Acompte de ${euros(first.amount_total)} payé le`));
    assert.match(String((await pay(server.base, payPath(booking))).location), /acompte=indisponible/, 'paid: nothing more to pay');
    assert.deepEqual(
      await deliver(server.base, standIn.event('checkout.session.completed', standIn.sessions.get(first.id)!, WEBHOOK_SECRET)),
      {
        status: 200,
        body: { received: true, outcome: 'déjà enregistré' },
      },
    );
    assert.equal(standIn.refunds.filter((refund) => refund.payment_intent === row.payment_intent).length, 0, 'the one payment kept');
  });

  it('issue 52: Stripe down during the expiry: no second session until the first is expired, tried again at the next click', async () => {
    const { booking, first, amount } = await openedThenEdited(server.base, standIn, 'stripe-en-panne@exemple.fr');
    standIn.setDown(/\/expire$/);
    try {
      const clicked = await pay(server.base, payPath(booking));
      assert.match(String(clicked.location), /acompte=erreur/);
      const told = await page(server.base, new URL(clicked.location!).pathname + new URL(clicked.location!).search);
      assert.ok(told.text.includes('Le service de paiement ne répond pas pour le moment. Réessayez dans quelques minutes.'));
      assert.equal(sessionsOf(standIn, booking.id).length, 1, 'no second session');
      assert.equal(standIn.sessions.get(first.id)!.status, 'open');
      assert.equal((await depositRows(server, booking.id))[0].state, 'open', 'not expired here before Stripe says so');
    } finally {
      standIn.setDown(false);
    }
    const second = sessionOf(standIn, (await pay(server.base, payPath(booking))).location);
    assert.equal(second.amount_total, amount);
    assert.equal(standIn.sessions.get(first.id)!.status, 'expired');
    const expiries = standIn.requests.filter((request) => request.path === `/v1/checkout/sessions/${first.id}/expire`);
    assert.ok(expiries.length >= 2, 'tried again');
    assert.equal(new Set(expiries.map((request) => request.idempotencyKey)).size, 1, 'with the same idempotency key');
    assert.deepEqual(
      (await depositRows(server, booking.id)).map((row: Row) => row.state),
      ['expired', 'open'],
    );
  });

  it('issue 52: a refusal refunds every paid deposit, also two left paid by the earlier version; the back office lists both', async () => {
    const { booking, first } = await openedThenEdited(server.base, standIn, 'deux-payes@exemple.fr');
    const second = sessionOf(standIn, (await pay(server.base, payPath(booking))).location);
    standIn.pay(second.id);
    const old = standIn.pay(first.id, { race: true });
    // As the version before issue 52 left such a booking: both payments recorded paid.
    const paidAt = new Date().toISOString();
    for (const session of [old, second])
      await server.query("UPDATE deposits SET state = 'paid', payment_intent = ?, paid_at = ? WHERE session_id = ?", [
        session.payment_intent,
        paidAt,
        session.id,
      ]);
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.equal(
      (await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'date-indisponible' })).status,
      303,
    );
    await waitFor(async () => (await depositRows(server, booking.id)).every((row: Row) => row.state === 'refunded'), 'both refunded');
    for (const session of [old, second])
      assert.equal(standIn.refunds.filter((refund) => refund.payment_intent === session.payment_intent).length, 1, 'refunded once');
    assert.deepEqual(
      (await listedPayments(booking.id)).map(([, paid, state]) => [paid, state!.replace(/ le .*/, '')]),
      [
        [plain(euros(old.amount_total)), 'remboursé'],
        [plain(euros(second.amount_total)), 'remboursé'],
      ],
      'the back office lists both payments, refunded',
    );
    await waitFor(
      () => inbox.to('deux-payes@exemple.fr').filter((mail) => /Acompte remboursé/.test(mail.mail.subject ?? '')).length === 2,
      'one e-mail per refund',
    );
  });
});

describe(`the deposit after a restart (between the payment and the webhook, or during an expiry), on ${DATABASE_NAME}`, () => {
  let standIn: StripeStandIn;
  let server: TestServer;
  before(async () => {
    standIn = await startStripeStandIn();
  });
  after(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it('the server killed after the customer paid, restarted on its database, ends paid once the webhook comes', async () => {
    const env = { ...FAST, ...STRIPE_ENV(standIn) };
    server = await startServer(undefined, 0, env);
    const office = new BackOffice(server.base);
    await office.signInAs(1);
    await setDeposit(office, { acompte: 'pourcentage', pourcentage: '25', echeance: 'reservation' });
    const booking = await book(server.base, 'redemarrage@exemple.fr');
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`);
    const paid = await pay(server.base, payPath(booking));
    const session = standIn.pay(new URL(paid.location!).pathname.split('/').pop()!);
    await server.stop('SIGKILL');
    // Stripe's first delivery finds nobody; it retries later, when the server is back.
    server = await startServer(server.database, 0, env);
    const back = await page(server.base, new URL(session.success_url).pathname + new URL(session.success_url).search);
    assert.match(back.text, /Paiement en cours de confirmation/, 'not paid before the webhook, after the restart too');
    // A click meanwhile makes no second session: the one paid is 'complete' at Stripe.
    const click = await pay(server.base, payPath(booking));
    assert.match(String(click.location), /acompte=retour/);
    assert.equal(sessionsOf(standIn, booking.id).length, 1);
    assert.equal((await deliver(server.base, standIn.event('checkout.session.completed', session, WEBHOOK_SECRET))).status, 200);
    const rows = await depositRows(server, booking.id);
    assert.deepEqual(
      rows.map((row: Row) => [row.state, Number(row.amount_cents)]),
      [['paid', Math.round((booking.totalCents * 25) / 100)]],
    );
  });

  it('issue 52: the server killed while Stripe expires the old session, restarted, makes one new session once the old one is expired', async (t) => {
    // A Stripe of its own: the booking ids of this new database are those of the test above.
    const stripe = await startStripeStandIn();
    t.after(() => stripe.close());
    const env = { ...FAST, ...STRIPE_ENV(stripe) };
    await server?.stop();
    server = await startServer(undefined, 0, env);
    const office = new BackOffice(server.base);
    await office.signInAs(1);
    await setDeposit(office, { acompte: 'pourcentage', pourcentage: '30', echeance: 'devis' });
    const { booking, first, amount } = await openedThenEdited(server.base, stripe, 'tue-pendant-expiration@exemple.fr');
    // Stripe expires the old session, but its answer is held: the server is killed before it comes.
    stripe.hold(/\/expire$/);
    const click = pay(server.base, payPath(booking)).catch(() => null);
    await waitFor(() => stripe.held() > 0, 'the expiry asked');
    await server.stop('SIGKILL');
    stripe.release();
    await click;
    assert.equal(stripe.sessions.get(first.id)!.status, 'expired');
    assert.equal(sessionsOf(stripe, booking.id).length, 1, 'no second session yet');
    server = await startServer(server.database, 0, env);
    const again = await pay(server.base, payPath(booking));
    const second = sessionOf(stripe, again.location);
    assert.notEqual(second.id, first.id);
    assert.equal(second.amount_total, amount);
    assert.equal(sessionsOf(stripe, booking.id).length, 2, 'one new session');
    const expiries = stripe.requests.filter((request) => request.path === `/v1/checkout/sessions/${first.id}/expire`);
    assert.equal(new Set(expiries.map((request) => request.idempotencyKey)).size, 1, 'asked again with the same idempotency key');
    assert.deepEqual(
      (await depositRows(server, booking.id)).map((row: Row) => row.state),
      ['expired', 'open'],
    );
  });
});

describe(`without Stripe's settings on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer(undefined, 0, FAST);
  });
  after(async () => server?.stop());

  it('nothing of the deposit shows: no Réglages page, no mention or button on the devis, no payment route, no webhook', async () => {
    const office = new BackOffice(server.base);
    await office.signInAs(1);
    const index = await office.get('/espace-transporteur/reglages');
    assert.doesNotMatch(index.text, /acompte/i);
    assert.equal((await office.get('/espace-transporteur/reglages/acompte')).status, 404);
    // Even a setting left in the database from a time Stripe was set shows nothing.
    await server.query(
      "INSERT INTO deposit_settings (company_id, kind, percent, due, updated_at) VALUES (1, 'percent', 30, 'booking_accepted', '2026-01-01T00:00:00Z')",
    );
    const booking = await book(server.base, 'sans-stripe@exemple.fr');
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    await office.post(`/espace-transporteur/reservations/${booking.id}/accepter`);
    const devis = await page(server.base, devisPath(booking));
    assert.equal(devis.status, 200);
    assert.doesNotMatch(devis.text, /acompte/i);
    assert.equal((await pay(server.base, payPath(booking))).status, 404);
    assert.equal(
      (await fetch(server.base + WEBHOOK_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
      404,
    );
    assert.doesNotMatch((await office.get(`/espace-transporteur/reservations/${booking.id}`)).text, /acompte/i);
    const api = await json(server.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`);
    assert.doesNotMatch(api.text, /deposit|acompte/i);
  });
});
