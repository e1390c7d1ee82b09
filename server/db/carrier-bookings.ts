import { searchWords, type PriceCheck } from 'transport-quote-wizard/domain';
import type { BookingSummary } from './booking-summary.ts';
import type { PriceSource } from './travels-repo.ts';
import type { Sql, SqlValue } from './sql.ts';

/**
 * The bookings a back office sees: its company's, and the public pages' when the company is
 * the one they are assigned to (PUBLIC_COMPANY_ID). Every query below is bound to a scope;
 * there is no other way to read them, so no request can reach another company's booking.
 */
export interface BookingScope {
  companyId: number;
  withPublic: boolean;
}

const SCOPE = '(company_id = ? OR (? = 1 AND company_id IS NULL))';
const scopeParams = (scope: BookingScope): SqlValue[] => [scope.companyId, scope.withPublic ? 1 : 0];

export const BOOKING_STATES = ['new', 'review', 'accepted', 'refused'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export interface ListFilter {
  state: BookingState | null;
  /** Days of the transport, 'yyyy-mm-dd', both included. */
  from: string | null;
  to: string | null;
  /** Words of a customer's name or of a town (or postcode, or street). */
  query: string;
}

export interface ListedBooking {
  id: number;
  created_at: string;
  beginning_date: string | null;
  customer_name: string;
  state: string;
  company_id: number | null;
  price_source: PriceSource;
  price_check: PriceCheck | null;
  summary: BookingSummary;
}

interface ListedRow {
  id: number;
  created_at: string;
  beginning_date: string | null;
  customer_name: string;
  state: string;
  company_id: number | null;
  price_source: PriceSource;
  price_check_json: string | null;
  summary_json: string;
}

function where(scope: BookingScope, filter: ListFilter): { text: string; params: SqlValue[] } {
  const clauses = [SCOPE];
  const params = scopeParams(scope);
  if (filter.state) {
    clauses.push('state = ?');
    params.push(filter.state);
  }
  // The day of the transport is the first ten characters of its date (written with Paris's offset).
  if (filter.from) {
    clauses.push('substr(beginning_date, 1, 10) >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    clauses.push('substr(beginning_date, 1, 10) <= ?');
    params.push(filter.to);
  }
  // Folded words hold only a-z and 0-9: nothing LIKE would read as a wildcard.
  for (const word of searchWords(filter.query).slice(0, 8)) {
    clauses.push('search_text LIKE ?');
    params.push(`% ${word}%`);
  }
  return { text: clauses.join(' AND '), params };
}

const fromRow = (row: ListedRow): ListedBooking => ({
  id: Number(row.id),
  created_at: row.created_at,
  beginning_date: row.beginning_date,
  customer_name: row.customer_name,
  state: row.state,
  company_id: row.company_id === null ? null : Number(row.company_id),
  price_source: row.price_source,
  price_check: row.price_check_json ? (JSON.parse(row.price_check_json) as PriceCheck) : null,
  summary: JSON.parse(row.summary_json) as BookingSummary,
});

const COLUMNS = 'id, created_at, beginning_date, customer_name, state, company_id, price_source, price_check_json, summary_json';

/** One page of the list, newest first, and how many bookings the filter finds in all. */
export async function listBookings(
  sql: Sql,
  scope: BookingScope,
  filter: ListFilter,
  page: number,
  pageSize: number,
): Promise<{ bookings: ListedBooking[]; total: number }> {
  const { text, params } = where(scope, filter);
  const [rows, count] = await Promise.all([
    sql.all<ListedRow>(`SELECT ${COLUMNS} FROM travels WHERE ${text} ORDER BY id DESC LIMIT ? OFFSET ?`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]),
    sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM travels WHERE ${text}`, params),
  ]);
  return { bookings: rows.map(fromRow), total: Number(count?.n ?? 0) };
}

/** Every booking the filter finds, newest first, a batch at a time (the CSV export). */
export async function* everyBooking(sql: Sql, scope: BookingScope, filter: ListFilter, batch = 500): AsyncGenerator<ListedBooking[]> {
  const { text, params } = where(scope, filter);
  // The largest id an INTEGER column holds (PostgreSQL types the parameter as the column).
  let below = 2 ** 31 - 1;
  for (;;) {
    const rows = await sql.all<ListedRow>(`SELECT ${COLUMNS} FROM travels WHERE ${text} AND id < ? ORDER BY id DESC LIMIT ?`, [
      ...params,
      below,
      batch,
    ]);
    if (rows.length > 0) yield rows.map(fromRow);
    if (rows.length < batch) return;
    below = Number(rows.at(-1)!.id);
  }
}

/** A booking's id, if the scope sees it: the one door to a booking's page and to its decision. */
export async function bookingInScope(sql: Sql, scope: BookingScope, id: number): Promise<boolean> {
  const row = await sql.get<{ id: number }>(`SELECT id FROM travels WHERE id = ? AND ${SCOPE}`, [id, ...scopeParams(scope)]);
  return row !== undefined;
}
