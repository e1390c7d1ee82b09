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
