// The carrier's Réglages: for its administrators only, whoever asks and however.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DATABASE_NAME, startServer } from './support.ts';

describe(`the Réglages on ${DATABASE_NAME}: administrators only`, () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  it('shows an administrator (every account the operator’s CLI or the demo made) the Réglages and its journal', async () => {
    const office = await new BackOffice(server.base).signInAs(1);
    const list = await office.get('/espace-transporteur/reservations');
    assert.match(list.text, /<a href="\/espace-transporteur\/reglages">Réglages<\/a>/);
    const index = await office.get('/espace-transporteur/reglages');
    assert.equal(index.status, 200);
    assert.match(index.text, /<h1>Réglages<\/h1>/);
    const journal = await office.get('/espace-transporteur/reglages/journal');
    assert.equal(journal.status, 200);
    assert.match(journal.text, /Aucun réglage n’a encore été changé/);
  });

  it('a new carrier’s first hour: the Réglages list what is left with where to do it, and count each step done (issue 55, point 12)', async () => {
    const office = await new BackOffice(server.base).signInAs(2);
    // Its empty list does not say 'tout a reçu une réponse' to a carrier that never had a booking: it says where they come from.
    const empty = (await office.get('/espace-transporteur/reservations')).text;
    assert.match(empty, /Aucune réservation pour le moment\u00a0: elles arrivent ici dès qu’un client réserve sur votre site\./);
    assert.match(empty, /<a class="button secondary" href="\/espace-transporteur\/reglages\/integration">Intégrer à mon site<\/a>/);
    const progress = (html: string) => Number(/(\d) étapes? sur 5/.exec(html)?.[1] ?? NaN);
    const before = (await office.get('/espace-transporteur/reglages')).text;
    assert.match(before, /<h2 id="mise-en-route">Mise en route<\/h2>/);
    // Dupont prices on the default tariff: the step says so, and leads to the tariff.
    assert.match(before, /<strong>Vos tarifs<\/strong>.*<a href="\/espace-transporteur\/reglages\/tarifs">Écrire mes tarifs<\/a>/);
    const [{ store_json: store }] = await server.query('SELECT store_json FROM companies WHERE id = 2');
    const records = JSON.parse(store);
    const tariff = {
      vat: 0.2,
      handling: { rate_standard: 20, rate_moving: 32 },
      transport: { minimum: 40, per_km: 0.8, per_hour: 15 },
      vehicles: [{ id: 1, name: 'Fourgon 12 m³', capacity: 12 }],
    };
    await server.query('UPDATE companies SET store_json = ? WHERE id = 2', [JSON.stringify({ ...records, tariff, tariff_version: 1 })]);
    try {
      const after = (await office.get('/espace-transporteur/reglages')).text;
      assert.equal(progress(after), progress(before) + 1, 'one more step done');
      assert.match(after, /<span class="badge signed">Fait<\/span> Vos tarifs/);
    } finally {
      await server.query('UPDATE companies SET store_json = ? WHERE id = 2', [store]);
    }
  });

  it('refuses an exploitant every Réglages page with a 403 in French, and hides the link', async () => {
    const account = DEMO_ACCOUNTS[1];
    await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['exploitant', account.email]);
    try {
      const office = await new BackOffice(server.base).signInAs(2);
      const list = await office.get('/espace-transporteur/reservations');
      assert.equal(list.status, 200);
      assert.doesNotMatch(list.text, /href="\/espace-transporteur\/reglages"/);
      for (const path of ['/espace-transporteur/reglages', '/espace-transporteur/reglages/journal']) {
        const answer = await office.get(path);
        assert.equal(answer.status, 403, path);
        assert.match(answer.text, /réservés à ses administrateurs/);
      }
    } finally {
      await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['administrateur', account.email]);
    }
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    const answer = await new BackOffice(server.base).get('/espace-transporteur/reglages');
    assert.equal(answer.status, 303);
    assert.equal(answer.location, '/espace-transporteur/connexion');
  });
});
