/** Schema versions, applied in order once each (PRAGMA user_version counts them). */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE companies (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- The company store minus places, contacts and customers, which have their own tables.
    store_json TEXT NOT NULL
  );
  CREATE TABLE places (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies(id),
    label TEXT NOT NULL,
    address_complete TEXT NOT NULL,
    search_text TEXT NOT NULL,
    lat REAL NOT NULL,
    lng REAL NOT NULL,
    locality TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    floor_nb INTEGER NOT NULL DEFAULT -1,
    elevator_presence INTEGER NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '',
    contacts_json TEXT NOT NULL DEFAULT '[]'
  );
  CREATE INDEX places_company ON places(company_id);
  CREATE TABLE contacts (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies(id),
    name TEXT NOT NULL,
    search_text TEXT NOT NULL,
    phone_number TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX contacts_company ON contacts(company_id);
  CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL REFERENCES companies(id),
    name TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone_number TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX customers_company ON customers(company_id);
  CREATE TABLE items (
    id INTEGER PRIMARY KEY,
    company_id INTEGER REFERENCES companies(id),
    name TEXT NOT NULL,
    family TEXT NOT NULL,
    -- Accent- and case-folded, singular words of the name and keywords, for the search.
    search_words TEXT NOT NULL,
    volume REAL NOT NULL,
    weight REAL NOT NULL,
    length REAL NOT NULL,
    width REAL NOT NULL,
    height REAL NOT NULL,
    time_factor REAL NOT NULL,
    persons_needed INTEGER NOT NULL,
    elevator INTEGER NOT NULL,
    minimal_truck_capacity REAL NOT NULL
  );
  CREATE INDEX items_company ON items(company_id);
  CREATE TABLE travels (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL,
    company_id INTEGER REFERENCES companies(id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    beginning_date TEXT,
    -- The validated POST/PATCH body (spec §7) and the client's store, as received.
    payload_json TEXT NOT NULL,
    store_serialized TEXT NOT NULL
  );
  CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    body_hash TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    status INTEGER,
    response_json TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX idempotency_created ON idempotency_keys(created_at);
  `,
  // 2: the store is kept once (its own column), and stored bytes are summed per company for the quota.
  `
  UPDATE travels SET payload_json = json_remove(payload_json, '$.store_serialized');
  CREATE INDEX travels_company ON travels(company_id);
  -- Keys are now stored hashed and their answers sealed: the rows in clear are dropped (they live 24 h).
  DELETE FROM idempotency_keys;
  -- Bytes kept per company ('public' for company-less bookings), kept up to date with each write for the quota.
  CREATE TABLE storage_usage (owner TEXT PRIMARY KEY, bytes INTEGER NOT NULL);
  INSERT INTO storage_usage (owner, bytes)
    SELECT COALESCE(CAST(company_id AS TEXT), 'public'), SUM(LENGTH(CAST(payload_json AS BLOB)) + LENGTH(CAST(store_serialized AS BLOB))) FROM travels GROUP BY company_id;
  `,
  // 3: a public visitor's price recomputed by the server, kept beside the one sent (null for company bookings).
  `
  ALTER TABLE travels ADD COLUMN price_check_json TEXT;
  `,
];
