// The day chosen by its price (issue 45), in a browser against the demo server: the carrier
// (Transports Martin, its public key on its test page) closes Sundays, makes Saturdays 1.25
// times dearer and takes one booking a day; one booking accepted fills the first Wednesday.
// Both elements show the next 14 days from the test clock's Monday, each with
// the server's own quote of that day to the cent, Sundays 'Fermé', the full day 'Complet', the
// cheapest marked; the days are chosen by keyboard, a closed or full day cannot be chosen
// there, and a booking on one is refused through the element with the server's sentence. The
// carrier's intranet (company mode, its token) shows the same calendar, each day HT to the cent
// of the server's quote for that company (spec §6), and refuses a closed or full day the same way.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../../server/test/api/back-office-client.ts';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { BUILT_DOMAIN, type Domain, json, startServer } from '../../server/test/api/support.ts';
import { dayAfterToday, frenchDay, openPage, parisTime, resolveAddress, useDemo, watchPage } from './support.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
const TARIFS = '/espace-transporteur/reglages/tarifs';
const FULL = 'Le transporteur est complet ce jour-là\u00a0: choisissez une autre date.';
/** Where the screenshots go when SHOTS_DIR is set (they are looked at, not compared). */
const SHOTS = process.env.SHOTS_DIR ?? null;

/** The 14 days from the test clock's Monday, as a French reader says them. */
const FORTNIGHT = Array.from({ length: 14 }, (_, index) => [dayAfterToday(index), frenchDay(dayAfterToday(index))] as const);
const SUNDAYS = new Set([dayAfterToday(6), dayAfterToday(13)]);
/** The Wednesday whose one booking a day is taken. */
const FULL_DAY = dayAfterToday(2);

/** Cents in a French price ('1 190,40 €'). */
const centsOf = (text) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** The Tarifs form's fields as the page holds them. */
function formFields(html) {
  const fields = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    const type = /\btype="([^"]+)"/.exec(tag)?.[1] ?? 'text';
    if (!name || name === '_csrf' || ((type === 'radio' || type === 'checkbox') && !/\bchecked\b/.test(tag))) continue;
    fields[name] = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? 'on';
  }
  for (const [, name, options] of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g))
    fields[name] = /<option value="([^"]*)"[^>]*selected/.exec(options)?.[1];
  for (const [, name, text] of html.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) fields[name] = text;
  return fields;
}

/** The day list of an element, once every day of it has its answer. */
async function dayList(element, count = 14) {
  const list = element.getByRole('listbox', { name: 'Jour du transport' });
  await list.waitFor();
  await list
    .getByRole('option')
    .nth(count - 1)
    .waitFor();
  await list
    .getByRole('option', { name: /en cours de calcul/ })
    .first()
    .waitFor({ state: 'detached' });
  return list;
}

/** Each option's date and accessible name. */
async function options(list) {
  return list.getByRole('option').evaluateAll((nodes) =>
    nodes.map((node) => ({
      id: node.id,
      name: node.querySelector('.visually-hidden').textContent,
      disabled: node.getAttribute('aria-disabled') === 'true',
      selected: node.getAttribute('aria-selected') === 'true',
      text: node.textContent,
    })),
  );
}

describe('the day chosen by its price, in both elements, on the carrier’s own test page', () => {
  const demo = useDemo({ before, after, startServer });
  /** Every /api/v1/quotes/days request the pages sent, with its answer. */
  // The day-list requests the pages sent, recorded as they leave (a shown list was asked before).
  const asked: Array<{ request: Record<string, unknown> }> = [];

  before(async () => {
    const office = await new BackOffice(demo.server.base).signInAs(1);
    const fields = formFields((await office.get(TARIFS)).text);
    const saved = await office.post(TARIFS, { ...fields, coef_6: '1,25', ferme_7: 'on', capacite: '1' });
    assert.equal(saved.status, 303, saved.text.slice(0, 600));
    // One booking of Martin's public pages on the first Wednesday, accepted: the day is full.
    const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
    const body = bookingBody();
    body.travel = { ...body.travel, beginning_date: parisTime(FULL_DAY, '09:00'), ending_date: parisTime(FULL_DAY, '16:00') };
    body.addresses = body.addresses.map((address, index) =>
      index === 0
        ? { ...address, timewindow_earliest: parisTime(FULL_DAY, '09:00'), timewindow_latest: parisTime(FULL_DAY, '12:00') }
        : address,
    );
    const headers = { 'x-carrier-key': KEY };
    const quote = await json(demo.server.base, 'POST', '/api/v1/quotes', {
      body: quoteRequestOfBooking(body as Parameters<typeof quoteRequestOfBooking>[0], 'wizard', null),
      headers,
    });
    assert.equal(quote.status, 201, quote.text);
    const { figures } = quote.data;
    const made = await json(demo.server.base, 'POST', '/api/v1/travels', {
      headers,
      body: {
        ...body,
        quote_id: quote.data.id,
        travel: {
          ...body.travel,
          price_transportation: figures.price_transportation,
          price_handling: figures.price_handling,
          price_transportation_ht: figures.price_transportation_ht,
          price_handling_ht: figures.price_handling_ht,
        },
      },
    });
    assert.equal(made.status, 201, made.text);
    await demo.server.query("UPDATE travels SET state = 'accepted' WHERE id = ?", [made.data.id]);
  });

  async function testPage(viewport) {
    const page = await openPage(demo.browser, { viewport });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/quotes/days')) asked.push({ request: JSON.parse(request.postData()!) });
    });
    await page.goto(`${demo.server.base}/integration/essai?cle=${KEY}&adresses=local`);
    return page;
  }

  /**
   * The shown days against the server: each open day's price is that day's single quote, to the
   * cent: TTC on the carrier's public page (its key), HT in its intranet (company token, spec §6).
   */
  async function checkPrices(list, grid, company = false) {
    const shown = await options(list);
    assert.deepEqual(
      shown.map((option) => option.name.split(',')[0]),
      FORTNIGHT.map(([, words]) => words),
    );
    const request = asked.findLast(
      (entry) => entry.request.grid === grid && entry.request.from === dayAfterToday(0) && Boolean(entry.request.company_token) === company,
    )!.request;
    const { from: _from, days: _days, ...choices } = request;
    const totals = new Map();
    for (const [index, [date]] of FORTNIGHT.entries()) {
      const option = shown[index];
      assert.equal(option.id, `day-${date}`);
      if (SUNDAYS.has(date)) {
        assert.match(option.name, /, fermé$/, date);
        assert.equal(option.disabled, true);
        assert.match(option.text, /Fermé/);
        continue;
      }
      if (date === FULL_DAY) {
        assert.match(option.name, /, complet$/, date);
        assert.equal(option.disabled, true);
        assert.match(option.text, /Complet/);
        continue;
      }
      // The server's own quote of that day, asked apart: the element shows its total (TTC for a visitor).
      const single = await json(demo.server.base, 'POST', '/api/v1/quotes', {
        body: { ...choices, date },
        headers: company ? {} : { 'x-carrier-key': KEY },
      });
      assert.equal(single.status, 201, single.text);
      // Up to the euro sign: an HT price has a decimal comma ('870,83 €').
      const price = /^[^,]+, (.+?€)/.exec(option.name)![1]!;
      const quoted = company ? single.data.figures.total_ht : single.data.figures.total;
      assert.equal(centsOf(price), quoted, `${date}: shown ${price}, quoted ${quoted}`);
      totals.set(date, quoted);
    }
    // Saturdays at 1.25: dearer than the Friday before them.
    assert.ok(totals.get(dayAfterToday(5))! > totals.get(dayAfterToday(4))!);
    const lowest = Math.min(...totals.values());
    const cheapest = shown.filter((option) => option.name.endsWith(', le moins cher'));
    assert.equal(cheapest.length, 1);
    assert.equal(totals.get(cheapest[0].id.slice(4)), lowest);
    assert.ok(FORTNIGHT.find(([date]) => totals.get(date) === lowest)![0] === cheapest[0].id.slice(4), 'the first of the cheapest');
    assert.match(cheapest[0].text, /Le moins cher/);
  }

  async function axe(page) {
    await page.evaluate(AXE);
    return page.evaluate(async () =>
      (await window.axe.run(document)).violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      ),
    );
  }

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    it(`the wizard at ${viewport.width} px: 14 days priced as the server quotes them, chosen by keyboard, more on demand; axe at 0`, async () => {
      const page = await testPage(viewport);
      const problems = watchPage(page);
      const wizard = page.locator('transport-quote-wizard');
      await resolveAddress(wizard, 1, '10 rue de Rivoli 75004 Paris');
      await resolveAddress(wizard, 2, '3 place Bellecour 69002 Lyon');
      const list = await dayList(wizard);
      assert.match((await wizard.getByText(/Prix TTC de ce trajet selon le jour/).textContent())!, /avant vos objets/);
      await checkPrices(list, 'wizard');
      assert.deepEqual(await axe(page), []);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${overflow} px de défilement horizontal`);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await list.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `jours-assistant-${viewport.width}.png`) });
      }

      // By keyboard: from the date list, Tab reaches the chosen day (today); the arrows move, Entrée chooses.
      await wizard.getByLabel('Date du transport').focus();
      await page.keyboard.press('Tab');
      assert.equal(await wizard.locator('.day:focus').getAttribute('id'), `day-${dayAfterToday(0)}`);
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      assert.equal(await wizard.getByLabel('Date du transport').inputValue(), dayAfterToday(3));
      assert.equal(await wizard.locator(`#day-${dayAfterToday(3)}`).getAttribute('aria-selected'), 'true');
      // Sunday (closed) and the full Wednesday are reached and read, not chosen.
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
      assert.equal(await wizard.locator('.day:focus').getAttribute('id'), `day-${dayAfterToday(6)}`);
      await page.keyboard.press('Enter');
      for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowLeft');
      assert.equal(await wizard.locator('.day:focus').getAttribute('id'), `day-${FULL_DAY}`);
      await page.keyboard.press(' ');
      assert.equal(await wizard.getByLabel('Date du transport').inputValue(), dayAfterToday(3), 'a closed or full day is not chosen');
      // Fin and Début, then 'Voir 14 jours de plus': 14 more days, the 15th a Monday.
      await page.keyboard.press('End');
      assert.equal(await wizard.locator('.day:focus').getAttribute('id'), `day-${dayAfterToday(13)}`);
      await page.keyboard.press('Home');
      assert.equal(await wizard.locator('.day:focus').getAttribute('id'), `day-${dayAfterToday(0)}`);
      await wizard.getByRole('button', { name: 'Voir 14 jours de plus' }).focus();
      await page.keyboard.press('Enter');
      const longer = await dayList(wizard, 28);
      const more = await options(longer);
      assert.equal(more[14].name.split(',')[0], frenchDay(dayAfterToday(14)));
      assert.equal(more[20].name, `${frenchDay(dayAfterToday(20))}, fermé`);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  it('a closed day cannot be chosen, a full one is refused with the server’s sentence, nothing saved; the day chosen in the list is booked', async () => {
    const page = await testPage({ width: 1280, height: 900 });
    const problems = watchPage(page);
    const wizard = page.locator('transport-quote-wizard');
    await resolveAddress(wizard, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(wizard, 2, '3 place Bellecour 69002 Lyon');
    const list = await dayList(wizard);
    // A full day chosen in the date list: the day list says so before any booking.
    await wizard.getByLabel('Date du transport').selectOption(FULL_DAY);
    await wizard.getByRole('status').filter({ hasText: FULL }).waitFor();
    await list.locator(`#day-${dayAfterToday(3)}`).click();
    await wizard.getByRole('status').filter({ hasText: FULL }).waitFor({ state: 'detached' });
    assert.equal(await wizard.getByLabel('Date du transport').inputValue(), dayAfterToday(3));
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Vos objets' }).waitFor();
    await wizard.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await wizard.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Marie Curie');
    await wizard.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await wizard.getByLabel('E-mail', { exact: true }).fill('marie@exemple.fr');
    const count = async () => Number((await demo.server.query('SELECT COUNT(*) AS n FROM travels'))[0].n);
    const before = await count();
    // A closed Sunday cannot even be chosen (issue 55, point 1): the date list shows it greyed, and says why.
    const sunday = wizard.getByLabel('Date du transport').locator(`option[value="${dayAfterToday(6)}"]`);
    assert.equal(await sunday.isDisabled(), true);
    assert.match((await sunday.textContent())!, /\(fermé\)$/);
    // A full day, which only the server knows, is refused at the booking with its sentence.
    for (const [day, sentence] of [[FULL_DAY, FULL]]) {
      await wizard.getByLabel('Date du transport').selectOption(day);
      await wizard.getByRole('button', { name: 'Enregistrer' }).click();
      await wizard.getByRole('alert').filter({ hasText: sentence }).waitFor();
      assert.equal(await count(), before, `nothing saved on ${day}`);
    }
    await wizard.getByLabel('Date du transport').selectOption(dayAfterToday(3));
    await wizard.getByRole('button', { name: 'Enregistrer' }).click();
    await wizard.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    const [saved] = await demo.server.query('SELECT beginning_date FROM travels ORDER BY id DESC LIMIT 1');
    assert.equal(saved.beginning_date.slice(0, 10), dayAfterToday(3));
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the intranet (company mode, its company token): the days priced HT as the server quotes them for that company; a closed or full day refused through the element', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/quotes/days')) asked.push({ request: JSON.parse(request.postData()!) });
    });
    const problems = watchPage(page);
    await page.goto(`${demo.server.base}/company.html`);
    const wizard = page.locator('transport-quote-wizard');
    await resolveAddress(wizard, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(wizard, 2, '3 place Bellecour 69002 Lyon');
    const list = await dayList(wizard);
    assert.match((await wizard.getByText(/Prix HT de ce trajet selon le jour/).textContent())!, /avant vos objets/);
    await checkPrices(list, 'wizard', true);
    // The company's request carries its token, never the public page's key.
    const request = asked.findLast((entry) => entry.request.company_token)!.request;
    assert.equal(typeof request.company_token, 'string');
    // The element's own rules (the demo's intranet page is a bare host page, without a heading of its own).
    assert.deepEqual(
      (await axe(page)).filter((violation) => !violation.startsWith('page-has-heading-one')),
      [],
    );

    // A full or closed day chosen in the date list: the element says so, and the server refuses the booking.
    await wizard.getByLabel('Date du transport').selectOption(FULL_DAY);
    await wizard.getByRole('status').filter({ hasText: FULL }).waitFor();
    await list.locator(`#day-${dayAfterToday(3)}`).click();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Vos objets' }).waitFor();
    await wizard.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await wizard.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Paul Intranet');
    await wizard.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 79');
    await wizard.getByLabel('E-mail', { exact: true }).fill('paul@exemple.fr');
    const count = async () => Number((await demo.server.query('SELECT COUNT(*) AS n FROM travels'))[0].n);
    const before = await count();
    // A closed Sunday cannot even be chosen (issue 55, point 1): the date list shows it greyed, and says why.
    const sunday = wizard.getByLabel('Date du transport').locator(`option[value="${dayAfterToday(13)}"]`);
    assert.equal(await sunday.isDisabled(), true);
    assert.match((await sunday.textContent())!, /\(fermé\)$/);
    // A full day, which only the server knows, is refused at the booking with its sentence.
    for (const [day, sentence] of [[FULL_DAY, FULL]]) {
      await wizard.getByLabel('Date du transport').selectOption(day);
      await wizard.getByRole('button', { name: 'Enregistrer' }).click();
      await wizard.getByRole('alert').filter({ hasText: sentence }).waitFor();
      assert.equal(await count(), before, `nothing saved on ${day}`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the lite, at 375 px: its header’s days priced on its own grid as the server quotes them; axe at 0', async () => {
    const page = await testPage({ width: 375, height: 812 });
    const problems = watchPage(page);
    const lite = page.locator('transport-quote-lite');
    await resolveAddress(lite, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(lite, 2, '3 place Bellecour 69002 Lyon');
    const list = await dayList(lite);
    await checkPrices(list, 'lite');
    assert.deepEqual(await axe(page), []);
    if (SHOTS) {
      await list.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'jours-legere-375.png') });
      await page.setViewportSize({ width: 1280, height: 900 });
      await list.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'jours-legere-1280.png') });
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
});
