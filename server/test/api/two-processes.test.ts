// Two server processes on one database (a load balancer in front of two boxes): an
// Idempotency-Key claimed by one is honoured by the other, so a client retrying the same
// booking across both gets one booking, whichever process answers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingBody } from './booking-body.ts';
import { json, startServer, DATABASE_NAME, tempDatabase } from './support.ts';

describe(`two server processes sharing one ${DATABASE_NAME} database`, () => {
  let first;
  let second;
  before(async () => {
    // Both start together on an empty database: the schema and the seed are written once.
    const database = await tempDatabase();
    [first, second] = await Promise.all([startServer(database), startServer(database)]);
  });
  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('starting together, they migrate and seed the database once', async () => {
    const [{ n: companies }] = await first.query('SELECT COUNT(*) AS n FROM companies');
    const [{ n: duplicates }] = await first.query(
      'SELECT COUNT(*) AS n FROM (SELECT name FROM items WHERE company_id IS NULL GROUP BY name HAVING COUNT(*) > 1) AS twice',
    );
    assert.equal(companies, 2, 'the two demo companies, once each');
    assert.equal(duplicates, 0, 'no catalogue item seeded twice');
    const search = await json(second.base, 'GET', '/api/v1/items/search?q=canape');
    assert.equal(search.status, 200);
    assert.ok(search.data.length > 0);
  });

  it('concurrent retries of one booking on both processes create one booking', async () => {
    const body = bookingBody({ customer: { name: 'Jeanne Barret', phone_number: '0612345678', email: 'jeanne@exemple.fr' } });
    const headers = { 'idempotency-key': `cle-deux-processus-${Date.now()}` };
    /** A client that retries on 409 (the key is being served elsewhere) until it gets its answer. */
    const client = async (server) => {
      for (;;) {
        const answer = await json(server.base, 'POST', '/api/v1/travels', { body, headers });
        if (answer.status !== 409) return answer;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => client(n % 2 === 0 ? first : second)));
    for (const answer of answers) assert.equal(answer.status, 201, answer.text);
    const ids = new Set(answers.map((answer) => `${answer.data.id}:${answer.data.token}`));
    assert.equal(ids.size, 1, 'every retry is answered with the same booking and token');
    const [{ n }] = await first.query('SELECT COUNT(*) AS n FROM travels WHERE customer_name = ?', ['Jeanne Barret']);
    assert.equal(n, 1);
    const [{ id }] = answers.map((answer) => answer.data);
    const readOnOther = await json(second.base, 'GET', `/api/v1/travels/${id}?token=${answers[0].data.token}`);
    assert.equal(readOnOther.status, 200);
  });

  it('a booking written by one process is edited through the other', async () => {
    const created = await json(first.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    const edited = await json(second.base, 'PATCH', `/api/v1/travels/${created.data.id}?token=${created.data.token}`, {
      body: bookingBody({ customer: { name: 'Marie Sklodowska', phone_number: '0612345678', email: 'marie@exemple.fr' } }),
    });
    assert.equal(edited.status, 200);
    const read = await json(first.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
    assert.equal(read.data.customer.name, 'Marie Sklodowska');
  });
});
