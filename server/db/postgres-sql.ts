import pg from 'pg';
import { numberedPlaceholders, splitAtPlaceholders } from './placeholders.ts';
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
    statement = { name: `tqw_${cache.size + 1}`, text: numberedPlaceholders(text) };
    cache.set(text, statement);
  }
  return statement;
}

/**
 * One value written into a statement's text, escaped by pg's own literal quoting. Numbers are
 * quoted too: a quoted literal has no type of its own and takes the one its place asks for, as
 * a parameter of the extended protocol does, so a statement means the same sent either way.
 */
function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`valeur SQL invalide : ${value}`);
  return pg.escapeLiteral(String(value));
}

/**
 * A statement with its values written in, for the simple protocol, which alone takes several
 * statements in one message. The placeholders are found as PostgreSQL reads the text
 * (placeholders.ts): a `?` in a literal, an identifier or a comment stays as it is.
 */
export function inlined(text: string, params: readonly SqlValue[] = []): string {
  const parts = splitAtPlaceholders(text);
  if (parts.length - 1 > params.length) throw new Error('paramètre SQL manquant');
  if (parts.length - 1 < params.length) throw new Error('paramètre SQL en trop');
  return parts.reduce((written, part, index) => (index === 0 ? part : `${written}${literal(params[index - 1]!)}${part}`), '');
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The last statement's answer: a text of several statements gets one answer per statement. */
const lastOf = (result: pg.QueryResult | pg.QueryResult[]) => (Array.isArray(result) ? result[result.length - 1]! : result);

/**
 * PostgreSQL through a pool of connections; a transaction holds one connection from BEGIN to COMMIT.
 *
 * Each message to PostgreSQL is a round trip: little on one machine, but across a network the
 * largest wait of a booking, which made thirteen. So inside a transaction BEGIN travels with the
 * first statement, and the writes whose answer nobody reads (`write`) wait for the next
 * statement or the COMMIT and travel with it, in one message of the simple protocol (values
 * quoted by pg). A booking's transaction takes four round trips, not eight, and nothing in it
 * changes: the same statements, in the same order, on one connection
 * (test/bench/postgres-remote.mjs measures it with the database 1 ms away).
 */
export function openPostgres(url: string, onIdleError: (error: Error) => void): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A connection dropped while idle (server restart) must not end the process: the pool opens a new one.
  pool.on('error', onIdleError);
  const cache = new Map<string, Statement>();

  const prepared = (target: Queryable, text: string, params: readonly SqlValue[]) => {
    const { name, text: numbered } = statementFor(cache, text);
    return target.query({ name, text: numbered, values: [...params] });
  };

  const overPool: Sql = {
    dialect: 'postgres',
    all: async <Row>(text: string, params: readonly SqlValue[] = []) => (await prepared(pool, text, params)).rows as Row[],
    get: async <Row>(text: string, params: readonly SqlValue[] = []) => (await prepared(pool, text, params)).rows[0] as Row | undefined,
    run: async (text, params = []) => (await prepared(pool, text, params)).rowCount ?? 0,
    write: async (text, params = []) => void (await prepared(pool, text, params)),
    exec: async (script) => void (await pool.query(script)),
    transaction,
    close: () => pool.end(),
  };

  async function transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection lost while checked out (PostgreSQL restarted between two statements) is
    // reported on the client, which the pool no longer listens to: unheard, it would end the
    // process. It is kept instead, and the connection dropped on release.
    const lost = (error: Error) => (broken ??= error);
    client.on('error', lost);
    /** Whether BEGIN has been sent; the writes not sent yet, each with its values written in. */
    let begun = false;
    const waiting: string[] = [];
    /** Sends what waits (BEGIN first if not yet sent), then `statement`, in one message; its answer. */
    const withWaiting = async (statement: string) => {
      const script = [...(begun ? [] : ['BEGIN']), ...waiting.splice(0), statement].join(';\n');
      begun = true;
      return lastOf(await client.query(script));
    };
    const query = (text: string, params: readonly SqlValue[] = []) =>
      begun && waiting.length === 0 ? prepared(client, text, params) : withWaiting(inlined(text, params));
    const tx: Sql = {
      dialect: 'postgres',
      all: async <Row>(text: string, params?: readonly SqlValue[]) => (await query(text, params)).rows as Row[],
      get: async <Row>(text: string, params?: readonly SqlValue[]) => (await query(text, params)).rows[0] as Row | undefined,
      run: async (text, params) => (await query(text, params)).rowCount ?? 0,
      async write(text, params) {
        waiting.push(inlined(text, params));
      },
      exec: async (script) => void (await withWaiting(script)),
      transaction: (inner) => inner(tx),
      close: () => Promise.reject(new Error('close() inside a transaction')),
    };
    try {
      const result = await work(tx);
      // A transaction that wrote nothing and read nothing has nothing to commit.
      if (begun || waiting.length > 0) await withWaiting('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is dropped from the pool rather than reused.
      if (begun) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.removeListener('error', lost);
      client.release(broken);
    }
  }

  return overPool;
}
