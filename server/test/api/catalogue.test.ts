import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_COMPANY_TOKEN, OTHER_COMPANY_TOKEN, json, startServer, DATABASE_NAME } from './support.ts';

let server;
const search = async (query) => await json(server.base, 'GET', `/api/v1/items/search?${query}`);
const names = async (query) => (await search(query)).data.map((item) => item.name);

describe(`catalogue and company endpoints on ${DATABASE_NAME}`, () => {
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  it('the seed holds at least 150 real items with volume, weight, dimensions and handling data', async () => {
    const rows = await server.query('SELECT * FROM items WHERE company_id IS NULL');
    assert.ok(rows.length >= 150, `${rows.length} items`);
    for (const row of rows) {
      assert.ok(row.volume > 0 && row.weight > 0 && row.length > 0 && row.width > 0 && row.height > 0, row.name);
      assert.ok(row.time_factor > 0 && row.persons_needed >= 1 && row.persons_needed <= 4, row.name);
    }
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    assert.equal(byName['Canapé 3 places'].volume, 2);
    assert.equal(byName['Carton standard'].volume, 0.06);
  });

  it('S139 answers carry the movers’ volume; dimensions are given for information only', async () => {
    const [sofa] = (await search('q=canape%203%20places')).data;
    assert.equal(sofa.name, 'Canapé 3 places');
    assert.equal(sofa.volume, 2);
    assert.ok(!('length' in sofa) && sofa.dimensions_cm.length > 0);
  });

  it('S139 search ignores case and accents: refrigerateur finds Réfrigérateur', async () => {
    const found = await names('q=refrigerateur');
    assert.equal(found[0], 'Réfrigérateur');
    assert.ok(found.includes('Réfrigérateur américain'));
    assert.deepEqual(await names('q=R%C3%89FRIG%C3%89RATEUR'), found);
  });

  it('S021 S139 a leading quantity is ignored and plurals find singulars: 5 tables', async () => {
    const found = await names('q=5%20tables');
    assert.ok(found.length > 0);
    assert.match(found[0], /^Table\b/);
    assert.deepEqual(found, await names('q=table'));
    assert.ok((await names('q=canapes')).includes('Canapé 3 places'));
  });

  it('S021 S139 the word a mover types bare comes first as its generic entry; whole words before words that only start the same', async () => {
    for (const [typed, generic] of [
      ['5 tables', 'Table'],
      ['tables', 'Table'],
      ['chaises', 'Chaise'],
      ['un lit', null],
      ['lits', 'Lit'],
      ['armoires', 'Armoire'],
      ['cartons', 'Carton'],
      ['CANAPES', 'Canapé'],
      ['canapé', 'Canapé'],
    ]) {
      const found = await names(`q=${encodeURIComponent(typed!)}`);
      if (generic) assert.equal(found[0], generic, `${typed}: ${found.join(', ')}`);
    }
    const tables = await names('q=tables');
    // 'Tableau' and 'Tableau blanc' only start like 'table': not offered while tables exist.
    assert.ok(!tables.includes('Tableau') && !tables.includes('Tableau blanc'), tables.join(', '));
    assert.ok(tables.includes('Table basse') && tables.includes('Table 6 personnes'), tables.join(', '));
    // A word still being typed finds by prefix: 'tabl' offers tables and tableaux alike.
    const typing = await names('q=tabl');
    assert.ok(typing.includes('Table') && typing.includes('Tableau'), typing.join(', '));
    // Items whose own name holds the word fold into the same rule: 'tableau' offers the paintings.
    assert.equal((await names('q=tableaux'))[0], 'Tableau');
  });

  it('S139 results are ranked with names starting with the query first, and limited', async () => {
    const found = await names('q=lit');
    assert.ok(found.length <= 20);
    assert.equal(found[0], 'Lit');
    const firstNonPrefix = found.findIndex((name) => !/^lit\b/i.test(name));
    assert.ok(firstNonPrefix > 0, found.join(', '));
    assert.ok(
      found.slice(firstNonPrefix).every((name) => !/^lit\b/i.test(name)),
      found.join(', '),
    );
    assert.equal((await names('q=carton&limit=3')).length, 3);
  });

  it('S103 S139 an empty query returns nothing; a too long one is refused', async () => {
    assert.deepEqual((await search('q=')).data, []);
    assert.deepEqual((await search('q=%20%20')).data, []);
    assert.deepEqual((await search('q=42')).data, []);
    assert.equal((await search(`q=${'a'.repeat(201)}`)).status, 400);
    assert.equal((await search('q=table&c=abc')).status, 400);
  });

  it('S138 the company own items come first with c and its token; without the token, or with another company’s, c is refused', async () => {
    const withToken = async (query, token) =>
      json(server.base, 'GET', `/api/v1/items/search?${query}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await withToken('q=palette&c=1', DEMO_COMPANY_TOKEN)).data[0].name, 'Palette Europe');
    assert.equal((await search('q=palette&c=1')).status, 403);
    assert.match((await search('q=palette&c=1')).data.error, /jeton/);
    assert.equal((await withToken('q=palette&c=1', OTHER_COMPANY_TOKEN)).status, 403);
    assert.ok(!(await withToken('q=palette&c=2', OTHER_COMPANY_TOKEN)).data.map((item) => item.name).includes('Palette Europe'));
    assert.ok(!(await names('q=palette')).includes('Palette Europe'));
  });

  it('S057 the company store has what the elements need, and only that company', async () => {
    const { status, data } = await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}`);
    assert.equal(status, 200);
    assert.equal(data.company_mode, true);
    assert.equal(data.vat, 0.2);
    assert.deepEqual(
      data.vehicle_categories.map((c) => c.capacity),
      [3, 6, 12, 20],
    );
    assert.deepEqual(
      data.driver_pools.map((p) => p.name),
      ['Grille publique', 'Grille Pro', 'Partenaires Île-de-France'],
    );
    assert.ok(data.driver_pools[1].compute_price_func_body.length > 10);
    assert.deepEqual(data.permissions, [{ name: 'prices', can_read: true }]);
    assert.ok(data.places.length >= 3 && data.contacts.length >= 3 && data.customers.length >= 3);
    assert.ok(data.preferred_items.some((item) => item.name === 'Carton standard'));
    assert.ok(!JSON.stringify(data).includes('Dupont'));
  });

  it('S140 saved places are searched within the company', async () => {
    const { data } = await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}/places?q=entrepot`);
    assert.deepEqual(
      data.map((place) => place.label),
      ['Entrepôt Saint-Denis'],
    );
    assert.equal(data[0].floor_nb, 0);
    assert.equal(data[0].contacts[0].name, 'Karim Benali');
    const other = await json(server.base, 'GET', `/api/v1/companies/${OTHER_COMPANY_TOKEN}/places?q=entrepot`);
    assert.deepEqual(other.data, []);
  });

  it('S141 contacts search returns name and phone_number, scoped to the company', async () => {
    const { data } = await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}/contacts?q=karim`);
    assert.equal(data.length, 1);
    assert.equal(data[0].name, 'Karim Benali');
    assert.equal(data[0].phone_number, '0611223344');
    assert.deepEqual((await json(server.base, 'GET', `/api/v1/companies/${OTHER_COMPANY_TOKEN}/contacts?q=karim`)).data, []);
  });

  it('an unknown company token is a 404 everywhere', async () => {
    for (const url of ['/api/v1/companies/inconnu', '/api/v1/companies/inconnu/places?q=a', '/api/v1/companies/inconnu/contacts?q=a']) {
      const answer = await json(server.base, 'GET', url);
      assert.equal(answer.status, 404, url);
      assert.equal(answer.data.error, 'Entreprise inconnue');
    }
  });
});
