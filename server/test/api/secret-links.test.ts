// Issue 52, point 5: every link the product mails carries a secret (the booking's token, the
// devis's, an invitation's, a reset's, a counter-offer's `jeton`), and whoever reads the
// server's log must not find one of them there. Each e-mail is received on a real SMTP
// server, each of its links followed as the customer or colleague would, and the log read.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { BackOffice, DEMO_ACCOUNTS } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, json, startServer, withServerPrice } from './support.ts';

const BASE = '/espace-transporteur';
const [MARTIN] = DEMO_ACCOUNTS;

async function waitFor<T>(condition: () => T | Promise<T>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`attendu en vain : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every address of the server an e-mail's text and HTML carry. */
function linksIn(text: string, base: string): URL[] {
  const found = text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  return found.map((link) => new URL(link.replace(/&amp;/g, '&'))).filter((url) => url.origin === new URL(base).origin);
}

/** The secrets a link carries: every query value and path segment of 16 characters or more that is not words and dashes. */
function secretsOf(url: URL): string[] {
  const values = [...url.searchParams.values(), ...url.pathname.split('/')];
  return values.filter((value) => value.length >= 16 && !/^[a-z-]+$/.test(value));
}

describe(`no secret of a mailed link reaches the log (${DATABASE_NAME})`, () => {
  let server;
  let inbox;
  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { SMTP_URL: inbox.url, MAIL_TIMEOUT_MS: '2000', ACCEPTANCE_UNDO_SECONDS: '0' });
  });
  after(async () => {
    await server?.stop();
    await inbox?.close();
  });

  it('issue 52: the links of the confirmation, the devis, an invitation, a password reset and a counter-offer, followed, leave no secret in the log', async () => {
    const customer = 'secret.links@exemple.fr';
    const body = bookingBody({ customer: { phone_number: '0612345678', email: customer, name: 'Séraphine Liens' } });
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: await withServerPrice(server.base, body) });
    assert.equal(created.status, 201, created.text);
    await waitFor(() => inbox.to(customer).length > 0, 'la confirmation');

    const martin = await new BackOffice(server.base).signInAs(1);
    // An invitation, and a forgotten password.
    const colleague = 'collegue.secrets@transports-martin.example';
    await martin.get(`${BASE}/equipe`);
    assert.equal((await martin.post(`${BASE}/equipe/invitations`, { email: colleague, role: 'exploitant' })).status, 303);
    const visitor = new BackOffice(server.base);
    await visitor.get(`${BASE}/mot-de-passe-oublie`);
    await visitor.post(`${BASE}/mot-de-passe-oublie`, { email: MARTIN.email });
    // A counter-offer: another day (a public booking's price stays the grid's).
    const proposed = DateTime.now().setZone('Europe/Paris').plus({ days: 20 });
    await martin.get(`${BASE}/reservations/${created.data.id}`);
    const offered = await martin.post(`${BASE}/reservations/${created.data.id}/contre-proposition`, {
      date: proposed.toFormat('dd/LL/yyyy'),
      heure: '9h00',
    });
    assert.equal(
      offered.status,
      201,
      offered.text
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 1500),
    );
    await waitFor(
      () => inbox.to(colleague).length > 0 && inbox.to(MARTIN.email).some((m) => /mot de passe/i.test(m.mail.subject)),
      'l’invitation et la réinitialisation',
    );
    await waitFor(() => inbox.to(customer).some((m) => /autre date$/.test(m.mail.subject)), 'la contre-proposition');

    const mails = [...inbox.to(customer), ...inbox.to(colleague), ...inbox.to(MARTIN.email)];
    const links = mails.flatMap((message) => linksIn(`${message.mail.text ?? ''}\n${message.mail.html || ''}`, server.base));
    const secrets = [...new Set(links.flatMap(secretsOf))];
    // The confirmation's edit and follow links, the devis's, the invitation's, the reset's, the counter-offer's.
    assert.ok(secrets.length >= 5, `secrets found in the e-mails: ${secrets.length}\n${links.join('\n')}`);
    const logged = () => (server.logs.match(/"msg":"GET \//g) ?? []).length;
    const before = logged();
    for (const url of links) {
      const answer = await fetch(url, { redirect: 'manual' });
      assert.ok(answer.status < 500, `${url.pathname}: ${answer.status}`);
    }
    // Every request is logged as it is answered: as many more lines say they all are.
    await waitFor(() => logged() >= before + links.length, 'une ligne par lien suivi');
    const leaked = secrets.filter((secret) => server.logs.includes(secret));
    assert.deepEqual(
      leaked,
      [],
      `in the log:\n${server.logs
        .split('\n')
        .filter((line) => leaked.some((s) => line.includes(s)))
        .join('\n')}`,
    );
  });
});
