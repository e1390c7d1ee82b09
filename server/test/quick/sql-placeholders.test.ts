// Issue 53: the PostgreSQL driver numbers a statement's `?` placeholders, and writes values in
// for the pipelined writes, by reading the text as PostgreSQL does. A `?` in a literal, a quoted
// identifier or a comment is text: rewriting it would change what is stored, or shift every
// value after it into the wrong column, silently.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { numberedPlaceholders, placeholderCount } from '../../db/placeholders.ts';
import { inlined } from '../../db/postgres-sql.ts';

describe('SQL placeholders, read as PostgreSQL reads the statement', () => {
  it('numbers each placeholder in order', () => {
    assert.equal(numberedPlaceholders('UPDATE t SET a = ?, b = ? WHERE id = ?'), 'UPDATE t SET a = $1, b = $2 WHERE id = $3');
  });

  it('leaves a ? inside a string literal, a doubled quote included, as text', () => {
    assert.equal(numberedPlaceholders("SELECT 'Où ?', 'l''heure ?' , ?"), "SELECT 'Où ?', 'l''heure ?' , $1");
  });

  it('leaves a ? inside an escape string whose quote is escaped by a backslash', () => {
    assert.equal(numberedPlaceholders("SELECT E'c\\'est ?' , ?"), "SELECT E'c\\'est ?' , $1");
  });

  it('leaves a ? in a quoted identifier, a comment or a dollar-quoted string', () => {
    assert.equal(numberedPlaceholders('SELECT "quoi ?" FROM t WHERE a = ?'), 'SELECT "quoi ?" FROM t WHERE a = $1');
    assert.equal(numberedPlaceholders('SELECT ? -- pourquoi ?\n, ?'), 'SELECT $1 -- pourquoi ?\n, $2');
    assert.equal(numberedPlaceholders('SELECT /* a ? b */ ?'), 'SELECT /* a ? b */ $1');
    assert.equal(numberedPlaceholders('SELECT $tag$ ? $tag$, $$ ? $$, ?'), 'SELECT $tag$ ? $tag$, $$ ? $$, $1');
  });

  it('writes ?? as the one character ?, for the JSONB operator', () => {
    assert.equal(numberedPlaceholders("SELECT data ?? 'cle' FROM t WHERE id = ?"), "SELECT data ? 'cle' FROM t WHERE id = $1");
  });

  it('counts what it numbers', () => {
    assert.equal(placeholderCount("INSERT INTO t VALUES (?, '?', ?)"), 2);
  });

  it('writes values in at the placeholders only, each quoted by pg, and refuses a count that does not match', () => {
    assert.equal(
      inlined("INSERT INTO t (a, b) VALUES (?, 'fixe ?') RETURNING ?", ['l’été', 3]),
      "INSERT INTO t (a, b) VALUES ('l’été', 'fixe ?') RETURNING '3'",
    );
    assert.throws(() => inlined("SELECT '?', ?", []), /paramètre SQL manquant/);
    assert.throws(() => inlined("SELECT '?'", ['un']), /paramètre SQL en trop/);
  });
});
