import type { Sql } from './sql.ts';

/** One change of a company's settings, as the journal keeps it. */
export interface JournalEntry {
  id: number;
  user_email: string;
  at: string;
  /** Which page of the Réglages: 'entreprise', 'tarifs', 'grilles', 'integration', … */
  area: string;
  /** What changed, in French, in one line ('Taux horaire de manutention : 18 € → 20 €'). */
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

export interface JournalChange {
  companyId: number;
  userId: number | null;
  userEmail: string;
  area: string;
  summary: string;
  before: unknown;
  after: unknown;
}

/** Written in the same transaction as the change itself, so nothing changes without its line. */
export async function recordSettingChange(sql: Sql, change: JournalChange, now = new Date()): Promise<void> {
  await sql.run(
    'INSERT INTO settings_journal (company_id, user_id, user_email, at, area, summary, before_json, after_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      change.companyId,
      change.userId,
      change.userEmail,
      now.toISOString(),
      change.area,
      change.summary,
      change.before === undefined ? null : JSON.stringify(change.before),
      change.after === undefined ? null : JSON.stringify(change.after),
    ],
  );
}

/** The company's journal, newest first. */
export async function readJournal(sql: Sql, companyId: number, limit = 100, offset = 0): Promise<JournalEntry[]> {
  return sql.all<JournalEntry>(
    'SELECT id, user_email, at, area, summary, before_json, after_json FROM settings_journal WHERE company_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    [companyId, limit, offset],
  );
}
