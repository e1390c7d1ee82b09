// The smaller holes of issue 41: what the server gives away by default. A session cookie
// behind TLS is Secure only when a trusted proxy says so, and a proxied request the server does
// not believe is said once in French; the devis page has a rate limit; a webhook's secret is
// shown once; source maps are served only when asked; the public grids are by default the
// wizard's alone in production (the demo shows both elements).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { DATABASE_NAME, json, startProductionServer, startServer } from './support.ts';
import { registerEndpoint, startReceiver, waitFor } from './webhook-receiver.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

const MARTIN = DEMO_ACCOUNTS.find((account) => account.companyId === 1);
const WARNING =
  /Requête reçue avec X-Forwarded-Proto: https d’une adresse que TRUST_PROXY ne désigne pas comme proxy\u00a0: le serveur ne croit pas l’en-tête X-Forwarded-Proto du proxy, les cookies de l’espace transporteur partent sans l’attribut Secure/g;

const isSecure = (line) => line.split(';').some((part) => part.trim().toLowerCase() === 'secure');
const sessionCookie = (answer) => answer.headers.getSetCookie().find((line) => line.startsWith('tqw_session='));

describe(`cookies behind a proxy that ends TLS (${DATABASE_NAME})`, () => {
  it('without TRUST_PROXY, X-Forwarded-Proto is not believed (no Secure), and the server says so once, in French', async () => {
    const server = await startServer(undefined, 0, { TRUST_PROXY: '', PUBLIC_URL: 'https://devis.exemple.fr' });
    try {
      // At start: PUBLIC_URL says https, nothing says which proxy to believe.
      assert.match(
        server.logs,
        /PUBLIC_URL est en https mais TRUST_PROXY n’est pas réglé\u00a0: le serveur ne croit pas l’en-tête X-Forwarded-Proto/,
      );
      const plain = await new BackOffice(server.base).signIn(MARTIN!.email, MARTIN!.password);
      assert.equal(plain.status, 303);
      assert.equal(server.logs.match(WARNING), null, 'nothing said for a plain request');
      const proxied = new BackOffice(server.base, { headers: { 'x-forwarded-proto': 'https' } });
      const answer = await proxied.signIn(MARTIN!.email, MARTIN!.password);
      assert.equal(answer.status, 303);
      assert.ok(!isSecure(sessionCookie(answer)), sessionCookie(answer));
      // Issue 58: HSTS only over HTTPS as the server knows it; a header nobody vouches for is not HTTPS.
      assert.equal(plain.headers.get('strict-transport-security'), null);
      assert.equal(answer.headers.get('strict-transport-security'), null);
      await proxied.get('/espace-transporteur/reservations');
      await waitFor(() => server.logs.match(WARNING)?.length === 1, 'l’avertissement');
      // Said once: a second proxied request adds nothing, and the booking after it is logged after the warning.
      await proxied.get('/espace-transporteur/reservations');
      assert.equal((await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).status, 201);
      await waitFor(() => /POST \/api\/v1\/travels 201/.test(server.logs), 'la ligne de la réservation');
      assert.equal(server.logs.match(WARNING)!.length, 1);
    } finally {
      await server.stop();
    }
  });

  it('with TRUST_PROXY naming the proxy, the cookie is Secure, HSTS is sent over HTTPS only (issue 58), and nothing is said', async () => {
    const server = await startServer(undefined, 0, { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://devis.exemple.fr' });
    try {
      const answer = await new BackOffice(server.base, { headers: { 'x-forwarded-proto': 'https' } }).signIn(
        MARTIN!.email,
        MARTIN!.password,
      );
      assert.ok(isSecure(sessionCookie(answer)), sessionCookie(answer));
      // Issue 58: HSTS over HTTPS (the proxy's word, believed), never over plain HTTP.
      assert.equal(answer.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
      const plain = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
      assert.equal(plain.status, 201);
      assert.equal(plain.headers.get('strict-transport-security'), null);
      await waitFor(() => /POST \/api\/v1\/travels 201/.test(server.logs), 'la ligne de la réservation');
      assert.doesNotMatch(server.logs, /TRUST_PROXY/);
    } finally {
      await server.stop();
    }
  });
});

describe(`the devis page and the webhooks’ secrets (${DATABASE_NAME})`, () => {
  let server;
  let receiver;
  before(async () => {
    receiver = await startReceiver();
    server = await startServer(undefined, 0, { RATE_READS_PER_MINUTE_PER_IP: '5' });
  });
  after(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('the devis page has a rate limit: a guesser is stopped with 429 and Retry-After, in French', async () => {
    const created = (await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).data;
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let guess = 0; guess < 8 && refused === null; guess += 1) {
      const answer = await fetch(`${server.base}/devis/${created.id}?token=essai-${guess}`);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    assert.deepEqual(statuses, [404, 404, 404, 404, 404, 429]);
    assert.ok(Number(refused!.headers.get('retry-after')) > 0);
    assert.match((await refused!.json()).error, /^Trop de requêtes\u00a0: réessayez dans \d+\u00a0s\.$/);
    // The right token too, past the budget.
    assert.equal((await fetch(`${server.base}/devis/${created.id}?token=${created.token}`)).status, 429);
  });

  it('a webhook’s secret is shown whole once, on the answer that adds it, and masked afterwards', async () => {
    const office = await new BackOffice(server.base).signInAs(1);
    const { secret, page, added } = await registerEndpoint(office, `${receiver.url}?une-fois`, 'public');
    assert.match(secret, /^whsec_[\w-]{43}$/);
    assert.match(added, /Copiez-le maintenant dans le logiciel qui reçoit les événements\u00a0: il n’est affiché que cette fois\./);
    assert.ok(!page.includes(secret), 'the webhooks page never shows it again');
    assert.ok(page.includes(`<code class="secret-masked">${secret.slice(0, 10)}…</code>`), 'its first characters, to tell it apart');
    assert.ok(!page.includes(secret.slice(10, 20)));
  });
});

describe(`a production server’s defaults (${DATABASE_NAME})`, () => {
  it('serves no source map unless SERVE_SOURCE_MAPS=1, and prices the public on the wizard’s grid alone unless PUBLIC_PRICE_GRIDS says otherwise', async () => {
    const lite = { ...bookingBody(), price_grid: 'lite' };
    const quote = (base, grid) => json(base, 'POST', '/api/v1/quotes', { body: { grid, addresses: lite.addresses, items: lite.items } });
    const production = await startProductionServer();
    try {
      assert.equal((await fetch(`${production.base}/dist/transport-quote-wizard.js`)).status, 200);
      for (const map of ['esm/transport-quote-wizard.js.map', 'esm/transport-quote-lite.js.map', 'pricing-worker.js.map'])
        assert.equal((await fetch(`${production.base}/dist/${map}`)).status, 404, map);
      // A site with the wizard alone is not booked on the lite's grid by calling the API.
      const refused = await quote(production.base, 'lite');
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.data.fields[0].message, 'Grille de prix non proposée par le transporteur au public');
      assert.equal((await json(production.base, 'POST', '/api/v1/travels', { body: lite })).status, 422);
      assert.equal((await quote(production.base, 'wizard')).status, 201);
    } finally {
      await production.stop();
    }
    const asked = await startProductionServer({ SERVE_SOURCE_MAPS: '1', PUBLIC_PRICE_GRIDS: 'wizard,lite' });
    try {
      const map = await fetch(`${asked.base}/dist/esm/transport-quote-wizard.js.map`);
      assert.equal(map.status, 200);
      assert.ok(Array.isArray((await map.json()).sources));
      assert.equal((await quote(asked.base, 'lite')).status, 201);
    } finally {
      await asked.stop();
    }
    // The demo shows both elements, and serves its maps to whoever studies it.
    const demo = await startServer();
    try {
      assert.equal((await fetch(`${demo.base}/dist/esm/transport-quote-wizard.js.map`)).status, 200);
      assert.equal((await quote(demo.base, 'lite')).status, 201);
    } finally {
      await demo.stop();
    }
  });
});
