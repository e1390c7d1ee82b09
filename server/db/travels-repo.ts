import type { PriceCheck, QuoteFigures, TravelPayload } from 'transport-quote-wizard/domain';
import type { PricedBooking, PriceSource } from '../pricing/booking-pricing.ts';
import type { Sql, SqlValue } from './sql.ts';
import type { BookingChanges } from '../bookings/booking-changes.ts';
import { bookingSummary, searchTextOf, type BookingSummary } from './booking-summary.ts';
import { addStoredBytes, type Owner } from './storage-usage.ts';
import { AWAITING_ANSWER_SQL } from '../bookings/booking-states.ts';

/** Where a stored price comes from: see booking-pricing.ts. */
export type { PriceSource };

export interface StoredTravel {
  id: number;
  token_hash: string;
  company_id: number | null;
  created_at: string;
  updated_at: string;
  payload: TravelPayload;
  store_serialized: string;
  /** What the booking takes in the database, for the quota. */
  payload_bytes: number;
  /** The carrier's grid beside a company's fixed price (or a browser's price, before quotes). */
  price_check: PriceCheck | null;
  /** new, accepted or refused (by the carrier), when, and why it was refused. */
  state: string;
  decided_at: string | null;
  refusal_reason: string | null;
  /** The quote that priced it, and where its price comes from ('quote', 'company', or 'client' before quotes). */
  quote_id: string | null;
  price_source: PriceSource;
  /** The keyed hash of the address a public booking came from; null for a company's. */
  client_key: string | null;
  /** The carrier whose public page made it, with its key; null for a company's and the keyless pages'. */
  carrier_id: number | null;
  /** What the back office shows of it (booking-summary.ts); null before its columns existed. */
  summary: BookingSummary | null;
}

interface TravelRow {
  id: number;
  token_hash: string;
  company_id: number | null;
  created_at: string;
  updated_at: string;
  payload_json: string;
  store_serialized: string;
  price_check_json: string | null;
  state: string;
  decided_at: string | null;
  refusal_reason: string | null;
  client_key: string | null;
  payload_bytes: number;
  quote_id: string | null;
  price_source: PriceSource;
  carrier_id: number | null;
  summary_json: string | null;
}

/** The body without its store_serialized, which has a column of its own: the store is kept once. */
function bodyJson(payload: TravelPayload): string {
  const { store_serialized: _store, ...rest } = payload;
  return JSON.stringify(rest);
}

/**
 * What a POST and a PATCH both write: customer_name, beginning_date, payload_json,
 * store_serialized, price_check_json, quote_id, price_source, and the list's search_text and
 * summary_json.
 */
/** The summary a priced booking is stored with (its list columns and totals): the one the events and e-mails read too. */
export const summaryOfPriced = ({ payload, quote, facts }: PricedBooking, changes: BookingChanges | null = null): BookingSummary =>
  bookingSummary(payload, quote.figures, facts, changes);

function bookingValues(priced: PricedBooking, json: string, changes: BookingChanges | null = null): SqlValue[] {
  const { payload, priceCheck, quote, priceSource } = priced;
  return [
    payload.customer.name,
    payload.travel.beginning_date ?? null,
    json,
    payload.store_serialized,
    priceCheck ? JSON.stringify(priceCheck) : null,
    quote.id,
    priceSource,
    searchTextOf(payload),
    JSON.stringify(summaryOfPriced(priced, changes)),
  ];
}

/**
 * Who a booking's bytes count for: its company; or the public bookings (the keyless pages', or
 * those of the carrier whose key the page carried) and the address it came from.
 */
export function ownersOf(companyId: number | null, clientKey: string | null, carrierId: number | null = null): Owner[] {
  if (companyId !== null) return [{ kind: 'company', id: companyId }];
  const pages: Owner = carrierId === null ? { kind: 'public' } : { kind: 'site', id: carrierId };
  return clientKey === null ? [pages] : [pages, { kind: 'address', key: clientKey }];
}

export async function insertTravel(
  sql: Sql,
  priced: PricedBooking,
  tokenHash: string,
  companyId: number | null,
  now: string,
  clientKey: string | null,
  carrierId: number | null = null,
): Promise<number> {
  const json = bodyJson(priced.payload);
  const bytes = sizeOf(json, priced.payload.store_serialized);
  const site = companyId === null ? carrierId : null;
  const row = await sql.get<{ id: number }>(
    `INSERT INTO travels (token_hash, company_id, created_at, updated_at, customer_name, beginning_date, payload_json, store_serialized, price_check_json, quote_id, price_source, search_text, summary_json, client_key, payload_bytes, carrier_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [tokenHash, companyId, now, now, ...bookingValues(priced, json), companyId === null ? clientKey : null, bytes, site],
  );
  await addStoredBytes(sql, ownersOf(companyId, clientKey, site), bytes);
  return row!.id;
}

/**
 * An edit: the booking as priced again, and what the edit changed, kept for the carrier. An
 * accepted booking that `changed` returns to 'review' (à revoir), decided in the same statement
 * so an acceptance made meanwhile is never written over. Returns the booking's state after it.
 */
export async function updateTravel(
  sql: Sql,
  id: number,
  priced: PricedBooking,
  now: string,
  { changed, changes }: { changed: boolean; changes: BookingChanges | null },
): Promise<string | null> {
  const payload = priced.payload;
  const json = bodyJson({ ...payload, travel: { ...payload.travel, travel_id: id } });
  const bytes = sizeOf(json, payload.store_serialized);
  return sql.transaction(async (tx) => {
    const before = await tx.get<{ company_id: number | null; client_key: string | null; payload_bytes: number; carrier_id: number | null }>(
      'SELECT company_id, client_key, payload_bytes, carrier_id FROM travels WHERE id = ?',
      [id],
    );
    if (!before) return null;
    await tx.write(
      `UPDATE travels SET updated_at = ?, customer_name = ?, beginning_date = ?, payload_json = ?, store_serialized = ?, price_check_json = ?, quote_id = ?, price_source = ?, search_text = ?, summary_json = ?, payload_bytes = ?,
       state = CASE WHEN state = 'accepted' AND ? = 1 THEN 'review' ELSE state END WHERE id = ?`,
      [now, ...bookingValues(priced, json, changes), bytes, changed ? 1 : 0, id],
    );
    // The bytes stay counted for whoever made the booking, whatever address edits it.
    await addStoredBytes(
      tx,
      ownersOf(before.company_id, before.client_key, before.carrier_id === null ? null : Number(before.carrier_id)),
      bytes - Number(before.payload_bytes),
    );
    return (await tx.get<{ state: string }>('SELECT state FROM travels WHERE id = ?', [id]))?.state ?? null;
  });
}

/**
 * Public bookings nobody accepted (one edited after its acceptance, à revoir, was accepted), untouched since `before` (an ISO time), are deleted and
 * their bytes given back to the public quota and to their address's share. Runs in batches so
 * no transaction holds the table for long; returns how many went.
 */
export async function purgeUnacceptedPublicTravels(sql: Sql, before: string, batch = 500): Promise<number> {
  let purged = 0;
  for (;;) {
    const removed = await sql.transaction(async (tx) => {
      const rows = await tx.all<{ id: number; client_key: string | null; payload_bytes: number; carrier_id: number | null }>(
        `SELECT id, client_key, payload_bytes, carrier_id FROM travels
         WHERE company_id IS NULL AND state NOT IN ('accepted', 'review') AND updated_at < ? ORDER BY updated_at LIMIT ?`,
        [before, batch],
      );
      for (const row of rows) await tx.run('DELETE FROM travels WHERE id = ?', [row.id]);
      // Given back per owner, the public count first and the addresses in one order, as every
      // booking takes them: two transactions never wait for each other's rows in a cycle.
      const perAddress = new Map<string, number>();
      for (const row of rows)
        if (row.client_key) perAddress.set(row.client_key, (perAddress.get(row.client_key) ?? 0) + Number(row.payload_bytes));
      const keyless = rows.filter((row) => row.carrier_id === null);
      await addStoredBytes(tx, [{ kind: 'public' }], -keyless.reduce((sum, row) => sum + Number(row.payload_bytes), 0));
      // A carrier's pages (its key) have their own public count, given back the same way, in the order of their ids.
      const perSite = new Map<number, number>();
      for (const row of rows)
        if (row.carrier_id !== null)
          perSite.set(Number(row.carrier_id), (perSite.get(Number(row.carrier_id)) ?? 0) + Number(row.payload_bytes));
      for (const id of [...perSite.keys()].sort((a, b) => a - b)) await addStoredBytes(tx, [{ kind: 'site', id }], -perSite.get(id)!);
      for (const key of [...perAddress.keys()].sort()) await addStoredBytes(tx, [{ kind: 'address', key }], -perAddress.get(key)!);
      return rows.length;
    });
    purged += removed;
    if (removed < batch) return purged;
  }
}

/** Only the token's hash: a request is checked before anything of the booking is read or parsed. */
export async function findTravelTokenHash(sql: Sql, id: number): Promise<string | null> {
  const row = await sql.get<{ token_hash: string }>('SELECT token_hash FROM travels WHERE id = ?', [id]);
  return row?.token_hash ?? null;
}

export async function findTravel(sql: Sql, id: number): Promise<StoredTravel | null> {
  const row = await sql.get<TravelRow>('SELECT * FROM travels WHERE id = ?', [id]);
  if (!row) return null;
  return {
    ...row,
    payload: { ...(JSON.parse(row.payload_json) as Omit<TravelPayload, 'store_serialized'>), store_serialized: row.store_serialized },
    payload_bytes: Number(row.payload_bytes),
    price_check: row.price_check_json ? (JSON.parse(row.price_check_json) as PriceCheck) : null,
    carrier_id: row.carrier_id === null ? null : Number(row.carrier_id),
    summary: row.summary_json ? (JSON.parse(row.summary_json) as BookingSummary) : null,
  };
}

/**
 * What a booking's devis PDF is made from, its body as stored (JSON text, without its
 * store_serialized): read and passed on unparsed, as the PDF's worker parses it
 * (pages/devis-pdf-pool.ts), so the requests' thread never parses the largest bodies for a PDF.
 */
export interface TravelDocument {
  id: number;
  company_id: number | null;
  carrier_id: number | null;
  quote_id: string | null;
  price_source: PriceSource;
  payload_json: string;
}

export async function findTravelDocument(sql: Sql, id: number): Promise<TravelDocument | null> {
  const row = await sql.get<TravelDocument>(
    'SELECT id, company_id, carrier_id, quote_id, price_source, payload_json FROM travels WHERE id = ?',
    [id],
  );
  return row ? { ...row, carrier_id: row.carrier_id === null ? null : Number(row.carrier_id) } : null;
}

const sizeOf = (json: string, store: string) => Buffer.byteLength(json) + Buffer.byteLength(store);

/** What a booking will take in the database, as the quotas count it. */
export const storedSize = (payload: TravelPayload) => sizeOf(bodyJson(payload), payload.store_serialized);

/** The carrier's decision on a booking still new: accepted, or refused with a reason. */
export type Decision = { state: 'accepted' } | { state: 'refused'; reason: string };

/**
 * Records the decision on a booking that awaits one (a second click, or another person's click
 * meanwhile, changes nothing). A booking whose price is still to set cannot be accepted: the
 * carrier sets its price first. Returns whether it was recorded.
 */
export async function decideTravel(sql: Sql, id: number, decision: Decision, now: string): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE travels SET state = ?, refusal_reason = ?, decided_at = ?, updated_at = ?
     WHERE id = ? AND ${AWAITING_ANSWER_SQL} AND (? = 'refused' OR price_source <> 'pending')`,
    [decision.state, decision.state === 'refused' ? decision.reason : null, now, now, id, decision.state],
  );
  return changed === 1;
}

/**
 * An acceptance undone within its window (`since`: the earliest decision time still undoable,
 * checked in the statement, so the window is the server's): the booking awaits an answer again.
 * Returns whether it was undone.
 */
export async function undoAcceptance(sql: Sql, id: number, since: string, now: string): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE travels SET state = 'new', decided_at = NULL, updated_at = ? WHERE id = ? AND state = 'accepted' AND decided_at >= ?`,
    [now, id, since],
  );
  return changed === 1;
}

/**
 * A counter-offer the customer accepted: the booking moved to its day (and, when it carried
 * one, priced at the carrier's own quote, stored as 'carrier'), and accepted, only while it still
 * awaits an answer. Returns whether it was recorded.
 */
export async function acceptMovedTravel(
  sql: Sql,
  id: number,
  payload: TravelPayload,
  quote: { id: string } | null,
  summary: BookingSummary,
  now: string,
): Promise<boolean> {
  const priced = quote ? ", quote_id = ?, price_source = 'carrier', price_check_json = NULL" : '';
  const changed = await sql.run(
    `UPDATE travels SET payload_json = ?, store_serialized = ?, beginning_date = ?, summary_json = ?${priced},
     state = 'accepted', decided_at = ?, updated_at = ? WHERE id = ? AND ${AWAITING_ANSWER_SQL}`,
    [
      bodyJson(quote ? { ...payload, quote_id: quote.id } : payload),
      payload.store_serialized,
      payload.travel.beginning_date ?? null,
      JSON.stringify(summary),
      ...(quote ? [quote.id] : []),
      now,
      now,
      id,
    ],
  );
  return changed === 1;
}

/**
 * The price the carrier set on a booking its grid gave none for: stored as 'carrier', its own
 * quote beside it, only while the booking still waits for it (two clicks set it once).
 * Returns whether it was recorded.
 */
export async function setCarrierPrice(
  sql: Sql,
  id: number,
  payload: TravelPayload,
  quote: { id: string; figures: QuoteFigures },
  summary: BookingSummary,
  now: string,
): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE travels SET payload_json = ?, store_serialized = ?, quote_id = ?, price_source = 'carrier', price_check_json = NULL,
     summary_json = ?, updated_at = ? WHERE id = ? AND price_source = 'pending'`,
    [bodyJson({ ...payload, quote_id: quote.id }), payload.store_serialized, quote.id, JSON.stringify(summary), now, id],
  );
  return changed === 1;
}

/**
 * Bookings written before the list's columns existed get them (at start, once): their
 * summary from their quote's figures when they have one, else from the body.
 */
export async function fillListColumns(sql: Sql, batch = 200): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await sql.all<{ id: number; payload_json: string; store_serialized: string; figures_json: string | null }>(
      `SELECT t.id, t.payload_json, t.store_serialized, q.figures_json FROM travels t LEFT JOIN quotes q ON q.id = t.quote_id
       WHERE t.summary_json IS NULL ORDER BY t.id LIMIT ?`,
      [batch],
    );
    await sql.transaction(async (tx) => {
      for (const row of rows) {
        const payload = { ...(JSON.parse(row.payload_json) as TravelPayload), store_serialized: row.store_serialized };
        const figures = row.figures_json ? (JSON.parse(row.figures_json) as QuoteFigures) : null;
        await tx.run('UPDATE travels SET search_text = ?, summary_json = ? WHERE id = ? AND summary_json IS NULL', [
          searchTextOf(payload),
          JSON.stringify(bookingSummary(payload, figures)),
          row.id,
        ]);
      }
    });
    filled += rows.length;
    if (rows.length < batch) return filled;
  }
}
