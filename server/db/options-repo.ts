import * as v from 'valibot';
import { CompanyDataSchema, type CarrierOption } from 'transport-quote-wizard/domain';
import { recordSettingChange } from './settings-journal.ts';
import type { Sql } from './sql.ts';
import { readCompanyStore, readCompanyStoreForUpdate } from './company-store.ts';

/** The company's options (Réglages, Options), as its store holds them. */
export async function companyOptions(sql: Sql, companyId: number): Promise<CarrierOption[]> {
  const storeJson = await readCompanyStore(sql, companyId);
  if (storeJson === null) throw new Error(`entreprise ${companyId} introuvable`);
  return v.parse(CompanyDataSchema, JSON.parse(storeJson)).options;
}

export interface OptionsChange {
  companyId: number;
  userId: number;
  userEmail: string;
  /** The options as they are to be, from the options as they are now; null changes nothing. */
  edit: (options: CarrierOption[]) => { options: CarrierOption[]; summary: string } | null;
}

/** Writes the company's options and the journal's line in one transaction; false when the edit changed nothing. */
export async function updateOptions(sql: Sql, change: OptionsChange, now = new Date()): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const storeJson = await readCompanyStoreForUpdate(tx, change.companyId);
    if (storeJson === null) throw new Error(`entreprise ${change.companyId} introuvable`);
    const before = v.parse(CompanyDataSchema, JSON.parse(storeJson)).options;
    const edited = change.edit(before);
    if (!edited) return false;
    const store = JSON.parse(storeJson) as Record<string, unknown>;
    await tx.run('UPDATE companies SET store_json = ? WHERE id = ?', [
      JSON.stringify({ ...store, options: edited.options }),
      change.companyId,
    ]);
    await recordSettingChange(
      tx,
      {
        companyId: change.companyId,
        userId: change.userId,
        userEmail: change.userEmail,
        area: 'options',
        summary: edited.summary,
        before,
        after: edited.options,
      },
      now,
    );
    return true;
  });
}
