import { randomBytes } from 'node:crypto';
import type { Sql } from './sql.ts';

/**
 * A secret of the server's own, made at its first start and kept in the database, so every
 * process of one deployment (and every restart) uses the same one. Whoever reads the database
 * reads it: it protects against clients, not against the database's administrator.
 */
export async function serverKey(sql: Sql, name: string): Promise<Buffer> {
  await sql.run('INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const row = await sql.get<{ value: string }>('SELECT value FROM server_keys WHERE name = ?', [name]);
  return Buffer.from(row!.value, 'base64');
}
