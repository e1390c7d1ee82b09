// Issue 52, point 3 (grids): a grid whose code returned a negative figure passed its save-time
// trial and priced bookings. A grid's reply with a negative transportation or handling, or one
// past the server's ceiling once VAT is added (PRICE_CEILING_EUROS), is now the grid's defect:
// refused at save with the reason in French, naming the grid, and at pricing time the spec's
// defect message (S148) stands in for the price, which is left to set (S147), on every path a
// grid's code prices: a company's quote, its list of days, its booking, and the public pages'
// grids of PUBLIC_PRICING_FILE.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../api/back-office-client.ts';
import { bookingBody, type BookingBody } from '../api/booking-body.ts';
import { cents, htCents } from '../api/spec-prices.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, startServer, type TestServer } from '../api/support.ts';

const GRILLES = '/espace-transporteur/reglages/grilles';
/** The server's ceiling for one line of a price, VAT included, set here as an operator would. */
const CEILING_EUROS = 100_000;
const VAT = 0.2;

const NEGATIVE = { id: 30, name: 'Grille Négative', code: 'return { transportation: -500, handling: 50 };' };
const ABSURD = { id: 31, name: 'Grille Démesurée', code: 'return { transportation: 120, handling: 99999999 };' };
const grid = ({ id, name, code }: typeof NEGATIVE) => ({ id, name, apply_to: 'apply_to_travels', compute_price_func_body: code });
const defect = (name: string) => `La grille de [${name}] présente un défaut technique, contactez son responsable`;

const unescape = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** A French amount as the page writes it: thousands apart, a decimal comma, any space before €. */
const euros = (amount: number) => {
  const [whole, decimals] = amount.toFixed(2).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  return `${grouped}${decimals === '00' ? '' : `,${decimals}`}\\s€`;
};

const withTravel = (body: BookingBody, travel: object): BookingBody => ({ ...body, travel: { ...body.travel, ...travel } });
/** The body at these prices (cents TTC), its HT alike. */
const priced = (body: BookingBody, transport: number, handling: number) =>
  withTravel(body, {
    price_transportation: transport,
    price_handling: handling,
    price_transportation_ht: htCents(transport),
    price_handling_ht: htCents(handling),
  });
/** The quote request a page sends for a booking: its choices, no figure. */
const quoteRequest = (body: BookingBody) => ({
  addresses: body.addresses,
  items: body.items,
  persons_needed: body.travel.persons_needed,
  handling_hours: body.travel.duration_handling / 3600,
  date: (body.travel.beginning_date ?? '').slice(0, 10),
  driver_pool_id: body.travel.driver_pool_id,
  ...(body.company_token ? { company_token: body.company_token } : {}),
});
const read = async (server: TestServer, created: { id: number; token: string }) =>
  (await json(server.base, 'GET', `/api/v1/travels/${created.id}?token=${created.token}`)).data;

/**
 * A grid that gives no price on every path: its quote carries the defect and no price; a booking
 * on it is stored as a price to set; the grid's own figures sent as the price are refused.
 */
async function assertNeverPriced(server: TestServer, body: BookingBody, bad: typeof NEGATIVE) {
  const { figures } = (await json(server.base, 'POST', '/api/v1/quotes', { body: quoteRequest(body) })).data;
  assert.equal(figures.pool_error, defect(bad.name), bad.name);
  assert.deepEqual([figures.price_transportation, figures.price_handling], [0, 0], 'no price, not the grid’s figures');
  const quoted = await json(server.base, 'POST', '/api/v1/quotes', { body: quoteRequest(body) });
  const created = await json(server.base, 'POST', '/api/v1/travels', { body: { ...priced(body, 0, 0), quote_id: quoted.data.id } });
  assert.equal(created.status, 201, created.text);
  const stored = await read(server, created.data);
  assert.equal(stored.price_source, 'pending', 'a price to set');
  assert.deepEqual([stored.travel.price_transportation, stored.travel.price_handling], [0, 0]);
  // The grid's own figures, sent as the price: refused, nothing stored.
  const [transport, handling] = bad === NEGATIVE ? [-500, 50] : [120, 99_999_999];
  const forged = await json(server.base, 'POST', '/api/v1/travels', {
    body: priced(body, cents(transport * (1 + VAT)), cents(handling * (1 + VAT))),
  });
  assert.equal(forged.status, 422, forged.text);
}

describe(`issue 52: a grid answering a negative or absurd figure is refused at save (${DATABASE_NAME})`, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer(undefined, 0, { PRICE_CEILING_EUROS: String(CEILING_EUROS) });
  });
  after(async () => {
    await server?.stop();
  });
  const pools = async () => JSON.parse((await server.query('SELECT store_json FROM companies WHERE id = 1'))[0].store_json).driver_pools;

  it('S105 a new grid, or Grille Pro’s code changed, whose trial answers −500 € or 99,999,999 € HT: 422 naming the grid and the line, nothing saved', async () => {
    const office = await new BackOffice(server.base).signInAs(1);
    await office.get(GRILLES);
    const before = await pools();
    const negative = new RegExp(
      `Grille «\\u202fGrille Essai\\u202f», code de calcul\\u00a0: à l’essai sur Paris → Lyon, il renvoie un transport de -${euros(500)}\\u00a0HT\\. ` +
        'Un prix ne peut pas être négatif\\u00a0: rien n’a été enregistré\\.',
    );
    const absurd = new RegExp(
      `Grille «\\u202fGrille Essai\\u202f», code de calcul\\u00a0: à l’essai sur Paris → Lyon, il renvoie une manutention de ${euros(99_999_999)}\\u00a0HT, ` +
        `soit ${euros(99_999_999 * (1 + VAT))}\\u00a0TTC, au-delà du plafond de ${euros(CEILING_EUROS)}\\u00a0TTC`,
    );
    for (const [code, message] of [
      [NEGATIVE.code, negative],
      [
        'return { transportation: 120, handling: -0.5 };',
        /il renvoie une manutention de -0,50\s€\u00a0HT\. Un prix ne peut pas être négatif/,
      ],
      [ABSURD.code, absurd],
    ] as const) {
      const refused = await office.post(GRILLES, { nom: 'Grille Essai', mode: 'driving', calcule: 'on', consignes: '', code });
      assert.equal(refused.status, 422, code);
      assert.match(unescape(refused.text), message);
      const changed = await office.post(`${GRILLES}/2`, { nom: 'Grille Pro', mode: 'driving', calcule: 'on', consignes: '', code });
      assert.equal(changed.status, 422, code);
      assert.match(unescape(changed.text), /Grille «\u202fGrille Pro\u202f», code de calcul\u00a0: à l’essai sur Paris → Lyon/);
    }
    assert.deepEqual(await pools(), before, 'nothing saved');
    // A grid at the ceiling's edge is a price: saved.
    const edge = Math.floor(CEILING_EUROS / (1 + VAT));
    const saved = await office.post(GRILLES, {
      nom: 'Grille Chère',
      mode: 'driving',
      calcule: 'on',
      consignes: '',
      code: `return { transportation: ${edge}, handling: 0 };`,
    });
    assert.equal(saved.status, 303, saved.text.slice(0, 400));
  });
});

describe(`issue 52: a grid answering a negative or absurd figure never prices a booking (${DATABASE_NAME})`, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer(undefined, 0, { PRICE_CEILING_EUROS: String(CEILING_EUROS) });
    // Grids saved before the trial checked their figures: in Martin's records as they are.
    const [{ store_json: store }] = await server.query('SELECT store_json FROM companies WHERE id = 1');
    const data = JSON.parse(store);
    await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [
      JSON.stringify({ ...data, driver_pools: [...data.driver_pools, grid(NEGATIVE), grid(ABSURD)] }),
    ]);
  });
  after(async () => {
    await server?.stop();
  });

  for (const bad of [NEGATIVE, ABSURD])
    it(`S147 S148 ${bad.name}, with a company token: its quote, its list of days and its booking carry the defect, never its figures`, async () => {
      const body = withTravel(bookingBody({ company_token: DEMO_COMPANY_TOKEN }), { driver_pool_id: bad.id });
      await assertNeverPriced(server, body, bad);
      const { date: _date, ...choices } = quoteRequest(body);
      const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
      const list = await json(server.base, 'POST', '/api/v1/quotes/days', { body: { ...choices, from, days: 7 } });
      assert.equal(list.status, 200, list.text.slice(0, 300));
      for (const day of list.data.days.filter((day) => day.status === 'open')) {
        assert.equal(day.quote.figures.pool_error, defect(bad.name), day.date);
        assert.equal(day.quote.figures.total, 0, day.date);
      }
      assert.equal(list.data.cheapest, null, 'no day has a price');
    });
});

describe(`issue 52: the public pages' grids (PUBLIC_PRICING_FILE) answering a negative or absurd figure (${DATABASE_NAME})`, () => {
  let server: TestServer;
  before(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tqw-grilles-')), 'tarifs.json');
    writeFileSync(
      file,
      JSON.stringify({
        transportation_company: { name: 'Transports Lemoine' },
        driver_pools: [{ id: 'public', name: 'Grille publique' }, grid(NEGATIVE), grid(ABSURD)],
      }),
    );
    server = await startServer(undefined, 0, { PUBLIC_PRICING_FILE: file, PRICE_CEILING_EUROS: String(CEILING_EUROS) });
  });
  after(async () => {
    await server?.stop();
  });

  it('S147 S148 a visitor’s quote carries the defect, and the booking is a price to set', async () => {
    for (const bad of [NEGATIVE, ABSURD]) await assertNeverPriced(server, withTravel(bookingBody(), { driver_pool_id: bad.id }), bad);
  });
});
