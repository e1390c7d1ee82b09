import { randomInt } from 'node:crypto';
import type { Sql } from './sql.ts';

/**
 * Bytes kept per owner, for the quotas: 'public' (every company-less booking made without a
 * carrier's key), 'site:<id>' (those made on a carrier's pages with its key), a company's id, and
 * 'address:<key>' (the public bookings of one client address). Each owner's count is split
 * in SHARDS rows and a write adds to one picked at random, so bookings committing together
 * rarely wait for one another's row lock (on PostgreSQL a booking holds it until its commit);
 * a quota reads the sum.
 */
export const SHARDS = 16;

export type Owner = { kind: 'public' } | { kind: 'site'; id: number } | { kind: 'company'; id: number } | { kind: 'address'; key: string };

export function ownerName(owner: Owner): string {
  if (owner.kind === 'public') return 'public';
  if (owner.kind === 'site') return `site:${owner.id}`;
  return owner.kind === 'company' ? String(owner.id) : `address:${owner.key}`;
}

/** Bytes kept by each owner, in one query: a booking counts for two owners (the public and its address). */
export async function storedBytes(sql: Sql, owners: readonly Owner[]): Promise<number[]> {
  const names = owners.map(ownerName);
  const rows = await sql.all<{ owner: string; bytes: number }>(
    `SELECT owner, SUM(bytes) AS bytes FROM storage_usage WHERE owner IN (${names.map(() => '?').join(', ')}) GROUP BY owner`,
    names,
  );
  return names.map((name) => Number(rows.find((row) => row.owner === name)?.bytes ?? 0));
}

/** Adds bytes (negative to give them back) to each owner's count, each in one of its shards, in one statement. */
export async function addStoredBytes(sql: Sql, owners: readonly Owner[], bytes: number): Promise<void> {
  if (bytes === 0 || owners.length === 0) return;
  await sql.write(
    `INSERT INTO storage_usage (owner, shard, bytes) VALUES ${owners.map(() => '(?, ?, ?)').join(', ')}
     ON CONFLICT (owner, shard) DO UPDATE SET bytes = storage_usage.bytes + excluded.bytes`,
    owners.flatMap((owner) => [ownerName(owner), randomInt(SHARDS), bytes]),
  );
}
