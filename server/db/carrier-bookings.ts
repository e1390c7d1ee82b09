import { searchWords, type PriceCheck } from 'transport-quote-wizard/domain';
import type { BookingSummary } from './booking-summary.ts';
import type { PriceSource } from './travels-repo.ts';
import type { Sql, SqlValue } from './sql.ts';
import { AWAITING_ANSWER_SQL, type BookingState } from '../bookings/booking-states.ts';

/**
 * The bookings a back office sees: its company's, those of its own public pages (made with its
 * key), and the keyless public pages' when the company is the one they are assigned to
 * (PUBLIC_COMPANY_ID). Every query below is bound to a scope;
 * there is no other way to read them, so no request can reach another company's booking.
 */
export interface BookingScope {
  companyId: number;
  withPublic: boolean;
}

const SCOPE = '(company_id = ? OR (company_id IS NULL AND (carrier_id = ? OR (? = 1 AND carrier_id IS NULL))))';
const scopeParams = (scope: BookingScope): SqlValue[] => [scope.companyId, scope.companyId, scope.withPublic ? 1 : 0];

/**
 * The dispatcher's views (the tabs): bookings awaiting an answer (new, or edited after their
 * acceptance), today's jobs, the jobs after today, and everything. Today's and the coming jobs
 * leave the refused ones out: nobody drives them.
 */
export const VIEWS = ['a-traiter', 'aujourdhui', 'a-venir', 'toutes'] as const;
export type View = (typeof VIEWS)[number];

export interface ListFilter {
  view: View;
  /** Today in Paris, 'yyyy-mm-dd' (the server's clock): what 'Aujourd'hui' and 'À venir' mean. */
  today: string;
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

/** The day of the transport: the first ten characters of its date (written with Paris's offset). */
const DAY = 'substr(beginning_date, 1, 10)';

function viewClause(view: View, today: string): { text: string; params: SqlValue[] } | null {
  if (view === 'a-traiter') return { text: AWAITING_ANSWER_SQL, params: [] };
  if (view === 'aujourdhui') return { text: `state <> 'refused' AND ${DAY} = ?`, params: [today] };
  if (view === 'a-venir') return { text: `state <> 'refused' AND ${DAY} > ?`, params: [today] };
  return null;
}

function where(scope: BookingScope, filter: ListFilter): { text: string; params: SqlValue[] } {
  const clauses = [SCOPE];
  const params = scopeParams(scope);
  const view = viewClause(filter.view, filter.today);
  if (view) {
    clauses.push(view.text);
    params.push(...view.params);
  }
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

/**
 * The triage order: the jobs by their day, soonest first (then their hour, then the order they
 * came in); in 'Toutes', today's and the coming ones first, then the past ones from the latest;
 * the bookings without a date last.
 */
function orderOf(filter: ListFilter): { text: string; params: SqlValue[] } {
  if (filter.view !== 'toutes') return { text: 'CASE WHEN beginning_date IS NULL THEN 1 ELSE 0 END, beginning_date, id', params: [] };
  return {
    text: `CASE WHEN beginning_date IS NULL THEN 2 WHEN ${DAY} >= ? THEN 0 ELSE 1 END, CASE WHEN ${DAY} >= ? THEN beginning_date END, beginning_date DESC, id`,
    params: [filter.today, filter.today],
  };
}

/** How many bookings each view holds (the tabs' counts), whatever the search and the other filters. */
export async function countViews(sql: Sql, scope: BookingScope, today: string): Promise<Record<View, number>> {
  const row = await sql.get<Record<string, number | string | null>>(
    `SELECT
       SUM(CASE WHEN ${AWAITING_ANSWER_SQL} THEN 1 ELSE 0 END) AS a_traiter,
       SUM(CASE WHEN state <> 'refused' AND ${DAY} = ? THEN 1 ELSE 0 END) AS aujourdhui,
       SUM(CASE WHEN state <> 'refused' AND ${DAY} > ? THEN 1 ELSE 0 END) AS a_venir,
       COUNT(*) AS toutes
     FROM travels WHERE ${SCOPE}`,
    [today, today, ...scopeParams(scope)],
  );
  const count = (key: string) => Number(row?.[key] ?? 0);
  return { 'a-traiter': count('a_traiter'), aujourdhui: count('aujourdhui'), 'a-venir': count('a_venir'), toutes: count('toutes') };
}

/** One page of the list in the triage order, and how many bookings the filter finds in all. */
export async function listBookings(
  sql: Sql,
  scope: BookingScope,
  filter: ListFilter,
  page: number,
  pageSize: number,
): Promise<{ bookings: ListedBooking[]; total: number }> {
  const { text, params } = where(scope, filter);
  const order = orderOf(filter);
  const [rows, count] = await Promise.all([
    sql.all<ListedRow>(`SELECT ${COLUMNS} FROM travels WHERE ${text} ORDER BY ${order.text} LIMIT ? OFFSET ?`, [
      ...params,
      ...order.params,
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

/** The town of an address as the list writes it: what follows its postcode ('10 Rue de Rivoli 75004 Paris' → 'Paris'), or its last part. */
export function townOf(address: string): string {
  const afterPostcode = /\b\d{5}\s+([^,]+?)\s*(?:,.*)?$/.exec(address);
  if (afterPostcode) return afterPostcode[1]!;
  return address.split(',').at(-1)?.trim() ?? address;
}

/** The customer's contact as two bookings of one person share it: the phone's last nine digits, else the e-mail. */
function contactKey(summary: Pick<BookingSummary, 'phone' | 'email'>): string {
  const digits = summary.phone.replace(/\D/g, '');
  if (digits.length >= 9) return `tel:${digits.slice(-9)}`;
  const email = summary.email.trim().toLowerCase();
  return email ? `mail:${email}` : '';
}

/**
 * What makes two bookings look like the same job: one customer contact, one day, the same first
 * and last towns (a customer who sent the form twice, or booked once on the site and once by
 * phone). Null when the booking has no day or no contact to compare.
 */
export function jobKey(beginningDate: string | null, summary: Pick<BookingSummary, 'phone' | 'email' | 'first' | 'last'>): string | null {
  const contact = contactKey(summary);
  if (!beginningDate || !contact) return null;
  const town = (address: string) => searchWords(townOf(address)).join(' ');
  return [contact, beginningDate.slice(0, 10), town(summary.first), town(summary.last)].join('|');
}

/**
 * The bookings of a page that look like another booking of the scope (not refused): the
 * dispatcher checks them before sending two teams. Reads only the bookings of the page's days.
 */
export async function possibleDuplicates(sql: Sql, scope: BookingScope, bookings: readonly ListedBooking[]): Promise<Set<number>> {
  const days = [...new Set(bookings.flatMap((booking) => (booking.beginning_date ? [booking.beginning_date.slice(0, 10)] : [])))];
  const marked = new Set<number>();
  if (days.length === 0) return marked;
  const rows = await sql.all<{ id: number; beginning_date: string | null; summary_json: string }>(
    `SELECT id, beginning_date, summary_json FROM travels WHERE ${SCOPE} AND state <> 'refused' AND ${DAY} IN (${days.map(() => '?').join(', ')})`,
    [...scopeParams(scope), ...days],
  );
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = jobKey(row.beginning_date, JSON.parse(row.summary_json) as BookingSummary);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), Number(row.id)]);
  }
  for (const ids of byKey.values()) if (ids.length > 1) for (const id of ids) marked.add(id);
  return marked;
}
