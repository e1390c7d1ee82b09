// The carrier's options (issue 45, item 3): priced in its Réglages (Options, administrators, a
// journal line each), chosen by the visitor as choices only, priced by the server's quote with
// the domain's function the elements call, and written as lines on the booking, its devis, the
// back office and its CSV. A forged choice (unknown id, quantity or declared value out of the
// carrier's limits, a price sent beside it) is refused in French (422) on every path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, LYON, PARIS } from './booking-body.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { BUILT_DOMAIN, DATABASE_NAME, DEMO_COMPANY_TOKEN, type Domain, json, startServer, MARTIN_KEY } from './support.ts';

const PAGE = '/espace-transporteur/reglages/options';
const VAT = 0.2;

/**
 * The options Martin sets, as typed in the form (French decimals). The first keeps words in the
 * fields its kind hides (issue 55, point 12): they are not read, so they refuse nothing.
 */
const TYPED = [
  {
    libelle: 'Emballage des objets fragiles',
    type: 'forfait',
    prix: '120',
    max: 'beaucoup',
    pourcent: 'sans objet',
    min_valeur: '',
    max_valeur: 'x',
  },
  { libelle: 'Cartons renforcés', type: 'unite', prix: '2,5', max: '80', pourcent: '', min_valeur: '', max_valeur: '' },
  { libelle: 'Protection du mobilier', type: 'piece', prix: '4,2', max: '', pourcent: '', min_valeur: '', max_valeur: '' },
  { libelle: 'Assurance tous risques', type: 'pourcentage', prix: '', max: '', pourcent: '0,5', min_valeur: '1000', max_valeur: '50000' },
];

const trip = (overrides = {}) => ({
  addresses: [
    { type_name: 'pickup', ...PARIS, floor_nb: 3, elevator_presence: true },
    { type_name: 'dropoff', ...LYON, floor_nb: 0, elevator_presence: false },
  ],
  items: [
    { name: 'Canapé 3 places', category: 'item', quantity: 1 },
    { name: 'Chaise', category: 'item', quantity: 6 },
  ],
  ...overrides,
});

describe(`the carrier’s options (${DATABASE_NAME})`, () => {
  let server;
  let office;
  let ids;
  before(async () => {
    server = await startServer();
    office = await new BackOffice(server.base).signInAs(1);
  });
  after(async () => {
    await server?.stop();
  });

  it('are added in the Réglages, each with a journal line; a wrong field is refused in French with what was typed kept', async () => {
    await office.get(PAGE);
    const refused = await office.post(PAGE, { ...TYPED[3], pourcent: 'beaucoup' });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /L’option n’a pas été ajoutée/);
    assert.match(refused.text, /Pourcentage\u00a0: «\u202fbeaucoup\u202f» n’est pas un nombre/);
    assert.match(refused.text, /value="beaucoup"/);
    for (const typed of TYPED) {
      await office.get(PAGE);
      const saved = await office.post(PAGE, typed);
      assert.equal(saved.status, 303, saved.text.slice(0, 500));
    }
    const page = await office.get(PAGE);
    assert.match(page.text, /120\u00a0€ HT par déménagement/);
    assert.match(page.text, /0,5\u00a0% de la valeur déclarée/);
    const journal = await office.get('/espace-transporteur/reglages/journal');
    assert.match(journal.text, /Option ajoutée\u00a0: Assurance tous risques/);
    const carrier = await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': MARTIN_KEY } });
    // Added after the demo's own options, in the order typed.
    const options = carrier.data.options.slice(-TYPED.length);
    assert.deepEqual(
      options.map((option) => [option.label, option.kind]),
      TYPED.map((typed) => [typed.libelle, typed.type]),
    );
    ids = Object.fromEntries(options.map((option) => [option.kind, option.id]));
  });

  it('the quote prices each kind from the settings, HT then TTC at the carrier’s VAT, in the total; the element’s function agrees to the cent', async () => {
    const choices = [
      { id: ids.forfait },
      { id: ids.unite, quantity: 30 },
      { id: ids.piece },
      { id: ids.pourcentage, declared_value: 18000 },
    ];
    const answer = await json(server.base, 'POST', '/api/v1/quotes', {
      body: trip({ options: choices }),
      headers: { 'x-carrier-key': MARTIN_KEY },
    });
    assert.equal(answer.status, 201, answer.text);
    const { figures } = answer.data;
    // By hand from the settings: 120 € once; 30 × 2,50 €; 7 objects × 4,20 €; 0,5 % of 18 000 €.
    const ht = [12000, 30 * 250, 7 * 420, 9000];
    assert.deepEqual(
      figures.options.map((line) => line.amount_ht),
      ht,
    );
    assert.deepEqual(
      figures.options.map((line) => line.amount),
      ht.map((cents) => Math.round(cents * (1 + VAT))),
    );
    const optionsTotal = ht.reduce((sum, cents) => sum + Math.round(cents * (1 + VAT)), 0);
    assert.equal(figures.total, figures.price_transportation + figures.price_handling + figures.additional_costs + optionsTotal);
    // The element prices with the published domain's function, from the carrier's data it reads.
    const { priceOptions, makeItem }: Domain = await import(BUILT_DOMAIN);
    const carrier = await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': MARTIN_KEY } });
    const items = trip().items.map((item) => makeItem(item as Parameters<typeof makeItem>[0]));
    assert.deepEqual(priceOptions(carrier.data.options, choices, items, carrier.data.vat), figures.options);

    const without = await json(server.base, 'POST', '/api/v1/quotes', { body: trip(), headers: { 'x-carrier-key': MARTIN_KEY } });
    assert.equal(without.data.figures.options, undefined);
    assert.equal(without.data.figures.total + optionsTotal, figures.total);
  });

  const forged = (): Array<[Record<string, unknown>, string, RegExp]> => [
    [{ id: 'opt-inconnue' }, 'options.0.id', /Option inconnue de ce transporteur/],
    [{ id: ids.unite, quantity: 81 }, 'options.0.quantity', /quantité entre 1 et 80/],
    [
      { id: ids.pourcentage, declared_value: 50001 },
      'options.0.declared_value',
      /valeur déclarée entre 1\u202f000\u00a0€ et 50\u202f000\u00a0€/,
    ],
    [{ id: ids.forfait, price: 0 }, 'options.0.price', /Le prix d’une option est celui du transporteur/],
  ];

  it('refuses a forged choice on the carrier’s public page (its key) and in its intranet (company token)', async () => {
    for (const [choice, path, message] of forged()) {
      for (const headers of [{ 'x-carrier-key': MARTIN_KEY }, {}] as Record<string, string>[]) {
        const body = trip({ options: [choice], ...(headers['x-carrier-key'] ? {} : { company_token: DEMO_COMPANY_TOKEN }) });
        const answer = await json(server.base, 'POST', '/api/v1/quotes', { body, headers });
        assert.equal(answer.status, 422, answer.text);
        const field = answer.data.fields.find((candidate) => candidate.path === path);
        assert.ok(field, answer.text);
        assert.match(field.message, message);
      }
    }
  });

  it('prices on the keyless public pages the options of the company they belong to, as its key’s pages do; refuses one it does not offer (issue 55)', async () => {
    const choices = [{ id: ids.forfait }, { id: ids.pourcentage, declared_value: 18000 }];
    const keyless = await json(server.base, 'POST', '/api/v1/quotes', { body: trip({ options: choices }) });
    assert.equal(keyless.status, 201, keyless.text);
    const keyed = await json(server.base, 'POST', '/api/v1/quotes', {
      body: trip({ options: choices }),
      headers: { 'x-carrier-key': MARTIN_KEY },
    });
    // By hand from the settings: 120 € once; 0,5 % of 18 000 €, each HT then at the VAT.
    assert.deepEqual(
      keyless.data.figures.options.map((line) => line.amount),
      [12000, 9000].map((cents) => Math.round(cents * (1 + VAT))),
    );
    assert.deepEqual(keyless.data.figures, keyed.data.figures);
    const unknown = await json(server.base, 'POST', '/api/v1/quotes', { body: trip({ options: [{ id: 'piano-a-queue' }] }) });
    assert.equal(unknown.status, 422, unknown.text);
    assert.match(unknown.text, /Option inconnue de ce transporteur/);
  });

  it('a booking carries its options: priced by the server, refused when forged (creation and edit link), shown on the devis, the back office and the CSV', async () => {
    const choices = [{ id: ids.forfait }, { id: ids.pourcentage, declared_value: 20000 }];
    const headers = { 'x-carrier-key': MARTIN_KEY };
    for (const [choice, path] of forged()) {
      const refused = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody({ options: [choice] }), headers });
      assert.equal(refused.status, 422, refused.text);
      assert.ok(
        refused.data.fields.some((field) => field.path === path),
        refused.text,
      );
    }
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ options: choices, customer: { phone_number: '0612345678', email: 'options@exemple.fr', name: 'Odile Options' } }),
      headers,
    });
    assert.equal(created.status, 201, created.text);
    const { id, token } = created.data;
    const read = await json(server.base, 'GET', `/api/v1/travels/${id}?token=${token}`);
    assert.deepEqual(read.data.options, choices);
    const lines = read.data.price_lines.filter((line) => line.kind === 'option');
    // 120 € HT, and 0,5 % of 20 000 € = 100 € HT.
    assert.deepEqual(
      lines.map((line) => [line.label, line.amount_ht, line.amount]),
      [
        ['Emballage des objets fragiles', 12000, 14400],
        ['Assurance tous risques (valeur déclarée 20\u202f000\u00a0€)', 10000, 12000],
      ],
    );

    // Through the edit link: a declared value out of limits is refused, nothing changes.
    const edit = await json(server.base, 'PATCH', `/api/v1/travels/${id}?token=${token}`, {
      body: { ...read.data, options: [{ id: ids.pourcentage, declared_value: 10 }] },
    });
    assert.equal(edit.status, 422, edit.text);
    assert.match(edit.text, /valeur déclarée entre/);

    const devis = await (await fetch(`${server.base}/devis/${id}?token=${token}`)).text();
    assert.match(devis, /<th scope="row">Emballage des objets fragiles<\/th><td>120\s€<\/td><td>144\s€<\/td>/);
    assert.match(devis, /Assurance tous risques \(valeur déclarée 20\u202f000\u00a0€\)/);
    const page = await office.get(`/espace-transporteur/reservations/${id}`);
    assert.match(page.text, /Emballage des objets fragiles <span class="meta">\(option choisie\)<\/span>/);
    const csv = await office.get('/espace-transporteur/reservations.csv');
    const row = csv.text.split('\r\n').find((line) => line.includes('Odile Options'));
    assert.match(row, /Emballage des objets fragiles : 144(,00)?\s€/);
  });

  it('are an administrator’s: an exploitant gets a 403 in French, a form without its token or for another company’s option changes nothing', async () => {
    const before = (await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': MARTIN_KEY } })).data.options;
    // Without the form's token (a page of another site posting it).
    const forged = await office.post(PAGE, TYPED[0], { csrf: null });
    assert.ok(forged.status === 403 || forged.status === 400, String(forged.status));
    // Dupont's administrator cannot change or remove Martin's options: they are not its own.
    const dupont = await new BackOffice(server.base).signInAs(2);
    await dupont.get(PAGE);
    const other = await dupont.post(`${PAGE}/${ids.forfait}`, { ...TYPED[0], prix: '1' });
    assert.equal(other.status, 404);
    assert.match(other.text, /Option introuvable/);
    await dupont.get(PAGE);
    assert.equal((await dupont.post(`${PAGE}/${ids.forfait}/retirer`)).location, `${PAGE}?fait=rien`);
    // An exploitant of Dupont's: every page and form of Options refused.
    const account = DEMO_ACCOUNTS[1];
    await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['exploitant', account.email]);
    try {
      const exploitant = await new BackOffice(server.base).signInAs(2);
      const page = await exploitant.get(PAGE);
      assert.equal(page.status, 403);
      assert.match(page.text, /réservés à ses administrateurs/);
      await exploitant.get('/espace-transporteur/reservations');
      assert.equal((await exploitant.post(PAGE, TYPED[0])).status, 403);
    } finally {
      await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['administrateur', account.email]);
    }
    const after = (await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': MARTIN_KEY } })).data.options;
    assert.deepEqual(after, before);
  });
});
