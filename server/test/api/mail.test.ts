// The customer's e-mails, read from a local SMTP server as a mail client shows them: the
// confirmation (number, date, trip, total, the edit and devis links, which open), the
// acceptance, the refusal with its reason; in French, text and simple HTML with nothing a mail
// client blocks; never a company token. An SMTP server that is down loses nothing: the message
// waits in the outbox and leaves when the server is back. Without SMTP_URL the demo writes
// .eml files and says where.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, FIXTURE_DAY, HANDLING_CENTS, TRANSPORT_CENTS } from './booking-body.ts';
import { htCents } from './spec-prices.ts';
import { freePort, startInbox } from './smtp-inbox.ts';
import { DEMO_COMPANY_TOKEN, json, logMessages, startServer, DATABASE_KIND, DATABASE_NAME, tempDatabasePath } from './support.ts';
import { waitFor } from './webhook-receiver.ts';

const FAST = {
  // The acceptance's e-mail leaves at once (its undo window delays it otherwise: dispatch.test.ts).
  ACCEPTANCE_UNDO_SECONDS: '0',
  OUTBOX_FIRST_RETRY_MS: '200',
  OUTBOX_POLL_MS: '100',
  MAIL_TIMEOUT_MS: '2000',
  MAIL_FROM: 'reservations@transports-martin.example',
};
const NBSP = '\u00a0';

const book = async (base, overrides = {}) => {
  const created = await json(base, 'POST', '/api/v1/travels', { body: bookingBody(overrides) });
  assert.equal(created.status, 201, created.text);
  return created.data;
};

/** The euros of a total as the e-mail writes it (fr-FR, no cents when whole), from spec §9's figures. */
const euros = (cents) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);

describe(`the customer's e-mails through SMTP on ${DATABASE_NAME}`, () => {
  let inbox;
  let server;
  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { ...FAST, SMTP_URL: inbox.url });
  });
  after(async () => {
    await server.stop();
    await inbox.close();
  });

  it('confirms a booking: number, date, trip, total, the edit link and the devis link (both open), in French text and simple HTML', async () => {
    const email = 'confirmation@exemple.fr';
    const created = await book(server.base, { customer: { phone_number: '0612345678', email, name: 'Marie Curie' } });
    await waitFor(() => inbox.to(email).length === 1, 'la confirmation');
    const { mail } = inbox.to(email)[0];
    assert.equal(mail.subject, `Votre réservation n°${NBSP}${created.id} est enregistrée`);
    assert.deepEqual(mail.from.value, [{ address: 'reservations@transports-martin.example', name: 'Transports Martin & Fils' }]);
    assert.equal(mail.replyTo.value[0].address, 'contact@transports-martin.example');
    const text = mail.text;
    assert.match(text, /^Bonjour Marie Curie,/);
    assert.ok(text.includes(`Réservation${NBSP}: n°${NBSP}${created.id}`));
    // The fixture's day (a Monday ahead), as French writes it: 'lundi 25 janvier 2027', the first of a month '1er'.
    const day = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
      .format(new Date(`${FIXTURE_DAY}T12:00:00Z`))
      .replace(/^(\S+) 1 /, '$1 1er ');
    assert.ok(text.includes(`Date${NBSP}: ${day} à 9${NBSP}h`), text);
    assert.ok(text.includes(`Trajet${NBSP}: de 10 Rue de Rivoli 75004 Paris à 3 Place Bellecour 69002 Lyon`));
    // The inventory's count (a 3-seat sofa), its lines on the devis the mail links to.
    assert.ok(text.includes(`Objets${NBSP}: 1${NBSP}objet (le détail est sur le devis)`), text);
    const total = TRANSPORT_CENTS + HANDLING_CENTS;
    const totalHt = htCents(TRANSPORT_CENTS) + htCents(HANDLING_CENTS);
    assert.ok(text.includes(`Total${NBSP}: ${euros(total)} TTC (${euros(totalHt)} HT)`), text);
    const editUrl = `${server.base}/edit.html?id=${created.id}&token=${created.token}`;
    assert.ok(text.includes(`Modifier ma réservation${NBSP}: ${editUrl}`), text);
    // The devis link carries a read-only token of its own, never the one that edits the booking.
    const devisUrl = new RegExp(`${NBSP}: (${server.base}/devis/${created.id}\\?token=([\\w-]{43}))\n`).exec(text)?.[1];
    assert.ok(devisUrl, text);
    const readOnly = new URL(devisUrl).searchParams.get('token');
    assert.notEqual(readOnly, created.token);
    assert.ok(
      !text.split(editUrl).join('').split(`/suivi/${created.id}?token=${created.token}`).join('').includes(created.token),
      'the edit token only in the edit link and the customer’s page',
    );
    assert.equal((await fetch(editUrl)).status, 200);
    const devis = await fetch(devisUrl);
    assert.equal(devis.status, 200);
    assert.match(await devis.text(), /Devis de déménagement/);
    // It opens the devis and nothing else: neither the booking nor its edit.
    assert.equal((await json(server.base, 'GET', `/api/v1/travels/${created.id}?token=${readOnly}`)).status, 404);
    const edit = await json(server.base, 'PATCH', `/api/v1/travels/${created.id}?token=${readOnly}`, { body: bookingBody() });
    assert.equal(edit.status, 404);
    // Nor another booking's devis.
    const other = await book(server.base);
    assert.equal((await fetch(`${server.base}/devis/${other.id}?token=${readOnly}`)).status, 404);
    // The HTML part: the same links, nothing fetched from elsewhere, nothing that runs.
    const html = mail.html;
    assert.ok(html.includes(`href="${editUrl.replace('&', '&amp;')}"`), 'the edit link');
    assert.ok(html.includes(`href="${devisUrl}"`), 'the devis link');
    assert.doesNotMatch(html, /<(img|script|link|iframe|form|object|video|audio|style)\b/i);
    assert.doesNotMatch(html, /\bsrc=|url\(/i);
    const urls = [...html.matchAll(/https?:\/\/[^"<\s]+/g)].map((match) => match[0].replace(/&amp;/g, '&'));
    // The customer's page (issue 46), by the booking's token: it shows where the booking stands and leads to the edit.
    const followUrl = `${server.base}/suivi/${created.id}?token=${created.token}`;
    assert.ok(text.includes(`Suivre ma réservation${NBSP}: ${followUrl}`), text);
    // The booking's answer gives the page the same two links, for its success panel (issue 55, point 5).
    assert.equal(created.edit_url, editUrl);
    assert.equal(created.follow_url, followUrl);
    assert.equal((await fetch(followUrl)).status, 200);
    assert.deepEqual(new Set(urls), new Set([followUrl, editUrl, devisUrl]), 'no address but the three links');
    assert.match(html, /<html lang="fr">/);
  });

  it('tells the customer of the acceptance, and of a refusal with its reason; a company booking’s e-mails hold no company token', async () => {
    const email = 'decision@exemple.fr';
    const customer = { phone_number: '0612345678', email, name: 'Paul Langevin' };
    const accepted = await book(server.base, { customer });
    const refused = await book(server.base, { customer, company_token: DEMO_COMPANY_TOKEN });
    const martin = await new BackOffice(server.base).signInAs(1);
    await martin.get(`/espace-transporteur/reservations/${accepted.id}`);
    assert.equal((await martin.post(`/espace-transporteur/reservations/${accepted.id}/accepter`)).status, 303);
    const reason = 'Aucun véhicule disponible à cette date, désolé.';
    await martin.get(`/espace-transporteur/reservations/${refused.id}`);
    assert.equal((await martin.post(`/espace-transporteur/reservations/${refused.id}/refuser`, { motif: reason })).status, 303);
    await waitFor(() => inbox.to(email).length === 4, 'deux confirmations, une acceptation, un refus');
    const bySubject = (pattern) => inbox.to(email).find((message) => pattern.test(message.mail.subject));
    const acceptance = bySubject(new RegExp(`n°${NBSP}${accepted.id} est acceptée$`));
    assert.match(acceptance.mail.text, /Transports Martin & Fils a accepté votre réservation\./);
    assert.match(acceptance.mail.text, /prévenez alors le transporteur de tout changement important/);
    const refusal = bySubject(new RegExp(`n°${NBSP}${refused.id} n’a pas pu être acceptée$`));
    assert.ok(refusal.mail.text.includes(`Motif${NBSP}: ${reason}`), refusal.mail.text);
    assert.ok(refusal.mail.html.includes(`Motif${NBSP}: Aucun véhicule disponible à cette date, désolé.`));
    for (const message of inbox.messages) {
      assert.ok(!message.raw.includes(DEMO_COMPANY_TOKEN), `${message.mail.subject}: the company token`);
      assert.ok(!message.mail.text.includes(DEMO_COMPANY_TOKEN));
    }
    // The acceptance and the refusal carry no link with the booking's token (only the confirmation knows it):
    // their one link is the customer's page by a read-only token, which shows and changes nothing.
    for (const [message, id] of [
      [acceptance, accepted.id],
      [refusal, refused.id],
    ]) {
      const link = new RegExp(`Suivre ma réservation${NBSP}: (${server.base}/suivi/${id}\\?token=([\\w-]{43}))\n`).exec(message.mail.text);
      assert.ok(link, message.mail.text);
      assert.equal([...message.mail.text.matchAll(/token=/g)].length, 1);
      assert.equal((await fetch(link[1])).status, 200);
      const patched = await json(server.base, 'PATCH', `/api/v1/travels/${id}?token=${link[2]}`, { body: bookingBody() });
      assert.equal(patched.status, 404);
    }
  });

  it('sends nothing to a customer who gave no e-mail', async () => {
    const created = await book(server.base, { customer: { phone_number: '0612345678', email: '', name: 'Sans courriel' } });
    const rows = await server.query('SELECT COUNT(*) AS n FROM mail_outbox WHERE travel_id = ?', [created.id]);
    assert.equal(Number(rows[0].n), 0);
  });
});

describe(`an SMTP server that is down on ${DATABASE_NAME}`, () => {
  it('keeps the e-mail in the outbox, retries, and sends it once the server is back; the message is then erased', async () => {
    const port = await freePort();
    const server = await startServer(undefined, 0, { ...FAST, SMTP_URL: `smtp://127.0.0.1:${port}` });
    let inbox: Awaited<ReturnType<typeof startInbox>> | null = null;
    try {
      const email = 'patience@exemple.fr';
      const created = await book(server.base, { customer: { phone_number: '0612345678', email, name: 'Irène Joliot' } });
      await waitFor(async () => {
        const [row] = await server.query('SELECT attempts, last_error, state FROM mail_outbox WHERE travel_id = ?', [created.id]);
        return row && Number(row.attempts) >= 2 && row.last_error && row.state === 'pending';
      }, 'deux envois manqués');
      const [waiting] = await server.query('SELECT message_json FROM mail_outbox WHERE travel_id = ?', [created.id]);
      assert.ok(waiting.message_json, 'the message waits whole');
      inbox = await startInbox({ port });
      await waitFor(() => inbox!.to(email).length === 1, 'l’e-mail une fois le serveur SMTP revenu');
      assert.match(inbox!.to(email)[0].mail.subject!, new RegExp(`n°${NBSP}${created.id} est enregistrée`));
      await waitFor(async () => {
        const [row] = await server.query('SELECT state, message_json FROM mail_outbox WHERE travel_id = ?', [created.id]);
        return row.state === 'delivered' && row.message_json === null;
      }, 'l’e-mail marqué envoyé et effacé (ses liens portent le jeton)');
      // The log says it failed, never where the link leads.
      assert.match(server.logs, /e-mail \d+ \(essai 1\) non envoyé/);
      assert.ok(!server.logs.includes(created.token));
    } finally {
      await server.stop();
      await inbox?.close();
    }
  });
});

if (DATABASE_KIND === 'sqlite') {
  describe('the demo without SMTP_URL', () => {
    it('writes each e-mail as an .eml file beside its database and says where at start', async () => {
      const database = tempDatabasePath();
      const server = await startServer(database, 0, { OUTBOX_POLL_MS: '100' });
      try {
        const folder = path.join(path.dirname(database), 'mails');
        // The start's banner, one JSON line each, comes before the READY line.
        await waitFor(
          () => logMessages(server.logs).includes(`E-mails aux clients\u00a0: écrits dans ${folder} (fichiers .eml)`),
          'le dossier des e-mails au démarrage',
        );
        const created = await book(server.base);
        const file = path.join(folder, `reservation-${created.id}-confirmation-1.eml`);
        await waitFor(() => existsSync(file), 'le fichier .eml');
        const mail = await simpleParser(readFileSync(file));
        assert.equal(mail.subject, `Votre réservation n°${NBSP}${created.id} est enregistrée`);
        assert.ok(mail.text!.includes(`token=${created.token}`));
      } finally {
        await server.stop();
      }
    });
  });
}
