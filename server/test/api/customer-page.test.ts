// The customer's page (issue 46, part 4): /suivi/{id} opened by the booking's link says where
// it stands at each state, with the carrier's contact and the devis, and leads to the edit
// while edits are open; another booking's token is a 404. Edits close the carrier's number of
// days before the move (Réglages, journaled), refused with a 422 in French on every path; an
// accepted booking edited goes back to the carrier, re-priced, with its alert. The e-mail of
// the day before is sent once across a restart, and waits in the outbox while the SMTP server
// is down. 'Today' and 'tomorrow' are the server's clock in France, read the same way here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { freePort, startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, startServer, type TestServer } from './support.ts';
import { waitFor } from './webhook-receiver.ts';

const NBSP = '\u00a0';
const PARIS = 'Europe/Paris';
const dayFromToday = (days: number) => DateTime.now().setZone(PARIS).plus({ days }).toISODate()!;
const FAST = {
  ACCEPTANCE_UNDO_SECONDS: '0',
  OUTBOX_FIRST_RETRY_MS: '200',
  OUTBOX_POLL_MS: '100',
  MAIL_TIMEOUT_MS: '2000',
  CALENDAR_SWEEP_MS: '200',
};

/** A booking of Martin's intranet (its company token) on a day, at 9 h in Paris. */
function bodyOn(day: string, email: string, name = 'Marie Curie') {
  const body = bookingBody({ customer: { phone_number: '0612345678', email, name } });
  const start = DateTime.fromISO(`${day}T09:00`, { zone: PARIS });
  body.travel.beginning_date = start.toISO({ suppressMilliseconds: true });
  body.travel.ending_date = start.plus({ hours: 7 }).toISO({ suppressMilliseconds: true });
  body.addresses[0].timewindow_earliest = null;
  body.addresses[0].timewindow_latest = null;
  body.company_token = DEMO_COMPANY_TOKEN;
  return body;
}

async function book(base: string, day: string, email: string, name?: string) {
  const created = await json(base, 'POST', '/api/v1/travels', { body: bodyOn(day, email, name) });
  assert.equal(created.status, 201, created.text);
  return created.data as { id: number; token: string };
}

async function page(base: string, id: number, token: string) {
  const response = await fetch(`${base}/suivi/${id}?token=${encodeURIComponent(token)}`);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The steps a page lists, 'title:status' in order, as a reader reads them. */
const stepsOf = (html: string) =>
  [...html.matchAll(/<li class="step (\w+)"[^>]*>\s*<p class="step-title"><strong>([^<]+)<\/strong>/g)].map(
    ([, status, title]) => `${title}:${status}`,
  );

/** The read-only token of a booking's e-mails: the devis link of its confirmation. */
function readOnlyToken(text: string, id: number): string {
  const match = new RegExp(`/devis/${id}\\?token=([\\w-]{43})`).exec(text);
  assert.ok(match, text);
  return match[1]!;
}

describe(`the customer's page on ${DATABASE_NAME}`, () => {
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let server: TestServer;
  let office: BackOffice;
  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { ...FAST, SMTP_URL: inbox.url, MAIL_FROM: 'reservations@transports-martin.example' });
    office = await new BackOffice(server.base).signInAs(1);
  });
  after(async () => {
    await server.stop();
    await inbox.close();
  });

  it('shows each state as steps, with the carrier’s contact and the devis; the confirmation leads to it; another booking’s token is a 404 (S173)', async () => {
    const day = dayFromToday(20);
    const waiting = await book(server.base, day, 'attente@exemple.fr', 'Irène Attente');
    await waitFor(() => inbox.to('attente@exemple.fr').length === 1, 'la confirmation');
    const confirmation = inbox.to('attente@exemple.fr')[0]!.mail.text!;
    const followUrl = `${server.base}/suivi/${waiting.id}?token=${waiting.token}`;
    assert.ok(confirmation.includes(`Suivre ma réservation${NBSP}: ${followUrl}`), confirmation);

    const fresh = await page(server.base, waiting.id, waiting.token);
    assert.equal(fresh.status, 200);
    assert.match(fresh.headers.get('content-security-policy')!, /default-src 'none'/);
    assert.match(fresh.text, /<html lang="fr">/);
    assert.deepEqual(stepsOf(fresh.text), [
      'Réservation reçue:done',
      'Acceptation par le transporteur:current',
      'Devis signé:upcoming',
      'La veille du déménagement:upcoming',
      'Déménagement terminé:upcoming',
    ]);
    // The carrier's contact from its Réglages (the demo's Martin), the devis, the edit.
    assert.match(fresh.text, /Transports Martin &amp; Fils/);
    assert.match(fresh.text, /href="mailto:contact@transports-martin.example"/);
    assert.match(fresh.text, new RegExp(`href="/devis/${waiting.id}\\?token=`));
    const pdf = new RegExp(`href="(/devis/${waiting.id}\\.pdf\\?token=[^"]+)"`).exec(fresh.text)?.[1];
    assert.ok(pdf, 'the devis as a PDF');
    const file = await fetch(`${server.base}${pdf.replace(/&amp;/g, '&')}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    const edit = `${server.base}/edit.html?id=${waiting.id}&amp;token=${waiting.token}`;
    assert.ok(fresh.text.includes(`href="${edit}">Modifier ma réservation</a>`), 'the edit, by the element’s edit mode');

    // The read-only token of the e-mails shows the page, never the edit.
    const readOnly = readOnlyToken(confirmation, waiting.id);
    const shown = await page(server.base, waiting.id, readOnly);
    assert.equal(shown.status, 200);
    assert.doesNotMatch(shown.text, /Modifier ma réservation<\/a>/);
    assert.ok(!shown.text.includes(waiting.token), 'the page opened read-only holds no edit token');

    // Another booking's token, a wrong one, none: as unknown.
    const other = await book(server.base, day, 'autre@exemple.fr');
    for (const token of [other.token, readOnly.slice(0, -2) + 'xx', ''])
      assert.equal((await page(server.base, waiting.id, token)).status, 404);
    assert.equal((await page(server.base, other.id, readOnly)).status, 404);

    // Accepted: the acceptance's e-mail leads to the page read-only.
    await office.get(`/espace-transporteur/reservations/${waiting.id}`);
    assert.equal((await office.post(`/espace-transporteur/reservations/${waiting.id}/accepter`)).status, 303);
    await waitFor(() => inbox.to('attente@exemple.fr').length === 2, 'l’acceptation');
    const acceptance = inbox.to('attente@exemple.fr')[1]!.mail.text!;
    assert.ok(acceptance.includes(`Suivre ma réservation${NBSP}: ${server.base}/suivi/${waiting.id}?token=${readOnly}`), acceptance);
    assert.deepEqual(stepsOf((await page(server.base, waiting.id, waiting.token)).text).slice(0, 3), [
      'Réservation reçue:done',
      'Acceptée par le transporteur:done',
      'Devis signé:current',
    ]);

    // The devis signed 'Bon pour accord' (part 1 of the issue) on its page: the step is done, with the name.
    const devisPage = await (await fetch(`${server.base}/devis/${waiting.id}?token=${waiting.token}`)).text();
    const hash = /name="empreinte" value="([0-9a-f]{64})"/.exec(devisPage)![1]!;
    const signed = await fetch(`${server.base}/devis/${waiting.id}/accord`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: waiting.token, empreinte: hash, nom: 'Irène Attente', cgv: 'oui', valeur: 'oui' }).toString(),
    });
    assert.equal(signed.status, 303);
    const afterSigning = (await page(server.base, waiting.id, waiting.token)).text;
    assert.equal(stepsOf(afterSigning)[2], 'Devis signé:done');
    assert.ok(afterSigning.includes('Bon pour accord signé par Irène Attente'));

    // Refused, with the carrier's reason: the list ends there, and no edit.
    const reason = 'Aucun camion disponible ce jour-là.';
    await office.get(`/espace-transporteur/reservations/${other.id}`);
    assert.equal((await office.post(`/espace-transporteur/reservations/${other.id}/refuser`, { motif: reason })).status, 303);
    const refused = await page(server.base, other.id, other.token);
    assert.deepEqual(stepsOf(refused.text), ['Réservation reçue:done', 'Refusée par le transporteur:stopped']);
    assert.ok(refused.text.includes(`Motif${NBSP}: ${reason}`));
    assert.doesNotMatch(refused.text, /Modifier ma réservation<\/a>/);
  });

  it('a counter-offer shows as the carrier’s proposal, with its day', async () => {
    const offered = await book(server.base, dayFromToday(20), 'offre-suivi@exemple.fr');
    const proposed = DateTime.now().setZone(PARIS).plus({ days: 25 });
    await office.get(`/espace-transporteur/reservations/${offered.id}`);
    const sent = await office.post(`/espace-transporteur/reservations/${offered.id}/contre-proposition`, {
      date: proposed.toFormat('dd/LL/yyyy'),
      heure: '8h30',
    });
    assert.equal(sent.status, 201, sent.text.slice(0, 300));
    const shown = await page(server.base, offered.id, offered.token);
    assert.equal(stepsOf(shown.text)[1], 'Contre-proposition du transporteur:current');
    const spoken = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: PARIS })
      .format(proposed.toJSDate())
      .replace(/^(\S+) 1 /, '$1 1er ');
    assert.ok(shown.text.includes(`Date proposée${NBSP}: ${spoken}`), shown.text);
  });

  it('refuses a late edit with a 422 in French by the edit link and by the company token; the element’s booking says when edits close; the page hides Modifier', async () => {
    const tomorrow = dayFromToday(1);
    const late = await book(server.base, tomorrow, 'tard@exemple.fr');
    const body = bodyOn(tomorrow, 'tard@exemple.fr');
    const { company_token: _token, ...withoutCompany } = body;
    const closeDay = dayFromToday(-1);
    const byLink = await json(server.base, 'PATCH', `/api/v1/travels/${late.id}?token=${late.token}`, { body: withoutCompany });
    assert.equal(byLink.status, 422, byLink.text);
    const said = DateTime.fromISO(closeDay, { zone: PARIS })
      .setLocale('fr')
      .toFormat('cccc d LLLL yyyy')
      .replace(/^(\S+) 1 /, '$1 1er ');
    assert.equal(
      byLink.data.error,
      `Cette réservation ne se modifie plus en ligne depuis le ${said} (2${NBSP}jours avant le déménagement)${NBSP}: contactez le transporteur pour tout changement.`,
    );
    const byCompany = await json(server.base, 'PATCH', `/api/v1/travels/${late.id}?token=${late.token}`, { body });
    assert.equal(byCompany.status, 422);
    assert.equal(byCompany.data.error, byLink.data.error);
    // A forged body cannot move the day to reopen it: the stored day decides.
    const forged = bodyOn(dayFromToday(40), 'tard@exemple.fr');
    assert.equal((await json(server.base, 'PATCH', `/api/v1/travels/${late.id}?token=${late.token}`, { body: forged })).status, 422);
    // Another company's token is refused as it always was, never let through.
    const foreign = { ...body, company_token: OTHER_COMPANY_TOKEN };
    assert.equal((await json(server.base, 'PATCH', `/api/v1/travels/${late.id}?token=${late.token}`, { body: foreign })).status, 422);
    const [row] = await server.query('SELECT updated_at, created_at FROM travels WHERE id = ?', [late.id]);
    assert.equal(row.updated_at, row.created_at, 'nothing changed');
    // What the element reads: the instant edits closed (midnight in France two days before).
    const read = await json(server.base, 'GET', `/api/v1/travels/${late.id}?token=${late.token}`);
    assert.equal(read.data.edits_close_at, DateTime.fromISO(closeDay, { zone: PARIS }).toUTC().toISO());
    const shown = await page(server.base, late.id, late.token);
    assert.doesNotMatch(shown.text, /Modifier ma réservation<\/a>/);
    assert.match(shown.text, /Les modifications en ligne sont closes depuis le/);

    // Far enough ahead, the same edit is taken.
    const early = await book(server.base, dayFromToday(10), 'tot@exemple.fr');
    const taken = await json(server.base, 'PATCH', `/api/v1/travels/${early.id}?token=${early.token}`, {
      body: bodyOn(dayFromToday(10), 'tot@exemple.fr', 'Marie Curie-Sklodowska'),
    });
    assert.equal(taken.status, 200, taken.text);
  });

  it('the carrier sets the deadline in its Réglages (administrator only, journaled, 0 to 30 days); 0 opens edits until the day before', async () => {
    const tomorrow = dayFromToday(1);
    const late = await book(server.base, tomorrow, 'reglage@exemple.fr');
    const settings = await office.get('/espace-transporteur/reglages/modifications');
    assert.equal(settings.status, 200);
    assert.match(settings.text, /name="jours"[^>]*value="2"/);
    for (const wrong of ['31', '-1', '1,5', 'deux']) {
      const refused = await office.post('/espace-transporteur/reglages/modifications', { jours: wrong });
      assert.equal(refused.status, 422, wrong);
      assert.ok(refused.text.includes(`value="${wrong}"`), 'what was typed is kept');
    }
    const saved = await office.post('/espace-transporteur/reglages/modifications', { jours: '0' });
    assert.equal(saved.status, 303);
    const journal = await office.get('/espace-transporteur/reglages/journal');
    assert.ok(
      journal.text.includes(
        `Modifications par le client, Délai${NBSP}: 2${NBSP}jours avant le déménagement → jusqu’à la veille du déménagement`,
      ),
    );
    const edited = await json(server.base, 'PATCH', `/api/v1/travels/${late.id}?token=${late.token}`, {
      body: bodyOn(tomorrow, 'reglage@exemple.fr', 'Marie Curie-Sklodowska'),
    });
    assert.equal(edited.status, 200, edited.text);
    // Another company's carrier keeps its own deadline; the form needs its token.
    assert.equal((await office.post('/espace-transporteur/reglages/modifications', { jours: '5' }, { csrf: null })).status, 403);
    assert.equal((await office.post('/espace-transporteur/reglages/modifications', { jours: '2' })).status, 303);
  });

  it('an edit after the acceptance is priced again by the server and goes back to the carrier, who gets its alert', async () => {
    assert.equal((await office.post('/espace-transporteur/compte/alertes', { nouvelle_reservation: 'oui' })).status, 303);
    const accepted = await book(server.base, dayFromToday(12), 'revoir@exemple.fr');
    await office.get(`/espace-transporteur/reservations/${accepted.id}`);
    assert.equal((await office.post(`/espace-transporteur/reservations/${accepted.id}/accepter`)).status, 303);
    const [beforeEdit] = await server.query('SELECT state, quote_id FROM travels WHERE id = ?', [accepted.id]);
    assert.equal(beforeEdit.state, 'accepted');
    const body = bodyOn(dayFromToday(12), 'revoir@exemple.fr');
    body.items = [...body.items, { name: 'Armoire', category: 'item', volume: 1.5, quantity: 1 }];
    const { company_token: _token, ...byLink } = body;
    const edited = await json(server.base, 'PATCH', `/api/v1/travels/${accepted.id}?token=${accepted.token}`, { body: byLink });
    assert.ok([200, 409].includes(edited.status), edited.text);
    let quoteId = edited.data.quote_id;
    if (edited.status === 409) {
      // The server priced the new load: the customer confirms its quote, as the element does.
      const quote = edited.data.quote;
      const confirmed = await json(server.base, 'PATCH', `/api/v1/travels/${accepted.id}?token=${accepted.token}`, {
        body: {
          ...byLink,
          quote_id: quote.id,
          travel: {
            ...byLink.travel,
            price_transportation: quote.figures.price_transportation,
            price_handling: quote.figures.price_handling,
          },
        },
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      quoteId = confirmed.data.quote_id;
    }
    const [afterEdit] = await server.query('SELECT state, quote_id FROM travels WHERE id = ?', [accepted.id]);
    assert.equal(afterEdit.state, 'review');
    assert.equal(afterEdit.quote_id, quoteId);
    assert.notEqual(afterEdit.quote_id, beforeEdit.quote_id, 'a new quote: priced again');
    await waitFor(
      () =>
        inbox
          .to('bureau@transports-martin.example')
          .some((message) => message.mail.subject === `Réservation n°${NBSP}${accepted.id} modifiée, à accepter de nouveau`),
      'l’alerte de la réservation modifiée',
    );
    const shown = await page(server.base, accepted.id, accepted.token);
    assert.equal(stepsOf(shown.text)[1], 'Modifiée, à accepter de nouveau:current');
    const list = await office.get('/espace-transporteur/reservations');
    assert.match(list.text, /À revoir/);
  });
});

describe(`the e-mail of the day before on ${DATABASE_NAME}`, () => {
  it('is sent once, across a restart, and waits in the outbox while the SMTP server is down', async () => {
    const port = await freePort();
    const env = { ...FAST, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'reservations@transports-martin.example' };
    let server = await startServer(undefined, 0, env);
    let inbox: Awaited<ReturnType<typeof startInbox>> | null = null;
    try {
      const office = await new BackOffice(server.base).signInAs(1);
      const tomorrow = dayFromToday(1);
      const first = await book(server.base, tomorrow, 'veille@exemple.fr', 'Jeanne Veille');
      const far = await book(server.base, dayFromToday(5), 'loin@exemple.fr');
      for (const id of [first.id, far.id]) {
        await office.get(`/espace-transporteur/reservations/${id}`);
        assert.equal((await office.post(`/espace-transporteur/reservations/${id}/accepter`)).status, 303);
      }
      // SMTP down: the reminder is marked and queued, tried, kept.
      await waitFor(
        async () =>
          (await server.query("SELECT COUNT(*) AS n FROM travel_calendar_mails WHERE travel_id = ? AND step = 'veille'", [first.id]))[0]
            .n == 1,
        'le rappel marqué',
      );
      await waitFor(
        async () =>
          Number(
            (await server.query("SELECT attempts FROM mail_outbox WHERE travel_id = ? AND kind = 'veille'", [first.id]))[0]?.attempts ?? 0,
          ) > 0,
        'un premier essai échoué',
      );
      // A restart: the new process sweeps again and queues nothing more.
      await server.stop();
      server = await startServer(server.database, 0, env);
      const office2 = await new BackOffice(server.base).signInAs(1);
      const second = await book(server.base, tomorrow, 'veille2@exemple.fr', 'Paul Veille');
      await office2.get(`/espace-transporteur/reservations/${second.id}`);
      assert.equal((await office2.post(`/espace-transporteur/reservations/${second.id}/accepter`)).status, 303);
      // The SMTP server is back.
      inbox = await startInbox({ port });
      await waitFor(
        () => inbox!.to('veille@exemple.fr').some((m) => /demain/.test(m.mail.subject!)),
        'le rappel, une fois le serveur SMTP revenu',
      );
      await waitFor(
        () => inbox!.to('veille2@exemple.fr').some((m) => /demain/.test(m.mail.subject!)),
        'le rappel de la seconde réservation',
      );
      const reminders = inbox.to('veille@exemple.fr').filter((m) => /demain/.test(m.mail.subject!));
      assert.equal(reminders.length, 1, 'once');
      const reminder = reminders[0]!.mail;
      assert.equal(reminder.subject, `Votre déménagement de demain${NBSP}: réservation n°${NBSP}${first.id}`);
      assert.match(reminder.text!, /^Bonjour Jeanne Veille,/);
      // Written by the first process, with its address (the demo's: PUBLIC_URL in production).
      assert.match(
        reminder.text!,
        new RegExp(`Suivre ma réservation${NBSP}: http://127\\.0\\.0\\.1:\\d+/suivi/${first.id}\\?token=[\\w-]{43}\\n`),
      );
      assert.ok(!reminder.text!.includes(first.token), 'the read-only link, never the edit token');
      const rows = await server.query("SELECT COUNT(*) AS n FROM mail_outbox WHERE travel_id = ? AND kind = 'veille'", [first.id]);
      assert.equal(Number(rows[0].n), 1);
      assert.equal(inbox.to('loin@exemple.fr').filter((m) => /demain/.test(m.mail.subject!)).length, 0, 'not before its day');
    } finally {
      await server.stop();
      await inbox?.close();
    }
  });

  it('the move over: its e-mail once, the day after, with the ten days of article L224-63', async () => {
    const inbox = await startInbox();
    const server = await startServer(undefined, 0, { ...FAST, SMTP_URL: inbox.url, MAIL_FROM: 'reservations@transports-martin.example' });
    try {
      const office = await new BackOffice(server.base).signInAs(1);
      const done = await book(server.base, dayFromToday(-1), 'fini@exemple.fr', 'Louis Fini');
      await office.get(`/espace-transporteur/reservations/${done.id}`);
      assert.equal((await office.post(`/espace-transporteur/reservations/${done.id}/accepter`)).status, 303);
      await waitFor(() => inbox.to('fini@exemple.fr').some((m) => /terminé/.test(m.mail.subject!)), 'l’e-mail de fin');
      const over = inbox.to('fini@exemple.fr').find((m) => /terminé/.test(m.mail.subject!))!.mail;
      assert.equal(over.subject, `Votre déménagement est terminé${NBSP}: réservation n°${NBSP}${done.id}`);
      assert.match(over.text!, /dix jours calendaires/);
      assert.match(over.text!, /L224-63/);
      assert.equal(
        inbox.to('fini@exemple.fr').filter((m) => /demain/.test(m.mail.subject!)).length,
        0,
        'no day-before e-mail after the day',
      );
      const shown = await page(server.base, done.id, done.token);
      assert.deepEqual(stepsOf(shown.text).slice(-2), ['La veille du déménagement:done', 'Déménagement terminé:done']);
    } finally {
      await server.stop();
      await inbox.close();
    }
  });
});
