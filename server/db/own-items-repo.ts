import { searchWords } from 'transport-quote-wizard/domain';
import type { Sql } from './sql.ts';

/** One of the carrier's own objects, as its Catalogue page writes it (the quote prices it from these figures). */
export interface OwnItemFields {
  name: string;
  family: string;
  /** m³, protection included. */
  volume: number;
  weight: number;
  length: number;
  width: number;
  height: number;
  /** Hours of handling per unit, on the level. */
  time_factor: number;
  persons_needed: number;
  elevator: boolean;
  minimal_truck_capacity: number;
}

const values = (item: OwnItemFields) => [
  item.name,
  item.family,
  [...new Set(searchWords(item.name))].join(' '),
  item.volume,
  item.weight,
  item.length,
  item.width,
  item.height,
  item.time_factor,
  item.persons_needed,
  item.elevator ? 1 : 0,
  item.minimal_truck_capacity,
];

export async function insertOwnItem(sql: Sql, companyId: number, item: OwnItemFields): Promise<number> {
  const row = await sql.get<{ id: number }>(
    `INSERT INTO items (name, family, search_words, volume, weight, length, width, height, time_factor, persons_needed, elevator, minimal_truck_capacity, company_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [...values(item), companyId],
  );
  return Number(row!.id);
}

/** Changes one of the company's own objects; false when it has none of this id (a shared entry or another company's is not its). */
export async function updateOwnItem(sql: Sql, companyId: number, id: number, item: OwnItemFields): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE items SET name = ?, family = ?, search_words = ?, volume = ?, weight = ?, length = ?, width = ?, height = ?, time_factor = ?,
     persons_needed = ?, elevator = ?, minimal_truck_capacity = ? WHERE company_id = ? AND id = ?`,
    [...values(item), companyId, id],
  );
  return changed > 0;
}

/** Removes an own object, and its chip and preset lines with it. */
export async function deleteOwnItem(sql: Sql, companyId: number, id: number): Promise<boolean> {
  const owned = await sql.get('SELECT id FROM items WHERE company_id = ? AND id = ?', [companyId, id]);
  if (!owned) return false;
  await sql.run('DELETE FROM preferred_items WHERE company_id = ? AND item_id = ?', [companyId, id]);
  // Out of its preset inventories too: a preset left without a line is the shipped one again.
  await sql.run('DELETE FROM home_preset_lines WHERE company_id = ? AND item_id = ?', [companyId, id]);
  await sql.run('DELETE FROM items WHERE company_id = ? AND id = ?', [companyId, id]);
  return true;
}

/** The ids of the company's chips, in its order. */
export async function preferredIds(sql: Sql, companyId: number): Promise<number[]> {
  const rows = await sql.all<{ item_id: number }>('SELECT item_id FROM preferred_items WHERE company_id = ? ORDER BY position, item_id', [
    companyId,
  ]);
  return rows.map((row) => Number(row.item_id));
}

/** Whether an item may be a chip of this company: a shared entry, or its own object. */
export async function itemVisibleTo(sql: Sql, companyId: number, id: number): Promise<{ name: string } | null> {
  return (
    (await sql.get<{ name: string }>('SELECT name FROM items WHERE id = ? AND (company_id IS NULL OR company_id = ?)', [id, companyId])) ??
    null
  );
}

/** Writes the company's chips in this order (the rows are few: rewritten whole). */
export async function writePreferred(sql: Sql, companyId: number, ids: readonly number[]): Promise<void> {
  await sql.run('DELETE FROM preferred_items WHERE company_id = ?', [companyId]);
  for (const [position, id] of ids.entries())
    await sql.run('INSERT INTO preferred_items (company_id, item_id, position) VALUES (?, ?, ?)', [companyId, id, position]);
}
