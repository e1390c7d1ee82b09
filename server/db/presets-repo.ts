import { FURNISHINGS, HOME_SIZES, type Furnishing, type HomeSize } from 'transport-quote-wizard/domain';
import { indexItem, type CatalogueItem, type ItemRow } from './items-repo.ts';
import type { Sql, SqlValue } from './sql.ts';

/** One line of a carrier's preset: a catalogue entry (shared, or its own object) and its count. */
export interface PresetLine {
  item: CatalogueItem;
  quantity: number;
}

/** Every line of the company's presets, in the order of sizes, furnishings and its own order. */
async function lineRows(sql: Sql, companyId: number, where = '', params: SqlValue[] = []) {
  const rows = await sql.all<ItemRow & { home_size: string; furnishing: string; preset_quantity: number }>(
    `SELECT i.*, p.home_size, p.furnishing, p.quantity AS preset_quantity FROM home_preset_lines p JOIN items i ON i.id = p.item_id
     WHERE p.company_id = ? AND (i.company_id IS NULL OR i.company_id = ?)${where} ORDER BY p.position, p.item_id`,
    [companyId, companyId, ...params],
  );
  return rows.map(({ home_size, furnishing, preset_quantity, ...row }) => ({
    size: home_size as HomeSize,
    furnishing: furnishing as Furnishing,
    line: { item: indexItem(row).item, quantity: Number(preset_quantity) } satisfies PresetLine,
  }));
}

/** The lines of one of the company's presets; empty when it kept the shipped one. */
export async function presetLinesOf(sql: Sql, companyId: number, size: HomeSize, furnishing: Furnishing): Promise<PresetLine[]> {
  return (await lineRows(sql, companyId, ' AND p.home_size = ? AND p.furnishing = ?', [size, furnishing])).map((row) => row.line);
}

/** The line as the elements list it: the catalogue's id, name and figures (its movers' volume, never the bare box's), and the count. */
export function presetItem({ item, quantity }: PresetLine) {
  return {
    id: item.id,
    name: item.name,
    category: 'item' as const,
    volume: item.volume,
    weight: item.weight,
    time_factor: item.time_factor,
    persons_needed: item.persons_needed,
    elevator: item.elevator,
    minimal_truck_capacity: item.minimal_truck_capacity,
    quantity,
  };
}

/** The company's own presets, as its company data carries them to its pages' elements. */
export async function carrierPresets(
  sql: Sql,
  companyId: number,
): Promise<{ size: HomeSize; furnishing: Furnishing; items: ReturnType<typeof presetItem>[] }[]> {
  const rows = await lineRows(sql, companyId);
  const presets = [];
  for (const size of HOME_SIZES)
    for (const furnishing of FURNISHINGS) {
      const lines = rows.filter((row) => row.size === size && row.furnishing === furnishing).map((row) => presetItem(row.line));
      if (lines.length > 0) presets.push({ size, furnishing, items: lines });
    }
  return presets;
}

/** Which homes the company made its own preset for ('T3|normalement meublé'). */
export async function editedPresets(sql: Sql, companyId: number): Promise<Set<string>> {
  const rows = await sql.all<{ home_size: string; furnishing: string }>(
    'SELECT DISTINCT home_size, furnishing FROM home_preset_lines WHERE company_id = ?',
    [companyId],
  );
  return new Set(rows.map((row) => `${row.home_size}|${row.furnishing}`));
}

/** Writes one preset's lines in this order (a few dozen rows: rewritten whole); none brings the shipped one back. */
export async function writePresetLines(
  sql: Sql,
  companyId: number,
  size: HomeSize,
  furnishing: Furnishing,
  lines: readonly { itemId: number; quantity: number }[],
): Promise<void> {
  await sql.run('DELETE FROM home_preset_lines WHERE company_id = ? AND home_size = ? AND furnishing = ?', [companyId, size, furnishing]);
  for (const [position, line] of lines.entries())
    await sql.run(
      'INSERT INTO home_preset_lines (company_id, home_size, furnishing, item_id, quantity, position) VALUES (?, ?, ?, ?, ?, ?)',
      [companyId, size, furnishing, line.itemId, line.quantity, position],
    );
}
