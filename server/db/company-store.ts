import type { Sql } from './sql.ts';

/**
 * The one reader of a company's stored settings (`companies.store_json`: its tariff, options,
 * deposit, brand and references, as the elements read them). Parsing is left to the caller's
 * schema (pricing/carrier-records.ts, tariffs, options): this only says where they live.
 */
export async function readCompanyStore(sql: Sql, companyId: number): Promise<string | null> {
  return (await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [companyId]))?.store_json ?? null;
}

/** The same, for a transaction that writes it back: one writer at a time (PostgreSQL's row lock; SQLite's write transactions already are). */
export async function readCompanyStoreForUpdate(tx: Sql, companyId: number): Promise<string | null> {
  const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
  return (await tx.get<{ store_json: string }>(`SELECT store_json FROM companies WHERE id = ?${lock}`, [companyId]))?.store_json ?? null;
}

/** The store of a booking's owner, when it has one (a keyless public booking may have none). */
export async function readOwnerStore(sql: Sql, owner: number | null): Promise<string | null> {
  return owner === null ? null : readCompanyStore(sql, owner);
}
