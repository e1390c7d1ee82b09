import type { PriceCheck, TravelPayload } from '../../../src/domain/index.ts';
import type { Sql, SqlValue } from './sql.ts';

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
  /** The server's own figures for a public booking; null when a company set its prices. */
  price_check: PriceCheck | null;
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
}

/** The body without its store_serialized, which has a column of its own: the store is kept once. */
function bodyJson(payload: TravelPayload): string {
  const { store_serialized: _store, ...rest } = payload;
  return JSON.stringify(rest);
}

/** Writes the booking and counts its bytes; run inside the caller's transaction with its key. */
/** customer_name, beginning_date, payload_json, store_serialized, price_check_json: what a POST and a PATCH both write. */
function bookingValues(payload: TravelPayload, json: string, priceCheck: PriceCheck | null): SqlValue[] {
  return [
    payload.customer.name,
    payload.travel.beginning_date ?? null,
    json,
    payload.store_serialized,
    priceCheck ? JSON.stringify(priceCheck) : null,
  ];
}

export async function insertTravel(
  sql: Sql,
  payload: TravelPayload,
  tokenHash: string,
  companyId: number | null,
  now: string,
  priceCheck: PriceCheck | null,
): Promise<number> {
  const json = bodyJson(payload);
  const row = await sql.get<{ id: number }>(
    `INSERT INTO travels (token_hash, company_id, created_at, updated_at, customer_name, beginning_date, payload_json, store_serialized, price_check_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [tokenHash, companyId, now, now, ...bookingValues(payload, json, priceCheck)],
  );
  await addStoredBytes(sql, companyId, sizeOf(json, payload.store_serialized));
  return row!.id;
}

export async function updateTravel(
  sql: Sql,
  id: number,
  payload: TravelPayload,
  now: string,
  priceCheck: PriceCheck | null,
): Promise<void> {
  const json = bodyJson({ ...payload, travel: { ...payload.travel, travel_id: id } });
  await sql.transaction(async (tx) => {
    const before = await tx.get<{ company_id: number | null; payload_json: string; store_serialized: string }>(
      'SELECT company_id, payload_json, store_serialized FROM travels WHERE id = ?',
      [id],
    );
    if (!before) return;
    await tx.run(
      'UPDATE travels SET updated_at = ?, customer_name = ?, beginning_date = ?, payload_json = ?, store_serialized = ?, price_check_json = ? WHERE id = ?',
      [now, ...bookingValues(payload, json, priceCheck), id],
    );
    await addStoredBytes(
      tx,
      before.company_id,
      sizeOf(json, payload.store_serialized) - sizeOf(before.payload_json, before.store_serialized),
    );
  });
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
    payload_bytes: Buffer.byteLength(row.payload_json) + Buffer.byteLength(row.store_serialized),
    price_check: row.price_check_json ? (JSON.parse(row.price_check_json) as PriceCheck) : null,
  };
}

const ownerOf = (companyId: number | null) => (companyId === null ? 'public' : String(companyId));

/** Bytes kept for a company's bookings, or for all public (company-less) bookings. */
export async function storedBytes(sql: Sql, companyId: number | null): Promise<number> {
  const row = await sql.get<{ bytes: number }>('SELECT bytes FROM storage_usage WHERE owner = ?', [ownerOf(companyId)]);
  return row?.bytes ?? 0;
}

async function addStoredBytes(sql: Sql, companyId: number | null, bytes: number): Promise<void> {
  await sql.run(
    'INSERT INTO storage_usage (owner, bytes) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET bytes = storage_usage.bytes + excluded.bytes',
    [ownerOf(companyId), bytes],
  );
}

const sizeOf = (json: string, store: string) => Buffer.byteLength(json) + Buffer.byteLength(store);
