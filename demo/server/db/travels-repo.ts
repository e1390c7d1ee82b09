import type { PriceCheck, TravelPayload } from '../../../src/domain/index.ts';
import type { Db } from './database.ts';

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

export function insertTravel(
  db: Db,
  payload: TravelPayload,
  tokenHash: string,
  companyId: number | null,
  now: string,
  priceCheck: PriceCheck | null,
): number {
  const result = db
    .prepare(
      `INSERT INTO travels (token_hash, company_id, created_at, updated_at, customer_name, beginning_date, payload_json, store_serialized, price_check_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      tokenHash,
      companyId,
      now,
      now,
      payload.customer.name,
      payload.travel.beginning_date,
      bodyJson(payload),
      payload.store_serialized,
      priceCheck ? JSON.stringify(priceCheck) : null,
    );
  addStoredBytes(db, companyId, sizeOf(bodyJson(payload), payload.store_serialized));
  return Number(result.lastInsertRowid);
}

export function updateTravel(db: Db, id: number, payload: TravelPayload, now: string, priceCheck: PriceCheck | null): void {
  const json = bodyJson({ ...payload, travel: { ...payload.travel, travel_id: id } });
  db.transaction(() => {
    const before = db.prepare('SELECT company_id, payload_json, store_serialized FROM travels WHERE id = ?').get(id) as {
      company_id: number | null;
      payload_json: string;
      store_serialized: string;
    };
    db.prepare(
      'UPDATE travels SET updated_at = ?, customer_name = ?, beginning_date = ?, payload_json = ?, store_serialized = ?, price_check_json = ? WHERE id = ?',
    ).run(
      now,
      payload.customer.name,
      payload.travel.beginning_date,
      json,
      payload.store_serialized,
      priceCheck ? JSON.stringify(priceCheck) : null,
      id,
    );
    addStoredBytes(db, before.company_id, sizeOf(json, payload.store_serialized) - sizeOf(before.payload_json, before.store_serialized));
  })();
}

/** Only the token's hash: a request is checked before anything of the booking is read or parsed. */
export function findTravelTokenHash(db: Db, id: number): string | null {
  const row = db.prepare('SELECT token_hash FROM travels WHERE id = ?').get(id) as { token_hash: string } | undefined;
  return row?.token_hash ?? null;
}

export function findTravel(db: Db, id: number): StoredTravel | null {
  const row = db.prepare('SELECT * FROM travels WHERE id = ?').get(id) as TravelRow | undefined;
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
export function storedBytes(db: Db, companyId: number | null): number {
  const row = db.prepare('SELECT bytes FROM storage_usage WHERE owner = ?').get(ownerOf(companyId)) as { bytes: number } | undefined;
  return row?.bytes ?? 0;
}

function addStoredBytes(db: Db, companyId: number | null, bytes: number): void {
  db.prepare('INSERT INTO storage_usage (owner, bytes) VALUES (?, ?) ON CONFLICT(owner) DO UPDATE SET bytes = bytes + excluded.bytes').run(
    ownerOf(companyId),
    bytes,
  );
}

const sizeOf = (json: string, store: string) => Buffer.byteLength(json) + Buffer.byteLength(store);

export function countTravels(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM travels').get() as { n: number }).n;
}
