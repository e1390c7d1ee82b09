// Hole 5 of issue 41: the carrier's mail server must not write what a stranger types to whom he
// chooses. A public booking for someone else's address, its name and address holding line
// breaks, a fake deposit request and a payment link, sends an e-mail without any of it in a
// header, a link or a line of its own; and a public booking's confirmation reaches one mailbox
// only so many times a day, counted in the database for every process. Read from a local SMTP
// server as a mail client shows it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, startServer, withServerPrice } from './support.ts';
import { waitFor } from './webhook-receiver.ts';
import { pdfPages } from './pdf-text.ts';

const FAST = {
  OUTBOX_FIRST_RETRY_MS: '200',
  OUTBOX_POLL_MS: '100',
  MAIL_TIMEOUT_MS: '2000',
  MAIL_FROM: 'reservations@transports-martin.example',
  MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '2',
};

const PHISHING = 'Votre acompte de 300 € est à régler aujourd’hui sur https://paiement-securise.example/acompte';
/** A name as a forger writes it: header lines, a blank line, the fake request, and every way of breaking a line. */
const FORGED_NAME = `Marie\r\nBcc: complice@exemple.org\r\nSubject: Urgent\r\n\r\n${PHISHING}\u2028Merci\u0085de votre confiance`;
const FORGED_ADDRESS = `3 Place Bellecour 69002 Lyon\n${PHISHING.replace('https://', 'www.')}\u202e moc.elpmaxe@tnemeiap`;

/** The header lines of a raw message, unfolded: name → values. */
function headerNames(raw) {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

describe(`a stranger’s text in the carrier’s e-mails (${DATABASE_NAME})`, () => {
  let inbox;
  let server;
  let other;
  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { ...FAST, SMTP_URL: inbox.url });
    // A second process on the same database: the count is the database's, not a process's.
    other = await startServer(server.database, 0, { ...FAST, SMTP_URL: inbox.url });
  });
  after(async () => {
    await other?.stop();
    await server?.stop();
    await inbox?.close();
  });
  const post = async (base, body) => {
    const created = await json(base, 'POST', '/api/v1/travels', { body });
    assert.equal(created.status, 201, created.text);
    return created.data;
  };

  it('a name and an address with line breaks, a deposit request and a link: no header, no link, no line of their own', async () => {
    const victim = 'victime@exemple.org';
    const body = bookingBody({ customer: { phone_number: '0612345678', email: victim, name: FORGED_NAME } });
    body.addresses[1].address_complete = FORGED_ADDRESS;
    const created = await post(server.base, body);
    await waitFor(() => inbox.to(victim).length === 1, 'la confirmation');
    const { mail, raw } = inbox.to(victim)[0];
    // The headers are the server's own, and only one recipient.
    assert.deepEqual(
      new Set(headerNames(raw)),
      new Set(['content-type', 'from', 'reply-to', 'to', 'subject', 'message-id', 'date', 'mime-version']),
      raw.split(/\r?\n\r?\n/)[0],
    );
    assert.deepEqual(
      mail.to.value.map((entry) => entry.address),
      [victim],
    );
    assert.equal(mail.bcc, undefined);
    assert.equal(mail.subject, `Votre réservation n°\u00a0${created.id} est enregistrée`);
    // No link but the server's own, in the text or in the HTML, and nothing a client would make one of.
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
    // The customer's page, the edit and the devis: the server's three, and nothing else.
    assert.deepEqual(
      links.map((url) => new URL(url).pathname.replace(/\d+$/, 'N')),
      ['/suivi/N', '/edit.html', '/devis/N'],
      mail.html,
    );
    for (const url of links) assert.ok(url.startsWith(`${server.base}/`), url);
    for (const text of [mail.text, mail.html]) {
      assert.doesNotMatch(text, /paiement|complice|elpmaxe|https:\/\/(?!127\.0\.0\.1)/, text);
      assert.doesNotMatch(text, /[\u2028\u2029\u0085\u202e]/);
    }
    // The greeting has no name that holds a link; the trip is the address on one line, its link-like words gone.
    assert.match(mail.text, /^Bonjour,\n/);
    const trip = mail.text.split('\n').find((line) => line.startsWith('Trajet'));
    assert.match(trip, /^Trajet\u00a0: de 10 Rue de Rivoli 75004 Paris à 3 Place Bellecour 69002 Lyon Votre acompte de 300 € est à régler/);
    assert.ok(!mail.text.split('\n').some((line) => line.startsWith('Votre acompte')), 'no line of its own');
    // Issue 52: the devis attached, and the devis page its link opens, print none of it either:
    // they leave in the carrier's name too.
    const attached = mail.attachments.find((file) => file.contentType === 'application/pdf');
    assert.ok(attached, 'the devis is attached');
    const pdf = (await pdfPages(attached.content)).join('\n');
    const devisLink = links.find((url) => new URL(url).pathname.startsWith('/devis/'))!;
    const page = await (await fetch(devisLink)).text();
    for (const text of [pdf, page]) {
      // Nothing of the stranger's: the carrier's own links (its mediator's site) may be there.
      assert.doesNotMatch(text, /paiement-securise|complice|elpmaxe|https:\/\/paiement|www\.paiement/, text.slice(0, 2000));
      assert.match(text, /3 Place Bellecour 69002 Lyon Votre acompte de 300 € est à régler/);
    }
    // An honest name is still greeted, on one line.
    const honest = 'honnete@exemple.org';
    await post(server.base, bookingBody({ customer: { phone_number: '0612345678', email: honest, name: 'Jean-Pierre\nMartin' } }));
    await waitFor(() => inbox.to(honest).length === 1, 'la confirmation honnête');
    assert.match(inbox.to(honest)[0].mail.text, /^Bonjour Jean-Pierre Martin,\n/);
  });

  it('issue 52: a confirmation reaches one mailbox twice a day at most (the setting), whichever path booked, from every process; the answer and the carrier say so', async () => {
    const victim = 'cible@exemple.org';
    const customer = (email) => ({ customer: { phone_number: '0612345678', email, name: 'Inconnu' } });
    // Two by two processes, the second with a '+tag' and capitals: one mailbox.
    const first = await post(server.base, bookingBody(customer(victim)));
    const second = await post(other.base, bookingBody(customer('Cible+reservation@Exemple.org')));
    const third = await post(server.base, bookingBody(customer('cible+autre@exemple.org')));
    const fourth = await post(other.base, bookingBody(customer(victim)));
    // The answer says which will reach the customer, for the element to tell it on screen.
    assert.deepEqual(
      [first, second, third, fourth].map((created) => created.confirmation_email),
      ['sent', 'sent', 'withheld', 'withheld'],
    );
    // Each withheld one is stored, acknowledged, and marked given up at once, with why.
    for (const created of [third, fourth]) {
      const rows = await server.query('SELECT state, attempts, message_json, last_error FROM mail_outbox WHERE travel_id = ?', [
        created.id,
      ]);
      assert.equal(rows.length, 1);
      assert.equal(rows[0].state, 'failed');
      assert.equal(Number(rows[0].attempts), 0);
      assert.equal(rows[0].message_json, null);
      assert.match(rows[0].last_error, /^Confirmation non envoyée\u00a0: cette adresse a déjà reçu 2 confirmations/);
    }
    // A company's intranet may type any address too: its booking to the same mailbox counts in
    // the same share, and is withheld past it.
    const company = await post(
      server.base,
      await withServerPrice(server.base, bookingBody({ ...customer(victim), company_token: DEMO_COMPANY_TOKEN })),
    );
    assert.equal(company.confirmation_email, 'withheld');
    const mailbox = () => inbox.messages.filter((message) => /cible/i.test(message.mail.to.text));
    await waitFor(async () => {
      const pending = await server.query("SELECT COUNT(*) AS n FROM mail_outbox WHERE state = 'pending'");
      return Number(pending[0].n) === 0;
    }, 'plus rien à envoyer');
    await waitFor(() => mailbox().length >= 2, 'les deux confirmations permises');
    assert.equal(mailbox().length, 2, 'the two the setting allows, and no more');
    // The carrier reads it on the booking's page.
    const office = await new BackOffice(server.base).signInAs(1);
    const page = await office.get(`/espace-transporteur/reservations/${third.id}`);
    assert.equal(page.status, 200);
    assert.match(page.text, /Confirmation non envoyée\u00a0: cette adresse a déjà reçu 2 confirmations de réservation en 24\u00a0heures/);
    const withheld = await office.get(`/espace-transporteur/reservations/${company.id}`);
    assert.match(withheld.text, /Confirmation non envoyée/);
    const sent = await office.get(`/espace-transporteur/reservations/${first.id}`);
    assert.doesNotMatch(sent.text, /Confirmation non envoyée/);
  });
});
