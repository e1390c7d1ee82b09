// The PostgreSQL store sends a transaction's BEGIN with its first statement and the writes
// nobody reads the answer of (`write`) with the next statement or the COMMIT, their values
// quoted into the text (server/db/postgres-sql.ts). What it must keep: every value stored
// exactly as given, and a transaction all or nothing, whichever statement fails.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tsImport } from 'tsx/esm/api';
import { tempPostgresDatabase } from '../api/support.ts';

const { openPostgres, inlined } = await tsImport('../../db/postgres-sql.ts', import.meta.url);

/** Texts a visitor may type, and numbers the server writes: quotes, backslashes, placeholders' look-alikes. */
const AWKWARD = [
  "l'entrée côté cour",
  "'); DROP TABLE notes; --",
  'C:\\Users\\martin\\devis.pdf',
  "\\\\ et \\' et \\n",
  'Pourquoi ? Combien ? $1 $2 ?',
  'Ligne 1\nLigne 2\t« tabulée »',
  'Emoji absent, mais 𝄞 et 漢字 présents',
  '',
];

describe('PostgreSQL store: writes sent with the next statement', () => {
  let sql;
  before(async () => {
    sql = openPostgres(await tempPostgresDatabase(), () => {});
    await sql.exec('CREATE TABLE notes (id SERIAL PRIMARY KEY, body TEXT, amount BIGINT, UNIQUE (body))');
  });
  after(() => sql?.close());

  it('stores every text and number exactly as given, through write, run and get', async () => {
    const numbers = [0, -2914, 1_732_456_789_123, 42];
    await sql.transaction(async (tx) => {
      for (const [at, body] of AWKWARD.entries()) await tx.write('INSERT INTO notes (body, amount) VALUES (?, ?)', [body, numbers[at % 4]]);
      // A read after the writes sees them: they travel with it.
      const { n } = await tx.get('SELECT COUNT(*) AS n FROM notes');
      assert.equal(n, AWKWARD.length);
    });
    const rows = await sql.all('SELECT body, amount FROM notes ORDER BY id');
    assert.deepEqual(
      rows.map((row) => [row.body, row.amount]),
      AWKWARD.map((body, at) => [body, numbers[at % 4]]),
    );
    await sql.exec('DELETE FROM notes');
  });

  it('a write that breaks a constraint rolls back the whole transaction, the statements before it included', async () => {
    await sql.run('INSERT INTO notes (body, amount) VALUES (?, ?)', ['déjà là', 1]);
    await assert.rejects(
      sql.transaction(async (tx) => {
        await tx.get('INSERT INTO notes (body, amount) VALUES (?, ?) RETURNING id', ['première', 2]);
        await tx.write('INSERT INTO notes (body, amount) VALUES (?, ?)', ['seconde', 3]);
        // Sent with the COMMIT, this one breaks UNIQUE (body): nothing of the three stays.
        await tx.write('INSERT INTO notes (body, amount) VALUES (?, ?)', ['déjà là', 4]);
      }),
      (error) => (error as { code?: string }).code === '23505',
    );
    const rows = await sql.all('SELECT body FROM notes ORDER BY id');
    assert.deepEqual(
      rows.map((row) => row.body),
      ['déjà là'],
    );
    // The connection went back to the pool usable: the next transaction commits.
    await sql.transaction((tx) => tx.write('INSERT INTO notes (body, amount) VALUES (?, ?)', ['après', 5]));
    assert.equal((await sql.get('SELECT COUNT(*) AS n FROM notes')).n, 2);
    await sql.exec('DELETE FROM notes');
  });

  it('a ? written in a statement’s own literal is text, sent prepared or with the next statement (issue 53)', async () => {
    // Before, every ? was taken for a placeholder: the literal's shifted the values one place.
    await sql.transaction(async (tx) => {
      await tx.write("INSERT INTO notes (body, amount) VALUES ('fixe ?' || ?, ?)", [' variable', 7]);
      await tx.get("SELECT body FROM notes WHERE body <> 'autre ?' AND amount = ?", [7]);
    });
    await sql.run("INSERT INTO notes (body, amount) VALUES ('préparé ?' || ?, ?)", [' aussi', 8]);
    const rows = await sql.all("SELECT body, amount FROM notes WHERE body LIKE '%?%' ORDER BY id");
    assert.deepEqual(
      rows.map((row) => [row.body, row.amount]),
      [
        ['fixe ? variable', 7],
        ['préparé ? aussi', 8],
      ],
    );
    await sql.exec('DELETE FROM notes');
  });

  it('writes waiting when the work throws are never sent', async () => {
    await assert.rejects(
      sql.transaction(async (tx) => {
        await tx.write('INSERT INTO notes (body, amount) VALUES (?, ?)', ['jamais', 1]);
        throw new Error('refusé par la règle');
      }),
      /refusé par la règle/,
    );
    assert.equal((await sql.get('SELECT COUNT(*) AS n FROM notes')).n, 0);
  });

  it('refuses a statement whose values do not match its placeholders, or a number SQL cannot hold', () => {
    assert.throws(() => inlined('SELECT ?, ?', ['un']), /paramètre SQL manquant/);
    assert.throws(() => inlined('SELECT ?', ['un', 'deux']), /paramètre SQL en trop/);
    assert.throws(() => inlined('SELECT ?', [Number.NaN]), /valeur SQL invalide/);
    assert.throws(() => inlined('SELECT ?', [Number.POSITIVE_INFINITY]), /valeur SQL invalide/);
  });
});
