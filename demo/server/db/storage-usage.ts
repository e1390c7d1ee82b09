import { randomInt } from 'node:crypto';
import type { Sql } from './sql.ts';

/**
 * Bytes kept per owner, for the quotas: 'public' (every company-less booking), a company's id,
 * and 'address:<key>' (the public bookings of one client address). Each owner's count is split
 * in SHARDS rows and a write adds to one picked at random, so bookings committing together
 * rarely wait for one another's row lock (on PostgreSQL a booking holds it until its commit);
 * a quota reads the sum.
 */
export const SHARDS = 16;

export type Owner = { kind: 'public' } | { kind: 'company'; id: number } | { kind: 'address'; key: string };

export function ownerName(owner: Owner): string {
  if (owner.kind === 'public') return 'public';
  return owner.kind === 'company' ? String(owner.id) : `address:${owner.key}`;
}

export async function storedBytes(sql: Sql, owner: Owner): Promise<number> {
  const row = await sql.get<{ bytes: number | null }>('SELECT SUM(bytes) AS bytes FROM storage_usage WHERE owner = ?', [ownerName(owner)]);
  return Number(row?.bytes ?? 0);
}

export async function addStoredBytes(sql: Sql, owner: Owner, bytes: number): Promise<void> {
  if (bytes === 0) return;
  await sql.run(
    'INSERT INTO storage_usage (owner, shard, bytes) VALUES (?, ?, ?) ON CONFLICT (owner, shard) DO UPDATE SET bytes = storage_usage.bytes + excluded.bytes',
    [ownerName(owner), randomInt(SHARDS), bytes],
  );
}
