import * as v from 'valibot';
import { CompanyDataSchema, type CompanyData } from '../../../src/domain/index.ts';
import { searchWords } from '../../../src/domain/search/fold.ts';
import { hashToken } from '../security/tokens.ts';
import type { Db } from './database.ts';

export interface CompanyRow {
  id: number;
  name: string;
  store_json: string;
}

/** The company a token opens, or null. The lookup goes by the token's hash, never the token. */
export function findCompanyByToken(db: Db, token: string): CompanyRow | null {
  if (token.length === 0 || token.length > 200) return null;
  return (
    (db.prepare('SELECT id, name, store_json FROM companies WHERE token_hash = ?').get(hashToken(token)) as CompanyRow | undefined) ?? null
  );
}

export function companyExists(db: Db, id: number): boolean {
  return db.prepare('SELECT 1 FROM companies WHERE id = ?').get(id) !== undefined;
}

/** Folded words must each start a word of the row's search text. */
function matchesWords(searchText: string, query: string): boolean {
  const words = searchText.split(' ');
  return searchWords(query).every((queryWord) => words.some((word) => word.startsWith(queryWord)));
}

interface PlaceRow {
  id: number;
  label: string;
  address_complete: string;
  search_text: string;
  lat: number;
  lng: number;
  locality: string;
  postal_code: string;
  floor_nb: number;
  elevator_presence: number;
  notes: string;
  contacts_json: string;
}

export function searchPlaces(db: Db, companyId: number, query: string, limit: number) {
  const rows = db.prepare('SELECT * FROM places WHERE company_id = ? ORDER BY label').all(companyId) as PlaceRow[];
  return rows
    .filter((row) => query.trim() === '' || matchesWords(row.search_text, query))
    .slice(0, limit)
    .map(({ search_text: _s, contacts_json, elevator_presence, ...row }) => ({
      ...row,
      elevator_presence: elevator_presence === 1,
      contacts: JSON.parse(contacts_json) as unknown[],
    }));
}

export function searchContacts(db: Db, companyId: number, query: string, limit: number) {
  const rows = db
    .prepare('SELECT id, name, search_text, phone_number, email FROM contacts WHERE company_id = ? ORDER BY name')
    .all(companyId) as {
    id: number;
    name: string;
    search_text: string;
    phone_number: string;
    email: string;
  }[];
  return rows
    .filter((row) => query.trim() === '' || matchesWords(row.search_text, query))
    .slice(0, limit)
    .map(({ search_text: _s, ...row }) => row);
}

export function listCustomers(db: Db, companyId: number) {
  return db.prepare('SELECT id, name, reference, email, phone_number FROM customers WHERE company_id = ? ORDER BY name').all(companyId);
}

/**
 * The company store the elements need (spec §3 "Company data"), assembled from the
 * company's own rows only, and parsed with the same schema the elements use.
 */
export function companyStore(db: Db, company: CompanyRow, token: string, preferredItems: unknown[]): CompanyData {
  const { preferred_item_names: _names, ...store } = JSON.parse(company.store_json) as Record<string, unknown>;
  return v.parse(CompanyDataSchema, {
    ...store,
    id: company.id,
    company_token: token,
    places: searchPlaces(db, company.id, '', 2000),
    contacts: searchContacts(db, company.id, '', 2000),
    customers: listCustomers(db, company.id),
    preferred_items: preferredItems,
  });
}

export function preferredItemNames(company: CompanyRow): string[] {
  const parsed = JSON.parse(company.store_json) as { preferred_item_names?: string[] };
  return parsed.preferred_item_names ?? [];
}
