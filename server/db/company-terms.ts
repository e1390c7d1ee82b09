import { createHash } from 'node:crypto';
import type { Sql } from './sql.ts';

/**
 * A company's general conditions (conditions générales de déménagement), as it wrote them in
 * Réglages: every devis links them, its PDF carries them as an annex, and the hash of the devis
 * an acceptance keeps covers them (their own hash is part of the devis).
 */
export interface CompanyTerms {
  body: string;
  /** SHA-256 (hex) of the text, NFC: what a devis names of the conditions it comes with. */
  hash: string;
  updatedAt: string;
}

/** The longest conditions accepted: a dozen printed pages. */
export const TERMS_MAX_LENGTH = 40_000;

export const termsHash = (body: string) => createHash('sha256').update(body.normalize('NFC'), 'utf8').digest('hex');

/** Where anyone reads a company's conditions (they are a public document, like its devis links them). */
export const termsPath = (companyId: number) => `/conditions-generales/${companyId}`;

export async function readTerms(sql: Sql, companyId: number): Promise<CompanyTerms | null> {
  const row = await sql.get<{ body: string; updated_at: string }>('SELECT body, updated_at FROM company_terms WHERE company_id = ?', [
    companyId,
  ]);
  return row ? { body: row.body, hash: termsHash(row.body), updatedAt: row.updated_at } : null;
}

/** Writes (or, with an empty text, removes) the conditions; in the caller's transaction beside its journal line. */
export async function writeTerms(tx: Sql, companyId: number, body: string, now: string): Promise<void> {
  await tx.run('DELETE FROM company_terms WHERE company_id = ?', [companyId]);
  if (body.trim() === '') return;
  await tx.run('INSERT INTO company_terms (company_id, body, updated_at) VALUES (?, ?, ?)', [companyId, body, now]);
}
