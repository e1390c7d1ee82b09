// The two databases hold the same schema: every table, column, nullability, type family and index
// the SQLite migrations create, the PostgreSQL ones create too (run only in the PostgreSQL stage).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, tempDatabasePath, tempPostgresDatabase } from '../api/support.ts';

/** The type families the migrations map onto each other. */
const SQLITE_FAMILY = { INTEGER: 'integer', REAL: 'float', TEXT: 'text' };
const POSTGRES_FAMILY = { integer: 'integer', bigint: 'integer', 'double precision': 'float', text: 'text' };

describe('SQLite and PostgreSQL schemas after every migration', () => {
  let sqlite;
  let postgres;
  before(async () => {
    [sqlite, postgres] = await Promise.all([startServer(tempDatabasePath()), startServer(await tempPostgresDatabase())]);
  });
  after(async () => {
    await Promise.all([sqlite?.stop(), postgres?.stop()]);
  });

  it('have the same tables and columns, with the same nullability and type family', async () => {
    const fromSqlite = await sqlite.query(
      `SELECT m.name AS table_name, p.name AS column_name, p.type AS type, p."notnull" AS not_null, p.pk AS pk
       FROM sqlite_master m JOIN pragma_table_info(m.name) p
       WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
    );
    const fromPostgres = await postgres.query(
      `SELECT table_name, column_name, data_type AS type, is_nullable
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_version'`,
    );
    const columnsOf = (rows, family, notNull) =>
      rows.map((row) => `${row.table_name}.${row.column_name} ${family(row.type)}${notNull(row) ? ' NOT NULL' : ''}`).sort();
    const sqliteColumns = columnsOf(
      fromSqlite,
      (type) => SQLITE_FAMILY[type] ?? `? ${type}`,
      (row) => row.not_null === 1 || row.pk === 1,
    );
    const postgresColumns = columnsOf(
      fromPostgres,
      (type) => POSTGRES_FAMILY[type] ?? `? ${type}`,
      (row) => row.is_nullable === 'NO',
    );
    assert.ok(sqliteColumns.length > 40, `${sqliteColumns.length} columns`);
    assert.deepEqual(postgresColumns, sqliteColumns);
  });

  it('have the same named indexes', async () => {
    const fromSqlite = await sqlite.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'");
    const fromPostgres = await postgres.query(
      "SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'",
    );
    assert.deepEqual(fromPostgres.map((row) => row.name).sort(), fromSqlite.map((row) => row.name).sort());
  });
});
