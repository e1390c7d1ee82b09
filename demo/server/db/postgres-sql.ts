import pg from 'pg';
import type { Sql, SqlValue } from './sql.ts';

// Counts and byte sums are BIGINT: read them as numbers (they stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

interface Statement {
  name: string;
  text: string;
}

/** `?` placeholders become `$1`, `$2`…; each distinct text gets a name, so every connection prepares it once. */
function statementFor(cache: Map<string, Statement>, text: string): Statement {
  let statement = cache.get(text);
  if (!statement) {
    let index = 0;
    statement = { name: `tqw_${cache.size + 1}`, text: text.replace(/\?/g, () => `$${++index}`) };
    cache.set(text, statement);
  }
  return statement;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** PostgreSQL through a pool of connections; a transaction holds one connection from BEGIN to COMMIT. */
export function openPostgres(url: string, onIdleError: (error: Error) => void): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A connection dropped while idle (server restart) must not end the process: the pool opens a new one.
  pool.on('error', onIdleError);
  const cache = new Map<string, Statement>();

  const over = (target: Queryable, dialectTransaction: Sql['transaction']): Sql => {
    const rows = async <Row>(text: string, params: readonly SqlValue[] = []) => {
      const { name, text: numbered } = statementFor(cache, text);
      return (await target.query({ name, text: numbered, values: [...params] })).rows as Row[];
    };
    return {
      dialect: 'postgres',
      all: rows,
      get: async <Row>(text: string, params?: readonly SqlValue[]) => (await rows<Row>(text, params))[0],
      async run(text, params = []) {
        const { name, text: numbered } = statementFor(cache, text);
        return (await target.query({ name, text: numbered, values: [...params] })).rowCount ?? 0;
      },
      exec: async (script) => void (await target.query(script)),
      transaction: dialectTransaction,
      close: () => pool.end(),
    };
  };

  return over(pool, async (work) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection lost while checked out (PostgreSQL restarted between two statements) is
    // reported on the client, which the pool no longer listens to: unheard, it would end the
    // process. It is kept instead, and the connection dropped on release.
    const lost = (error: Error) => (broken ??= error);
    client.on('error', lost);
    try {
      await client.query('BEGIN');
      const tx: Sql = over(client, (inner) => inner(tx));
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is dropped from the pool rather than reused.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.removeListener('error', lost);
      client.release(broken);
    }
  });
}
