// The dispatcher's day in the back office (issue 44): the tabs and their counts, the triage
// order by the job's day, the possible duplicates, the French date filter, the refusal's ready
// reasons, the acceptance that can be undone for a few minutes, the counter-offer the customer
// accepts by a link, and the e-mail alert of each new booking.
// 'Today' is the server's clock in Paris, read here the same way: the bookings are made around it.
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { freePort, startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, type Row, startServer, type TestServer } from './support.ts';
import { waitFor } from './webhook-receiver.ts';

const NBSP = '\u00a0';

const PARIS = 'Europe/Paris';
/** Today in Paris, and the day `days` after it, 'yyyy-MM-dd'. */
const dayFromToday = (days: number) => DateTime.now().setZone(PARIS).plus({ days }).toISODate()!;

/** A booking of Martin's intranet: who, from Paris to which town, on which day and hour (Paris time). */
function bookingOf({
  name,
  phone = '0612345678',
  email = '',
  town = 'Lyon',
  postcode = '69002',
  day,
  time = '09:00',
  company = DEMO_COMPANY_TOKEN,
}: {
  name: string;
  phone?: string;
  email?: string;
  town?: string;
  postcode?: string;
  day: string;
  time?: string;
  company?: string | null;
}) {
  const body = bookingBody({ customer: { name, phone_number: phone, email } });
  // Another town's name on the same coordinates: the price stays the one the body states.
  Object.assign(body.addresses[1], {
    locality: town,
    postal_code: postcode,
    address_complete: `12 rue de la République ${postcode} ${town}`,
  });
  const start = DateTime.fromISO(`${day}T${time}`, { zone: PARIS });
  body.travel.beginning_date = start.toISO({ suppressMilliseconds: true });
  body.travel.ending_date = start.plus({ hours: 7 }).toISO({ suppressMilliseconds: true });
  if (company) body.company_token = company;
  return body;
}

async function book(base: string, options: Parameters<typeof bookingOf>[0]): Promise<Row> {
  const body = bookingOf(options);
  const created = await json(base, 'POST', '/api/v1/travels', { body });
  assert.equal(created.status, 201, created.text);
  return { ...created.data, ...options, beginning: body.travel.beginning_date };
}

/** The tabs' counts as the page shows them. */
function tabCounts(html) {
  const tabs = /<nav class="tabs"[^]*?<\/nav>/.exec(html)![0];
  const counts: Record<string, number> = {};
  for (const [, label, count] of tabs.matchAll(/>([^<>]+?) <span class="tab-count">\((\d+)\)<\/span>/g))
    counts[label.replace('’', "'")] = Number(count);
  return counts;
}

/** The row of a booking in a list page. */
const rowOf = (html, id) => html.split('<tr class="job">').find((part) => part.includes(`/reservations/${id}"`)) ?? '';

describe(`the dispatcher's list on ${DATABASE_NAME}: tabs, triage order, duplicates, French dates`, () => {
  let server: TestServer;
  let office: BackOffice;
  const made: Record<string, Row> = {};
  before(async () => {
    server = await startServer();
    made.past = await book(server.base, { name: 'Paul Hier', phone: '0600000001', day: dayFromToday(-1), time: '10:00' });
    made.todayMorning = await book(server.base, { name: 'Anne Matin', phone: '0600000002', day: dayFromToday(0), time: '09:00' });
    made.later = await book(server.base, { name: 'Lucie Après', phone: '0600000003', day: dayFromToday(2), time: '14:00' });
    made.laterEarly = await book(server.base, { name: 'Marc Tôt', phone: '0600000004', day: dayFromToday(2), time: '08:00' });
    // The same job sent twice: Lucie's phone, day and towns, another hour and her name spelled otherwise.
    made.twice = await book(server.base, { name: 'L. Après', phone: '06 00 00 00 03', day: dayFromToday(2), time: '16:00' });
    // Lucie again on that day, to another town: another job.
    made.otherTown = await book(server.base, {
      name: 'Lucie Après',
      phone: '0600000003',
      day: dayFromToday(2),
      time: '15:00',
      town: 'Villeurbanne',
      postcode: '69100',
    });
    made.tomorrow = await book(server.base, { name: 'Jean Demain', phone: '0600000005', day: dayFromToday(1), time: '10:00' });
    made.refused = await book(server.base, { name: 'Rose Refus', phone: '0600000006', day: dayFromToday(5), time: '10:00' });
    // Another company's booking, Lucie's job exactly: never listed, never counted, never a duplicate.
    await json(server.base, 'POST', '/api/v1/travels', {
      body: { ...bookingOf({ name: 'Lucie Après', phone: '0600000003', day: dayFromToday(2) }), company_token: OTHER_COMPANY_TOKEN },
    });
    office = await new BackOffice(server.base).signInAs(1);
    assert.equal((await office.post(`/espace-transporteur/reservations/${made.tomorrow.id}/accepter`)).status, 303);
    await office.get(`/espace-transporteur/reservations/${made.refused.id}`);
    assert.equal((await office.post(`/espace-transporteur/reservations/${made.refused.id}/refuser`, { raison: 'hors-zone' })).status, 303);
  });
  after(async () => {
    await server.stop();
  });

  const all = () => Object.values(made);
  const today = () => dayFromToday(0);
  const dayOf = (booking) => booking.beginning.slice(0, 10);
  const awaiting = (booking) => booking !== made.tomorrow && booking !== made.refused;
  /** The triage order: by the job's day and hour, the earliest first (the bookings made here all have a date). */
  const soonestFirst = (bookings) =>
    [...bookings].sort((a, b) => Date.parse(a.beginning) - Date.parse(b.beginning)).map((booking) => booking.id);

  it('counts each tab from the bookings it holds; À traiter is the default, soonest job first, grouped under each day', async () => {
    const page = await office.get('/espace-transporteur/reservations');
    assert.equal(page.status, 200);
    assert.deepEqual(tabCounts(page.text), {
      'À traiter': all().filter(awaiting).length,
      "Aujourd'hui": all().filter((booking) => dayOf(booking) === today() && booking !== made.refused).length,
      'À venir': all().filter((booking) => dayOf(booking) > today() && booking !== made.refused).length,
      Toutes: all().length,
    });
    assert.match(page.text, /<a href="\/espace-transporteur\/reservations" aria-current="page">À traiter/);
    assert.deepEqual(BackOffice.listedIds(page.text), soonestFirst(all().filter(awaiting)));
    // A heading per day, in order; today's says so.
    const days = [...page.text.matchAll(/<th scope="rowgroup" colspan="5">([^<]+)<\/th>/g)].map((match) => match[1]);
    assert.equal(days.length, new Set(all().filter(awaiting).map(dayOf)).size);
    assert.match(days[1], /aujourd’hui$/);
    assert.match(days[0], /passé$/);
  });

  it('Aujourd’hui holds today’s jobs, À venir the later ones (not the refused), Toutes every one with the past after the coming', async () => {
    const ids = async (view) => BackOffice.listedIds((await office.get(`/espace-transporteur/reservations?vue=${view}`)).text);
    assert.deepEqual(await ids('aujourdhui'), [made.todayMorning.id]);
    assert.deepEqual(await ids('a-venir'), soonestFirst(all().filter((booking) => dayOf(booking) > today() && booking !== made.refused)));
    const coming = all().filter((booking) => dayOf(booking) >= today());
    assert.deepEqual(await ids('toutes'), [...soonestFirst(coming), made.past.id]);
    const listed = await office.get('/espace-transporteur/reservations?vue=a-venir');
    assert.match(listed.text, /aria-current="page">À venir/);
    assert.doesNotMatch(listed.text, /Rose Refus/);
  });

  it('marks as a possible duplicate the bookings of one contact, one day and the same towns, and no other', async () => {
    const page = (await office.get('/espace-transporteur/reservations?vue=toutes')).text;
    const marked = all().filter((booking) => /Doublon possible/.test(rowOf(page, booking.id)));
    assert.deepEqual(marked.map((booking) => booking.id).sort(), [made.later.id, made.twice.id].sort());
  });

  it('a row offers Accepter while the booking awaits an answer, and Appeler its customer’s phone', async () => {
    const page = (await office.get('/espace-transporteur/reservations?vue=toutes')).text;
    const waiting = rowOf(page, made.later.id);
    assert.match(waiting, new RegExp(`action="/espace-transporteur/reservations/${made.later.id}/accepter"`));
    assert.match(waiting, /href="tel:0600000003"[^>]*>Appeler</);
    assert.match(waiting, /Paris → Lyon/);
    assert.doesNotMatch(rowOf(page, made.tomorrow.id), /accepter"/, 'an accepted booking has nothing to accept');
    assert.match(rowOf(page, made.tomorrow.id), /Appeler/);
  });

  it('reads the dates as a French carrier types them, and says what it cannot read without losing it', async () => {
    const day = DateTime.fromISO(dayFromToday(2));
    const typed = day.toFormat('dd/LL/yyyy');
    const page = await office.get(`/espace-transporteur/reservations?du=${encodeURIComponent(typed)}&au=${encodeURIComponent(typed)}`);
    assert.deepEqual(BackOffice.listedIds(page.text), soonestFirst(all().filter((booking) => dayOf(booking) === dayFromToday(2))));
    assert.match(page.text, new RegExp(`id="du" name="du" type="text"[^>]*placeholder="jj/mm/aaaa" value="${typed}"`));
    assert.doesNotMatch(page.text, /type="date"/);
    const wrong = await office.get('/espace-transporteur/reservations?du=31%2F02%2F2027&au=');
    assert.equal(wrong.status, 200);
    assert.match(wrong.text, /Date illisible\u00a0: écrivez le jour, le mois et l’année, par exemple 17\/12\/2026\./);
    assert.match(wrong.text, /value="31\/02\/2027" aria-invalid="true"/);
    assert.equal(BackOffice.listedIds(wrong.text).length, all().length, 'the unread filter is not applied');
  });
});

/** A link of an e-mail's text ('Label : https://…'). */
const linkIn = (text, label) => new RegExp(`${label}${NBSP}: (\\S+)`).exec(text)?.[1];
const read = async (base, created) => (await json(base, 'GET', `/api/v1/travels/${created.id}?token=${created.token}`)).data;

describe(`a booking's page that decides, and answers with a next step, on ${DATABASE_NAME}`, () => {
  let server;
  let inbox;
  let office;
  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { SMTP_URL: inbox.url, OUTBOX_POLL_MS: '100', OUTBOX_FIRST_RETRY_MS: '200' });
    office = await new BackOffice(server.base).signInAs(1);
  });
  after(async () => {
    await server.stop();
    await inbox.close();
  });

  it('shows the job at a glance: day and hour, towns, total TTC and HT; the phones dial on a tap; the price lines add up to the total; the door code once; the pickup on the job’s day', async () => {
    const created = await book(server.base, {
      name: 'Irène Curie',
      phone: '06 11 22 33 44',
      email: 'irene@exemple.fr',
      day: dayFromToday(20),
      time: '08:30',
    });
    const page = (await office.get(`/espace-transporteur/reservations/${created.id}`)).text;
    const head = /<div class="job-head">[^]*?<\/div>/.exec(page)![0];
    const start = DateTime.fromISO(created.beginning, { setZone: true }).setZone(PARIS).setLocale('fr');
    assert.match(
      head,
      new RegExp(`${start.toFormat('cccc')} ${start.day === 1 ? '1er' : start.day} ${start.toFormat('LLLL yyyy')} à 8${NBSP}h${NBSP}30`),
    );
    assert.match(head, /Paris → Lyon/);
    assert.match(head, /href="tel:0611223344"/);
    // The lines of the price, read from the page, add up to the total it shows.
    const euros = (text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
    const rows = [
      ...page.matchAll(/<tr(?: class="total")?><th scope="row">([^<]+)(?:<span[^>]*>[^<]*<\/span>)?<\/th><td>([^<]+) TTC<\/td>/g),
    ].map((match) => [match[1].trim(), euros(match[2])]);
    const total = rows.find(([label]) => label === 'Total');
    assert.ok(total, JSON.stringify(rows));
    const sum = rows.filter(([label]) => label !== 'Total').reduce((all, [, amount]) => all + amount, 0);
    assert.equal(Math.round(sum * 100), Math.round(total[1] * 100), JSON.stringify(rows));
    assert.match(head, new RegExp(`${String(total[1]).replace('.', ',')}`.replace(/\B(?=(\d{3})+(?!\d))/g, '.?')));
    // The body's door code, noted on its stop and repeated in the booking's notes, is read once.
    assert.equal(page.split('Digicode 42A').length - 1, 1);
    // The body's pickup window is on another day than the job: read on the job's day.
    assert.doesNotMatch(page, /à partir du/);
    assert.match(page, new RegExp(`à partir de 9${NBSP}h`));
  });

  it('refuses with a ready reason (and the carrier’s words after it), or its own words with Autre; without an e-mail, says so and not “envoyé au client”', async () => {
    const withMail = await book(server.base, { name: 'Ada Lovelace', email: 'ada@exemple.fr', day: dayFromToday(9) });
    const page = (await office.get(`/espace-transporteur/reservations/${withMail.id}`)).text;
    for (const label of ['Date indisponible', 'Hors zone', 'Volume trop important', 'Autre'])
      assert.match(page, new RegExp(`type="radio" name="raison"[^>]*> ${label}<`));
    assert.match(page, /Motif du refus \(envoyé au client\)/);
    const refused = await office.post(`/espace-transporteur/reservations/${withMail.id}/refuser`, {
      raison: 'volume',
      motif: 'Un 20 m³ serait nécessaire.',
    });
    assert.equal(refused.status, 303);
    const expected = 'Volume trop important\u00a0: ce chargement dépasse ce que nos véhicules emportent. Un 20 m³ serait nécessaire.';
    await waitFor(() => inbox.to('ada@exemple.fr').some((message) => /n’a pas pu être acceptée$/.test(message.mail.subject)), 'le refus');
    const mail = inbox.to('ada@exemple.fr').find((message) => /n’a pas pu être acceptée$/.test(message.mail.subject));
    assert.ok(mail.mail.text.includes(`Motif${NBSP}: ${expected}`), mail.mail.text);

    const without = await book(server.base, { name: 'Sans Courriel', email: '', day: dayFromToday(9) });
    const silent = (await office.get(`/espace-transporteur/reservations/${without.id}`)).text;
    assert.doesNotMatch(silent, /envoyé au client|envoyée au client/);
    assert.match(silent, /Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même de votre réponse, au téléphone\./);
    const empty = await office.post(`/espace-transporteur/reservations/${without.id}/refuser`, { raison: 'autre', motif: ' ' });
    assert.equal(empty.status, 422);
    assert.match(empty.text, /Choisissez un motif, ou écrivez le vôtre/);
    const forged = await office.post(`/espace-transporteur/reservations/${without.id}/refuser`, { raison: 'pas-de-raison', motif: 'x' });
    assert.equal(forged.status, 422);
    assert.equal((await read(server.base, without)).state, 'new', 'nothing refused on a bad form');
    assert.equal((await office.post(`/espace-transporteur/reservations/${without.id}/refuser`, { raison: 'hors-zone' })).status, 303);
    assert.match(
      (await office.get(`/espace-transporteur/reservations/${without.id}`)).text,
      /Motif donné au client\u00a0: Hors zone\u00a0: ce trajet sort de la zone où nous intervenons\./,
    );
  });

  it('after Accepter: the customer’s phone, and Annuler l’acceptation within its window only (the server’s); the e-mail waits for the window and an undone acceptance is never sent', async () => {
    const created = await book(server.base, { name: 'Marie Undo', phone: '0677889900', email: 'undo@exemple.fr', day: dayFromToday(12) });
    assert.equal(
      (await office.post(`/espace-transporteur/reservations/${created.id}/accepter`)).location,
      `/espace-transporteur/reservations/${created.id}?fait=acceptee-annulable`,
    );
    const accepted = (await office.get(`/espace-transporteur/reservations/${created.id}?fait=acceptee-annulable`)).text;
    assert.match(accepted, /href="tel:0677889900">Appeler le client/);
    assert.match(accepted, /Annuler l’acceptation<\/button>/);
    assert.match(accepted, /5\u00a0minutes après l’acceptation/);
    const [waiting] = await server.query(
      "SELECT next_attempt_at, created_at FROM mail_outbox WHERE travel_id = ? AND kind = 'acceptance'",
      [created.id],
    );
    assert.ok(Number(waiting.next_attempt_at) - Number(waiting.created_at) >= 5 * 60_000, 'the acceptance e-mail waits for the window');
    const undone = await office.post(`/espace-transporteur/reservations/${created.id}/annuler-acceptation`);
    assert.equal(undone.location, `/espace-transporteur/reservations/${created.id}?fait=acceptation-annulee`);
    assert.equal((await read(server.base, created)).state, 'new');
    const [left] = await server.query("SELECT COUNT(*) AS n FROM mail_outbox WHERE travel_id = ? AND kind = 'acceptance'", [created.id]);
    assert.equal(Number(left.n), 0, 'the undone acceptance is never sent');
    // Accepted again, then the window passed (its decision moved six minutes back): the undo is refused.
    await office.get(`/espace-transporteur/reservations/${created.id}`);
    await office.post(`/espace-transporteur/reservations/${created.id}/accepter`);
    await server.query('UPDATE travels SET decided_at = ? WHERE id = ?', [new Date(Date.now() - 6 * 60_000).toISOString(), created.id]);
    const page = (await office.get(`/espace-transporteur/reservations/${created.id}`)).text;
    assert.doesNotMatch(page, /Annuler l’acceptation<\/button>/);
    const late = await office.post(`/espace-transporteur/reservations/${created.id}/annuler-acceptation`);
    assert.equal(late.location, `/espace-transporteur/reservations/${created.id}?fait=annulation-trop-tard`);
    assert.equal((await read(server.base, created)).state, 'accepted');
  });

  it('accepting from the list stays on the list: its message names the booking and offers the undo, which comes back to the list too (issue 55, point 11)', async () => {
    const created = await book(server.base, { name: 'Paul Liste', phone: '0677889901', email: 'liste@exemple.fr', day: dayFromToday(12) });
    const list = (await office.get('/espace-transporteur/reservations')).text;
    const form = list.split('<tr class="job">').find((part) => part.includes(`/reservations/${created.id}"`))!;
    assert.match(form, /<input type="hidden" name="retour" value="liste">/, 'the row’s Accepter says where it comes from');
    const accepted = await office.post(`/espace-transporteur/reservations/${created.id}/accepter`, { retour: 'liste' });
    assert.equal(accepted.location, `/espace-transporteur/reservations?fait=acceptee-annulable&reservation=${created.id}`);
    const back = (await office.get(accepted.location!)).text;
    assert.ok(back.includes(`(réservation n°\u00a0${created.id})`), 'the message names the booking');
    assert.ok(back.includes(`action="/espace-transporteur/reservations/${created.id}/annuler-acceptation"`), 'the undo, on the list');
    assert.equal((await read(server.base, created)).state, 'accepted');
    const undone = await office.post(`/espace-transporteur/reservations/${created.id}/annuler-acceptation`, { retour: 'liste' });
    assert.equal(undone.location, `/espace-transporteur/reservations?fait=acceptation-annulee&reservation=${created.id}`);
    assert.equal((await read(server.base, created)).state, 'new');
    assert.doesNotMatch((await office.get(undone.location!)).text, /annuler-acceptation/, 'no undo of an undo');
  });

  it('a counter-offer: the customer gets a link, opens a French page, accepts once; the booking moves to that day at the carrier’s price, accepted; the webhooks hear it', async () => {
    await server.query(
      "INSERT INTO webhook_endpoints (owner, url, secret, created_at) VALUES ('1', 'http://127.0.0.1:9/planning', 'secret', ?)",
      [new Date().toISOString()],
    );
    const created = await book(server.base, { name: 'Louise Offre', email: 'offre@exemple.fr', day: dayFromToday(10) });
    const other = await book(server.base, { name: 'Autre Client', email: 'autre@exemple.fr', day: dayFromToday(10) });
    const proposed = DateTime.now().setZone(PARIS).plus({ days: 14 }).set({ hour: 8, minute: 30, second: 0, millisecond: 0 });
    await office.get(`/espace-transporteur/reservations/${created.id}`);
    const sent = await office.post(`/espace-transporteur/reservations/${created.id}/contre-proposition`, {
      date: proposed.toFormat('dd/LL/yyyy'),
      heure: '8h30',
      transport: '900',
      manutention: '150,50',
    });
    assert.equal(sent.status, 201, sent.text.slice(0, 500));
    assert.match(sent.text, /Proposition envoyée au client par e-mail/);
    await waitFor(() => inbox.to('offre@exemple.fr').some((message) => /autre date$/.test(message.mail.subject)), 'la contre-proposition');
    const mail = inbox.to('offre@exemple.fr').find((message) => /autre date$/.test(message.mail.subject));
    const url = linkIn(mail.mail.text, 'Voir et accepter cette proposition');
    assert.ok(url, mail.mail.text);
    assert.ok(sent.text.includes(url.replace(/&/g, '&amp;')), 'the link shown to the carrier is the e-mail’s');
    const token = new URL(url).searchParams.get('jeton');
    const [stored] = await server.query('SELECT token_hash FROM counter_offers WHERE travel_id = ?', [created.id]);
    assert.ok(!stored.token_hash.includes(token), 'kept hashed');
    // While the offer is with the customer, the booking reads 'En attente du client' and offers no Accepter
    // that would cross it, in the list and on its page (issue 55, point 11).
    const listed = (await office.get('/espace-transporteur/reservations')).text
      .split('<tr class="job">')
      .find((part) => part.includes(`/reservations/${created.id}"`))!;
    assert.match(listed, /<span class="badge info">En attente du client<\/span>/);
    assert.doesNotMatch(listed, /\/accepter"/);
    const waiting = (await office.get(`/espace-transporteur/reservations/${created.id}`)).text;
    assert.match(waiting, /En attente du client/);
    assert.doesNotMatch(waiting, new RegExp(`action="/espace-transporteur/reservations/${created.id}/accepter"`));

    const shown = await fetch(url);
    assert.equal(shown.status, 200);
    const html = await shown.text();
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /vous propose une autre date/);
    assert.match(html, /Accepter cette proposition/);
    // Another booking's number with this token: nothing.
    assert.equal((await fetch(`${server.base}/contre-proposition/${other.id}?jeton=${token}`)).status, 404);
    const stolen = await fetch(`${server.base}/contre-proposition/${other.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `jeton=${token}`,
      redirect: 'manual',
    });
    assert.equal(stolen.status, 404);
    assert.equal((await read(server.base, other)).state, 'new');

    const accept = () =>
      fetch(`${server.base}/contre-proposition/${created.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `jeton=${token}`,
        redirect: 'manual',
      });
    const accepted = await accept();
    assert.equal(accepted.status, 303);
    const after = await read(server.base, created);
    assert.equal(after.state, 'accepted');
    assert.equal(Date.parse(after.travel.beginning_date), proposed.toMillis());
    assert.deepEqual([after.travel.price_transportation, after.travel.price_handling], [90000, 15050]);
    assert.equal(after.price_source, 'carrier');
    // Once: the same link again changes nothing.
    const again = await accept();
    assert.equal(again.status, 409);
    assert.match(await again.text(), /Vous avez déjà accepté cette proposition/);
    const types = (
      await server.query('SELECT type, body_json FROM outbox_events WHERE travel_id = ? ORDER BY created_at', [created.id])
    ).map((row) => row.type);
    assert.deepEqual(types, ['booking.created', 'booking.counter_offered', 'booking.accepted']);
    const [event] = await server.query("SELECT body_json FROM outbox_events WHERE travel_id = ? AND type = 'booking.counter_offered'", [
      created.id,
    ]);
    const offer = JSON.parse(event.body_json).data.counter_offer;
    assert.deepEqual(
      [Date.parse(offer.beginning_date), offer.price_transportation, offer.price_handling],
      [proposed.toMillis(), 90000, 15050],
    );
    const page = (await office.get(`/espace-transporteur/reservations/${created.id}`)).text;
    assert.match(page, /Autre date acceptée par le client/);
  });

  it('a counter-offer’s link expires, a newer offer replaces it, and another price needs the carrier’s can_edit_price', async () => {
    const created = await book(server.base, { name: 'Paul Expire', email: 'expire@exemple.fr', day: dayFromToday(10) });
    const day = DateTime.now().setZone(PARIS).plus({ days: 15 }).toFormat('dd/LL/yyyy');
    const offerOf = async (id, fields) => {
      await office.get(`/espace-transporteur/reservations/${id}`);
      return office.post(`/espace-transporteur/reservations/${id}/contre-proposition`, { date: day, heure: '9:00', ...fields });
    };
    const tokenOf = (text) => /jeton=([\w-]+)/.exec(text)?.[1];
    const first = tokenOf((await offerOf(created.id, {})).text);
    const second = tokenOf((await offerOf(created.id, {})).text);
    assert.ok(first && second && first !== second);
    const post = (id, token) =>
      fetch(`${server.base}/contre-proposition/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `jeton=${token}`,
        redirect: 'manual',
      });
    const replaced = await post(created.id, first);
    assert.equal(replaced.status, 409);
    assert.match(await replaced.text(), /Proposition remplacée/);
    await server.query('UPDATE counter_offers SET expires_at = ? WHERE travel_id = ?', [
      new Date(Date.now() - 1000).toISOString(),
      created.id,
    ]);
    const expired = await post(created.id, second);
    assert.equal(expired.status, 409);
    assert.match(await expired.text(), /Proposition expirée/);
    assert.equal((await read(server.base, created)).state, 'new');
    assert.equal((await fetch(`${server.base}/contre-proposition/${created.id}?jeton=${second}`)).status, 410);

    // A public booking (the keyless pages: no can_edit_price): a date yes, another price no, whatever the form says.
    const body = bookingOf({ name: 'Visiteur Public', email: 'public@exemple.fr', day: dayFromToday(10), company: null });
    const publicOne = (await json(server.base, 'POST', '/api/v1/travels', { body })).data;
    const page = (await office.get(`/espace-transporteur/reservations/${publicOne.id}`)).text;
    assert.doesNotMatch(page, /Autre prix/);
    const priced = await offerOf(publicOne.id, { transport: '10', manutention: '0' });
    assert.equal(priced.status, 403);
    assert.match(priced.text, /Vos réglages ne permettent pas de changer le prix/);
    assert.ok(priced.text.includes(`value="${day}"`), 'what was typed is kept');
    const [count] = await server.query('SELECT COUNT(*) AS n FROM counter_offers WHERE travel_id = ?', [publicOne.id]);
    assert.equal(Number(count.n), 0);
    assert.equal((await offerOf(publicOne.id, {})).status, 201);
    // A past day, an unreadable hour: said, nothing stored.
    const past = await office.post(`/espace-transporteur/reservations/${publicOne.id}/contre-proposition`, {
      date: DateTime.now().minus({ days: 2 }).toFormat('dd/LL/yyyy'),
      heure: '9:00',
    });
    assert.equal(past.status, 422);
    assert.match(past.text, /Cette date est passée/);
    await office.get(`/espace-transporteur/reservations/${publicOne.id}`);
    const hour = await office.post(`/espace-transporteur/reservations/${publicOne.id}/contre-proposition`, { date: day, heure: '25h' });
    assert.equal(hour.status, 422);
    assert.match(hour.text, /Heure illisible/);
  });

  it('the customer may decline an offer: the booking keeps its day and awaits the carrier again, whose alerts say so; the link then accepts nothing (issue 55, point 11)', async () => {
    // Martin's administrator chose the booking alerts: the decline reaches its mailbox.
    await office.get('/espace-transporteur/compte/alertes');
    assert.equal((await office.post('/espace-transporteur/compte/alertes', { nouvelle_reservation: 'oui' })).status, 303);
    const created = await book(server.base, { name: 'Hugo Refus', email: 'refus-offre@exemple.fr', day: dayFromToday(10) });
    const day = DateTime.now().setZone(PARIS).plus({ days: 17 }).toFormat('dd/LL/yyyy');
    await office.get(`/espace-transporteur/reservations/${created.id}`);
    const sent = await office.post(`/espace-transporteur/reservations/${created.id}/contre-proposition`, { date: day, heure: '9:00' });
    assert.equal(sent.status, 201);
    const token = /jeton=([\w-]+)/.exec(sent.text)![1]!;
    const answer = await fetch(`${server.base}/contre-proposition/${created.id}?jeton=${token}`);
    const shown = await answer.text();
    assert.match(shown, new RegExp(`<form method="post" action="/contre-proposition/${created.id}/refus">`));
    // Under its carrier's name, in its colour, as its devis and its customer page (issue 55, point 13);
    // the colour's style allowed by its hash alone.
    const [{ store_json: store }] = await server.query('SELECT store_json FROM companies WHERE id = 1');
    const { name, brand_color: colour } = JSON.parse(store).transportation_company;
    assert.ok(shown.includes(`<header class="offer-brand"><p>${name.replace(/&/g, '&amp;')}</p></header>`), shown.slice(0, 800));
    const style = `:root{--brand:${colour}}`;
    assert.ok(shown.includes(`<style>${style}</style>`));
    const hash = createHash('sha256').update(style).digest('base64');
    assert.match(
      answer.headers.get('content-security-policy') ?? '',
      new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
    assert.match(shown, /Refuser cette proposition/);
    const post = (path: string) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `jeton=${token}`,
        redirect: 'manual',
      });
    const declined = await post(`/contre-proposition/${created.id}/refus`);
    assert.equal(declined.status, 200);
    assert.match(await declined.text(), /Vous avez refusé cette proposition/);
    assert.equal((await read(server.base, created)).state, 'new');
    const subject = `Réservation n°${NBSP}${created.id}${NBSP}: autre date refusée par le client`;
    await waitFor(
      () => inbox.to('bureau@transports-martin.example').some((message) => message.mail.subject === subject),
      'l’alerte du refus',
    );
    const alert = inbox.to('bureau@transports-martin.example').find((message) => message.mail.subject === subject)!;
    assert.match(alert.mail.text ?? '', new RegExp(`/espace-transporteur/reservations/${created.id}`));
    await office.get('/espace-transporteur/compte/alertes');
    await office.post('/espace-transporteur/compte/alertes', {});
    // Declined, the link accepts nothing, nor declines twice.
    assert.equal((await post(`/contre-proposition/${created.id}`)).status, 409);
    assert.equal((await post(`/contre-proposition/${created.id}/refus`)).status, 409);
    // The carrier reads it, and may accept the request as it came again.
    const page = (await office.get(`/espace-transporteur/reservations/${created.id}`)).text;
    assert.match(page, /Autre date refusée par le client/);
    assert.match(page, new RegExp(`action="/espace-transporteur/reservations/${created.id}/accepter"`));
  });

  it('issue 52: a counter-offer’s acceptance posted from another site, or as JSON, is refused in French and changes nothing; the page’s own form accepts', async () => {
    const created = await book(server.base, { name: 'Inès Piège', email: 'piege@exemple.fr', day: dayFromToday(10) });
    const day = DateTime.now().setZone(PARIS).plus({ days: 16 }).toFormat('dd/LL/yyyy');
    await office.get(`/espace-transporteur/reservations/${created.id}`);
    const sent = await office.post(`/espace-transporteur/reservations/${created.id}/contre-proposition`, { date: day, heure: '9:00' });
    assert.equal(sent.status, 201);
    const token = /jeton=([\w-]+)/.exec(sent.text)![1]!;
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${server.base}/contre-proposition/${created.id}`, { method: 'POST', headers, body, redirect: 'manual' });
    const form = 'application/x-www-form-urlencoded';
    const unchanged = async () => {
      assert.equal((await read(server.base, created)).state, 'new');
      const [offer] = await server.query('SELECT accepted_at FROM counter_offers WHERE travel_id = ?', [created.id]);
      assert.equal(offer.accepted_at, null);
      assert.deepEqual(
        (await server.query('SELECT type FROM outbox_events WHERE travel_id = ? AND type = ?', [created.id, 'booking.accepted'])).length,
        0,
      );
    };

    // A page of another site that holds the link (a mail read in a webmail, a forwarded message) posts its form.
    const crossSite = await post(
      { 'content-type': form, origin: 'https://piege.exemple', 'sec-fetch-site': 'cross-site' },
      `jeton=${token}`,
    );
    assert.equal(crossSite.status, 403);
    const refusal = await crossSite.text();
    assert.match(refusal, /<html lang="fr">/);
    assert.match(refusal, /Ce formulaire a été envoyé depuis un autre site\u00a0: rien n’a été enregistré\./);
    await unchanged();
    const asJson = await post({ 'content-type': 'application/json' }, JSON.stringify({ jeton: token }));
    assert.equal(asJson.status, 415);
    assert.match(await asJson.text(), /Seul le formulaire de la page est accepté/);
    await unchanged();

    // The customer's click on the page: same origin.
    const accepted = await post({ 'content-type': form, origin: server.base, 'sec-fetch-site': 'same-origin' }, `jeton=${token}`);
    assert.equal(accepted.status, 303);
    assert.equal((await read(server.base, created)).state, 'accepted');
  });
});

describe(`the new booking's alert e-mail on ${DATABASE_NAME}`, () => {
  it('goes to the people who chose it (their company’s bookings only), with the booking’s link; an SMTP server down neither loses nor blocks the booking, and the alert is sent once when it is back', async () => {
    const port = await freePort();
    const server = await startServer(undefined, 0, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      OUTBOX_POLL_MS: '100',
      OUTBOX_FIRST_RETRY_MS: '200',
      MAIL_TIMEOUT_MS: '2000',
    });
    let inbox: Awaited<ReturnType<typeof startInbox>> | null = null;
    try {
      const martin = await new BackOffice(server.base).signInAs(1);
      const alerts = await martin.get('/espace-transporteur/compte/alertes');
      assert.equal(alerts.status, 200);
      assert.match(alerts.text, /<input type="checkbox" name="nouvelle_reservation" value="oui" aria-describedby/, 'off until chosen');
      const saved = await martin.post('/espace-transporteur/compte/alertes', { nouvelle_reservation: 'oui' });
      assert.equal(saved.status, 303);
      assert.match((await martin.get(saved.location!)).text, /Alerte activée/);
      // Dupont chooses it too, and a colleague of Martin's does not.
      const dupont = await new BackOffice(server.base).signInAs(2);
      await dupont.get('/espace-transporteur/compte/alertes');
      await dupont.post('/espace-transporteur/compte/alertes', { nouvelle_reservation: 'oui' });
      await server.query(
        "INSERT INTO carrier_users (company_id, email, password_hash, created_at, role) VALUES (1, 'planning@transports-martin.example', 'x', ?, 'exploitant')",
        [new Date().toISOString()],
      );
      // Without a form token: refused, nothing changes.
      assert.equal((await martin.post('/espace-transporteur/compte/alertes', {}, { csrf: null })).status, 403);
      assert.match((await martin.get('/espace-transporteur/compte/alertes')).text, /value="oui" checked/);

      const created = await book(server.base, { name: 'Alerte Client', day: dayFromToday(7) });
      assert.ok(created.id > 0, 'the booking is made with SMTP down');
      await waitFor(async () => {
        const rows = await server.query("SELECT attempts, state FROM mail_outbox WHERE travel_id = ? AND kind = 'new-booking-alert'", [
          created.id,
        ]);
        return rows.length === 1 && Number(rows[0].attempts) >= 2 && rows[0].state === 'pending';
      }, 'deux envois manqués');
      inbox = await startInbox({ port });
      const martinMail = 'bureau@transports-martin.example';
      await waitFor(() => inbox!.to(martinMail).length === 1, 'l’alerte une fois le serveur SMTP revenu');
      const alert = inbox.to(martinMail)[0];
      assert.equal(alert.mail.subject, `Nouvelle réservation n°${NBSP}${created.id}`);
      assert.equal(linkIn(alert.mail.text, 'Ouvrir la réservation'), `${server.base}/espace-transporteur/reservations/${created.id}`);
      // Its total is the one the booking's page shows (issue 53: read from the stored figures, never added up again).
      const shown = (await martin.get(`/espace-transporteur/reservations/${created.id}`)).text;
      const pageTotal = /<tr class="total"><th scope="row">Total[^<]*(?:<span[^>]*>[^<]*<\/span>)?<\/th><td>([^<]+) TTC<\/td>/.exec(
        shown,
      )?.[1];
      assert.ok(pageTotal, 'the booking page’s total');
      assert.ok(alert.mail.text!.replace(/\s+/g, ' ').includes(`${pageTotal.replace(/\s+/g, ' ')} TTC`), `the alert’s total: ${pageTotal}`);
      await waitFor(async () => {
        const [row] = await server.query("SELECT state FROM mail_outbox WHERE travel_id = ? AND kind = 'new-booking-alert'", [created.id]);
        return row.state === 'delivered';
      }, 'l’alerte marquée envoyée');
      // Sent once; to nobody else: not the colleague who did not choose it, not Dupont (another company's booking).
      await book(server.base, { name: 'Repère', day: dayFromToday(7) });
      await waitFor(() => inbox!.to(martinMail).length === 2, 'la seconde alerte');
      assert.equal(inbox.to(martinMail).filter((message) => message.mail.subject!.endsWith(`n°${NBSP}${created.id}`)).length, 1);
      assert.equal(inbox.to('planning@transports-martin.example').length, 0);
      assert.equal(inbox.to('bureau@demenagements-dupont.example').length, 0);
    } finally {
      await server.stop();
      await inbox?.close();
    }
  });
});
