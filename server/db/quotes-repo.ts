import type { QuoteFigures } from 'transport-quote-wizard/domain';
import type { Sql } from './sql.ts';

export interface StoredQuote {
  id: string;
  owner: string;
  fingerprint: string;
  figures: QuoteFigures;
  /** The figures as they were signed (their JSON text, byte for byte). */
  figures_json: string;
  signature: string;
  created_at: string;
  expires_at: string;
  /** The number of the company's tariff version it was priced on; null: the default tariff, or the public pages'. */
  tariff_version: number | null;
}

interface QuoteRow {
  id: string;
  owner: string;
  fingerprint: string;
  figures_json: string;
  signature: string;
  created_at: string;
  expires_at: string;
  tariff_version: number | null;
}

const fromRow = (row: QuoteRow): StoredQuote => ({
  ...row,
  tariff_version: row.tariff_version === null ? null : Number(row.tariff_version),
  figures: JSON.parse(row.figures_json) as QuoteFigures,
});

export async function insertQuote(sql: Sql, quote: Omit<StoredQuote, 'figures'>): Promise<void> {
  await sql.run(
    'INSERT INTO quotes (id, owner, fingerprint, figures_json, signature, created_at, expires_at, tariff_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      quote.id,
      quote.owner,
      quote.fingerprint,
      quote.figures_json,
      quote.signature,
      quote.created_at,
      quote.expires_at,
      quote.tariff_version,
    ],
  );
}

export async function findQuote(sql: Sql, id: string): Promise<StoredQuote | null> {
  const row = await sql.get<QuoteRow>('SELECT * FROM quotes WHERE id = ?', [id]);
  return row ? fromRow(row) : null;
}

/**
 * A quote still valid at `now` for the same choices and figures on the same tariff version:
 * asked again, the same quote is answered.
 */
export async function findLiveQuote(
  sql: Sql,
  fingerprint: string,
  figuresJson: string,
  now: string,
  tariffVersion: number | null,
): Promise<StoredQuote | null> {
  const row = await sql.get<QuoteRow>(
    'SELECT * FROM quotes WHERE fingerprint = ? AND figures_json = ? AND expires_at > ? AND COALESCE(tariff_version, 0) = ? ORDER BY expires_at DESC LIMIT 1',
    [fingerprint, figuresJson, now, tariffVersion ?? 0],
  );
  return row ? fromRow(row) : null;
}

/** Expired quotes no booking took are forgotten (a booking keeps the quote it was priced by). */
export async function forgetExpiredQuotes(sql: Sql, before: string): Promise<number> {
  return sql.run('DELETE FROM quotes WHERE expires_at < ? AND id NOT IN (SELECT quote_id FROM travels WHERE quote_id IS NOT NULL)', [
    before,
  ]);
}
