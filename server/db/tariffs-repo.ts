import * as v from 'valibot';
import { CompanyDataSchema, TariffSchema, tariffOf, type Tariff } from 'transport-quote-wizard/domain';
import { recordSettingChange } from './settings-journal.ts';
import type { Sql } from './sql.ts';
import { readCompanyStore, readCompanyStoreForUpdate } from './company-store.ts';

/** One saved version of a company's tariff, as the Versions page lists it. */
export interface TariffVersion {
  number: number;
  created_at: string;
  user_email: string;
  summary: string;
  /** The version it restores (0: the default tariff), or null. */
  restored_from: number | null;
  tariff: Tariff;
}

interface VersionRow {
  number: number;
  created_at: string;
  user_email: string;
  summary: string;
  restored_from: number | null;
  tariff_json: string;
}

const fromRow = (row: VersionRow): TariffVersion => ({
  number: Number(row.number),
  created_at: row.created_at,
  user_email: row.user_email,
  summary: row.summary,
  restored_from: row.restored_from === null ? null : Number(row.restored_from),
  // Written by this server through the schema; read back through it all the same.
  tariff: v.parse(TariffSchema, JSON.parse(row.tariff_json)),
});

/** The tariff a company prices with now, and its version (null: the default one, never saved). */
export interface CurrentTariff {
  tariff: Tariff;
  version: number | null;
}

function currentOf(storeJson: string): CurrentTariff {
  const data = v.parse(CompanyDataSchema, JSON.parse(storeJson));
  return { tariff: tariffOf(data), version: data.tariff === null ? null : data.tariff_version };
}

export async function currentTariff(sql: Sql, companyId: number): Promise<CurrentTariff> {
  const storeJson = await readCompanyStore(sql, companyId);
  if (storeJson === null) throw new Error(`entreprise ${companyId} introuvable`);
  return currentOf(storeJson);
}

/** The tariff a company priced with before its first saved version (its records then, or spec §9's defaults). */
export async function startingTariff(sql: Sql, companyId: number): Promise<Tariff> {
  const storeJson = await readCompanyStore(sql, companyId);
  if (storeJson === null) throw new Error(`entreprise ${companyId} introuvable`);
  const store = JSON.parse(storeJson) as { tariff_start?: unknown };
  if (store.tariff_start === undefined) return currentOf(storeJson).tariff;
  return v.parse(TariffSchema, store.tariff_start);
}

/** The company's versions, newest first. */
export async function listTariffVersions(sql: Sql, companyId: number, limit = 200): Promise<TariffVersion[]> {
  const rows = await sql.all<VersionRow>(
    'SELECT number, created_at, user_email, summary, restored_from, tariff_json FROM tariff_versions WHERE company_id = ? ORDER BY number DESC LIMIT ?',
    [companyId, limit],
  );
  return rows.map(fromRow);
}

export async function findTariffVersion(sql: Sql, companyId: number, number: number): Promise<TariffVersion | null> {
  const row = await sql.get<VersionRow>(
    'SELECT number, created_at, user_email, summary, restored_from, tariff_json FROM tariff_versions WHERE company_id = ? AND number = ?',
    [companyId, number],
  );
  return row ? fromRow(row) : null;
}

/** Another administrator saved a version since the form was opened: nothing is written. */
export class TariffChangedMeanwhile extends Error {
  constructor(readonly current: number | null) {
    super('le tarif a changé depuis l’ouverture du formulaire');
  }
}

export interface TariffSave {
  companyId: number;
  userId: number;
  userEmail: string;
  tariff: Tariff;
  /** What changed, in French, for the Versions page and the journal. */
  summary: string;
  restoredFrom: number | null;
  /** The version the form showed when it was opened (null: the default one); another one in force refuses the save. */
  basedOn: number | null;
}

/**
 * Saves a tariff as the company's new version, in one transaction with everything it changes:
 * the version's row, the company's store (the tariff in force, and its VAT, handling rates and
 * vehicles, which the elements read), and the journal's line. Returns the new number.
 */
export async function saveTariff(sql: Sql, save: TariffSave, now = new Date()): Promise<number> {
  return sql.transaction(async (tx) => {
    // One writer at a time on the company's store (PostgreSQL; SQLite's write transactions already are).
    const storeJson = await readCompanyStoreForUpdate(tx, save.companyId);
    if (storeJson === null) throw new Error(`entreprise ${save.companyId} introuvable`);
    const before = currentOf(storeJson);
    if (before.version !== save.basedOn) throw new TariffChangedMeanwhile(before.version);
    const last = await tx.get<{ number: number | null }>('SELECT MAX(number) AS number FROM tariff_versions WHERE company_id = ?', [
      save.companyId,
    ]);
    const number = Number(last?.number ?? 0) + 1;
    const at = now.toISOString();
    await tx.run(
      'INSERT INTO tariff_versions (company_id, number, created_at, user_id, user_email, summary, restored_from, tariff_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [save.companyId, number, at, save.userId, save.userEmail, save.summary, save.restoredFrom, JSON.stringify(save.tariff)],
    );
    const store = JSON.parse(storeJson) as Record<string, unknown>;
    const tariff = save.tariff;
    await tx.run('UPDATE companies SET store_json = ? WHERE id = ?', [
      JSON.stringify({
        ...store,
        // The tariff the company started from (its records before its first version), for 'Revenir au tarif de départ'.
        ...(before.version === null ? { tariff_start: before.tariff } : {}),
        tariff,
        tariff_version: number,
        vat: tariff.vat,
        handling_rates: { standard: tariff.handling.rate_standard, moving: tariff.handling.rate_moving },
        vehicle_categories: tariff.vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name, capacity: vehicle.capacity })),
      }),
      save.companyId,
    ]);
    await recordSettingChange(
      tx,
      {
        companyId: save.companyId,
        userId: save.userId,
        userEmail: save.userEmail,
        area: 'tarifs',
        summary: `Tarifs, version ${number}\u00a0: ${save.summary.split('\n').join('\u202f; ')}`,
        before: before.tariff,
        after: tariff,
      },
      now,
    );
    return number;
  });
}
