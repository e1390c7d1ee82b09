import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { CompanyDataSchema, type TransportationCompany } from 'transport-quote-wizard/domain';
import type { Sql } from './sql.ts';
import { readCompanyStore } from './company-store.ts';

/**
 * The company's references (Réglages, Entreprise): the transportation_company of its store,
 * which its devis, e-mails, pages and back office read, and its logo, kept apart (a table of its
 * own, served by the hash of its bytes).
 */
export async function readReferences(sql: Sql, companyId: number): Promise<TransportationCompany | null> {
  const row = await sql.get<{ name: string; store_json: string }>('SELECT name, store_json FROM companies WHERE id = ?', [companyId]);
  if (!row) return null;
  const store = v.parse(CompanyDataSchema, JSON.parse(row.store_json));
  return store.transportation_company ?? v.parse(CompanyDataSchema, { transportation_company: { name: row.name } }).transportation_company!;
}

/**
 * Writes the references into the company's store (everything else in it untouched) and its
 * name, which the back office shows. Inside the caller's transaction, beside its journal lines.
 */
export async function writeReferences(tx: Sql, companyId: number, references: TransportationCompany): Promise<void> {
  const storeJson = await readCompanyStore(tx, companyId);
  if (storeJson === null) throw new Error(`entreprise ${companyId} introuvable`);
  const store = JSON.parse(storeJson) as Record<string, unknown>;
  const kept = (store.transportation_company ?? {}) as Record<string, unknown>;
  await tx.run('UPDATE companies SET name = ?, store_json = ? WHERE id = ?', [
    references.name,
    JSON.stringify({ ...store, transportation_company: { ...kept, ...references } }),
    companyId,
  ]);
}

export interface StoredLogo {
  hash: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
}

/** The file name a logo is served under: its bytes' hash, so a new logo never meets an old cache. */
export const logoFile = (logo: Pick<StoredLogo, 'hash' | 'content_type'>) =>
  `${logo.hash}.${logo.content_type === 'image/png' ? 'png' : 'jpg'}`;

export async function findLogo(sql: Sql, companyId: number): Promise<StoredLogo | null> {
  const row = await sql.get<StoredLogo>('SELECT hash, content_type, width, height, bytes FROM company_logos WHERE company_id = ?', [
    companyId,
  ]);
  return row ? { ...row, width: Number(row.width), height: Number(row.height), bytes: Number(row.bytes) } : null;
}

export async function logoBytes(sql: Sql, hash: string): Promise<{ content_type: string; data: Buffer } | null> {
  const row = await sql.get<{ content_type: string; data_base64: string }>(
    'SELECT content_type, data_base64 FROM company_logos WHERE hash = ?',
    [hash],
  );
  return row ? { content_type: row.content_type, data: Buffer.from(row.data_base64, 'base64') } : null;
}

/** Sets (or replaces) the company's logo; the same bytes for two companies are two rows of different hashes. */
export async function saveLogo(
  tx: Sql,
  companyId: number,
  logo: { contentType: string; width: number; height: number },
  data: Buffer,
  now: string,
): Promise<StoredLogo> {
  // Salted with the company, so two companies with the same file never share a row.
  const hash = createHash('sha256').update(String(companyId)).update(data).digest('hex').slice(0, 40);
  await tx.run('DELETE FROM company_logos WHERE company_id = ?', [companyId]);
  await tx.run(
    'INSERT INTO company_logos (company_id, hash, content_type, width, height, bytes, data_base64, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [companyId, hash, logo.contentType, logo.width, logo.height, data.length, data.toString('base64'), now],
  );
  return { hash, content_type: logo.contentType, width: logo.width, height: logo.height, bytes: data.length };
}

export async function removeLogo(tx: Sql, companyId: number): Promise<boolean> {
  return (await tx.run('DELETE FROM company_logos WHERE company_id = ?', [companyId])) === 1;
}
