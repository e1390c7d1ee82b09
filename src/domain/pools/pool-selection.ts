import { POOL_NOTES_MARKER } from '../constants.ts';
import type { Id } from '../entities/common.ts';
import type { DriverPool } from '../entities/driver-pool.ts';
import { PUBLIC_POOL_ID, isPublicPool } from '../entities/driver-pool.ts';

const sameId = (a: Id, b: Id) => String(a) === String(b);

/**
 * A pool's default notes go after a ==== marker at the end of the customer notes,
 * replacing the previous pool's (spec §4). What the customer typed above is kept.
 */
export function withPoolDefaultNotes(notes: string, defaultNotes: string | null | undefined): string {
  const markerAt = notes.indexOf(POOL_NOTES_MARKER);
  const own = (markerAt === -1 ? notes : notes.slice(0, markerAt)).replace(/\s+$/, '');
  const added = defaultNotes?.trim();
  if (!added) return own;
  return own === '' ? `${POOL_NOTES_MARKER}\n${added}` : `${own}\n${POOL_NOTES_MARKER}\n${added}`;
}

/** The notes split at the marker: what the customer typed, and the grid's notes below it. */
export function splitPoolNotes(notes: string): { own: string; pool: string } {
  const markerAt = notes.indexOf(POOL_NOTES_MARKER);
  if (markerAt === -1) return { own: notes, pool: '' };
  return { own: notes.slice(0, markerAt).replace(/\n$/, ''), pool: notes.slice(markerAt + POOL_NOTES_MARKER.length).trim() };
}

/** The customer's own notes changed: the grid's notes stay after the marker. */
export function withOwnNotes(notes: string, own: string): string {
  const { pool } = splitPoolNotes(notes);
  if (!pool) return own;
  return own === '' ? `${POOL_NOTES_MARKER}\n${pool}` : `${own}\n${POOL_NOTES_MARKER}\n${pool}`;
}

/** A new travel takes the default pool, or the first pool while 'public' is selected (spec §4). */
export function initialPoolId(pools: readonly DriverPool[], selected: Id): Id {
  const byDefault = pools.find((pool) => pool.default);
  if (byDefault) return byDefault.id;
  if (sameId(selected, PUBLIC_POOL_ID) && pools[0]) return pools[0].id;
  return selected;
}

/** Once accepted, only the selected pool is offered (spec §4). */
export function selectablePools(pools: readonly DriverPool[], selected: Id, accepted: boolean): DriverPool[] {
  return accepted ? pools.filter((pool) => sameId(pool.id, selected)) : [...pools];
}

/** The selector shows with 2 or more pools (spec §2). */
export function isPoolSelectorShown(pools: readonly DriverPool[]): boolean {
  return pools.length >= 2;
}

/** Earlier variant's 'Choix Grille': shown while 'public' is selected, listing the other pools (spec §2). */
export function priceGridOptions(pools: readonly DriverPool[], selected: Id): DriverPool[] | null {
  if (!sameId(selected, PUBLIC_POOL_ID)) return null;
  return pools.filter((pool) => !isPublicPool(pool));
}

export function findPool(pools: readonly DriverPool[], id: Id | null | undefined): DriverPool | null {
  if (id === null || id === undefined) return null;
  return pools.find((pool) => sameId(pool.id, id)) ?? null;
}
