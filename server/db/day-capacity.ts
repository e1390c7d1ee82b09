import type { Sql, SqlValue } from './sql.ts';

/**
 * Whose bookings fill a carrier's days: the tariff that sets the daily capacity is a company's
 * (its intranet with its token, or its public pages with its key, both on its own records), or
 * the keyless public pages' configuration. A company's days are filled by its own bookings and
 * those of its public pages, the keyless ones too when they are its (`keyless`: app.ts); the
 * keyless pages' that belong to nobody, by theirs.
 */
export type CapacityOwner = { kind: 'company'; id: number; keyless: boolean } | { kind: 'public' };

export function capacityOwner(companyId: number | null, siteId: number | null, keylessCompany: number | null): CapacityOwner {
  const id = companyId ?? siteId ?? keylessCompany;
  return id === null ? { kind: 'public' } : { kind: 'company', id, keyless: id === keylessCompany };
}

/** States that hold a day: accepted, and accepted then edited by its customer ('review', à revoir). */
const HOLDING = "state IN ('accepted', 'review')";

/**
 * The accepted bookings of each day from `from` to `to` (both 'yyyy-mm-dd', both included),
 * by day; a day none holds is absent. The day of a booking is the first ten characters of its
 * beginning_date (written with Paris's offset), compared as text so travels_day serves it.
 */
export async function takenDays(sql: Sql, owner: CapacityOwner, from: string, to: string): Promise<Map<string, number>> {
  const keylessOnes = 'company_id IS NULL AND carrier_id IS NULL';
  const scope =
    owner.kind === 'public'
      ? keylessOnes
      : `(company_id = ? OR (company_id IS NULL AND carrier_id = ?)${owner.keyless ? ` OR (${keylessOnes})` : ''})`;
  const params: SqlValue[] = owner.kind === 'company' ? [owner.id, owner.id] : [];
  // 'yyyy-mm-dd~' sorts after every time of that day ('~' follows every digit, 'T' and ' ').
  const rows = await sql.all<{ day: string; taken: number }>(
    `SELECT substr(beginning_date, 1, 10) AS day, COUNT(*) AS taken FROM travels
     WHERE ${scope} AND ${HOLDING} AND beginning_date >= ? AND beginning_date < ?
     GROUP BY substr(beginning_date, 1, 10)`,
    [...params, from, `${to}~`],
  );
  return new Map(rows.map((row) => [row.day, Number(row.taken)]));
}
