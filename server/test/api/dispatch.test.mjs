// The dispatcher's day in the back office (issue 44): the tabs and their counts, the triage
// order by the job's day, the possible duplicates, the French date filter, the refusal's ready
// reasons, the acceptance that can be undone for a few minutes, the counter-offer the customer
// accepts by a link, and the e-mail alert of each new booking.
// 'Today' is the server's clock in Paris, read here the same way: the bookings are made around it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { BackOffice } from './back-office-client.mjs';
import { bookingBody } from './booking-body.mjs';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, startServer } from './support.mjs';

const PARIS = 'Europe/Paris';
/** Today in Paris, and the day `days` after it, 'yyyy-MM-dd'. */
const dayFromToday = (days) => DateTime.now().setZone(PARIS).plus({ days }).toISODate();

/** A booking of Martin's intranet: who, from Paris to which town, on which day and hour (Paris time). */
function bookingOf({ name, phone = '0612345678', email = '', town = 'Lyon', postcode = '69002', day, time = '09:00' }) {
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
  body.company_token = DEMO_COMPANY_TOKEN;
  return body;
}

async function book(base, options) {
  const body = bookingOf(options);
  const created = await json(base, 'POST', '/api/v1/travels', { body });
  assert.equal(created.status, 201, created.text);
  return { ...created.data, ...options, beginning: body.travel.beginning_date };
}

/** The tabs' counts as the page shows them. */
function tabCounts(html) {
  const tabs = /<nav class="tabs"[^]*?<\/nav>/.exec(html)[0];
  const counts = {};
  for (const [, label, count] of tabs.matchAll(/>([^<>]+?) <span class="tab-count">\((\d+)\)<\/span>/g))
    counts[label.replace('’', "'")] = Number(count);
  return counts;
}

/** The row of a booking in a list page. */
const rowOf = (html, id) => html.split('<tr class="job">').find((part) => part.includes(`/reservations/${id}"`)) ?? '';

describe(`the dispatcher's list on ${DATABASE_NAME}: tabs, triage order, duplicates, French dates`, () => {
  let server;
  let office;
  const made = {};
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
