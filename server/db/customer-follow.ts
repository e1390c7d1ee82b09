import { EDIT_CLOSE_DAYS_DEFAULT } from 'transport-quote-wizard/domain';
import type { Sql } from './sql.ts';

/**
 * What the customer's page and the calendar's e-mails read and write beside the booking: the
 * carrier's edit deadline (Réglages), and the marks of the e-mails sent on the move's calendar.
 */

/** How many days before the move its carrier closes edits; the keyless public pages keep the default. */
export async function editCloseDays(sql: Sql, ownerId: number | null): Promise<number> {
  if (ownerId === null) return EDIT_CLOSE_DAYS_DEFAULT;
  const row = await sql.get<{ edit_close_days: number }>('SELECT edit_close_days FROM companies WHERE id = ?', [ownerId]);
  return row ? Number(row.edit_close_days) : EDIT_CLOSE_DAYS_DEFAULT;
}

export async function setEditCloseDays(tx: Sql, companyId: number, days: number): Promise<void> {
  await tx.run('UPDATE companies SET edit_close_days = ? WHERE id = ?', [days, companyId]);
}

export type CalendarStep = 'veille' | 'terminee';

/**
 * Marks a calendar e-mail as queued, in the transaction that queues it: true for the first
 * caller only (the key refuses a second row), so a restart, a second process or a sweep that
 * overlaps another never queues it twice.
 */
export async function markCalendarMail(tx: Sql, travelId: number, step: CalendarStep, now: string): Promise<boolean> {
  const changed = await tx.run(
    'INSERT INTO travel_calendar_mails (travel_id, step, queued_at) VALUES (?, ?, ?) ON CONFLICT (travel_id, step) DO NOTHING',
    [travelId, step, now],
  );
  return changed > 0;
}

/** A booking the calendar's sweep looks at: its ids, its day, and whether each e-mail is already queued. */
export interface CalendarCandidate {
  id: number;
  beginning_date: string;
  veille: number;
  terminee: number;
}

/**
 * Bookings that take place (accepted, or accepted then edited) whose move begins between two
 * days ('yyyy-mm-dd', both included), with the marks they have. Compared as text: the stored
 * day is written with France's offset (as day-capacity.ts reads it).
 */
export async function calendarCandidates(sql: Sql, fromDay: string, toDay: string, limit = 200): Promise<CalendarCandidate[]> {
  const rows = await sql.all<CalendarCandidate>(
    `SELECT t.id, t.beginning_date,
       (SELECT COUNT(*) FROM travel_calendar_mails m WHERE m.travel_id = t.id AND m.step = 'veille') AS veille,
       (SELECT COUNT(*) FROM travel_calendar_mails m WHERE m.travel_id = t.id AND m.step = 'terminee') AS terminee
     FROM travels t
     WHERE t.state IN ('accepted', 'review') AND t.beginning_date >= ? AND t.beginning_date < ?
     ORDER BY t.id LIMIT ?`,
    [fromDay, `${toDay}~`, limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), veille: Number(row.veille), terminee: Number(row.terminee) }));
}
