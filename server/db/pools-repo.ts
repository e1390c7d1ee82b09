import * as v from 'valibot';
import { CompanyDataSchema, type DriverPool } from 'transport-quote-wizard/domain';
import { recordSettingChange } from './settings-journal.ts';
import type { Sql } from './sql.ts';
import { readCompanyStore, readCompanyStoreForUpdate } from './company-store.ts';

/** The company's grids (spec's driver pools), as its store holds them. */
export async function companyPools(sql: Sql, companyId: number): Promise<DriverPool[]> {
  const storeJson = await readCompanyStore(sql, companyId);
  if (storeJson === null) throw new Error(`entreprise ${companyId} introuvable`);
  return v.parse(CompanyDataSchema, JSON.parse(storeJson)).driver_pools;
}

export interface PoolsChange {
  companyId: number;
  userId: number;
  userEmail: string;
  /** The grids as they are to be, from the grids as they are now; null changes nothing. */
  edit: (pools: DriverPool[]) => { pools: DriverPool[]; summary: string } | null;
}

/** Writes the company's grids and the journal's line in one transaction; false when the edit changed nothing. */
export async function updatePools(sql: Sql, change: PoolsChange, now = new Date()): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const storeJson = await readCompanyStoreForUpdate(tx, change.companyId);
    if (storeJson === null) throw new Error(`entreprise ${change.companyId} introuvable`);
    const before = v.parse(CompanyDataSchema, JSON.parse(storeJson)).driver_pools;
    const edited = change.edit(before);
    if (!edited) return false;
    const store = JSON.parse(storeJson) as Record<string, unknown>;
    await tx.run('UPDATE companies SET store_json = ? WHERE id = ?', [
      JSON.stringify({ ...store, driver_pools: edited.pools }),
      change.companyId,
    ]);
    await recordSettingChange(
      tx,
      {
        companyId: change.companyId,
        userId: change.userId,
        userEmail: change.userEmail,
        area: 'grilles',
        summary: edited.summary,
        before,
        after: edited.pools,
      },
      now,
    );
    return true;
  });
}
