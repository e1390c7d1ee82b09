import * as v from 'valibot';
import { COMPANY_BLOCK_DIRECTORY_MAX, CompanyDataSchema, type CompanyData } from 'transport-quote-wizard/domain';
import { searchWords } from 'transport-quote-wizard/domain';
import { companyRecord } from '../pricing/carrier-records.ts';
import { hashToken } from '../security/tokens.ts';
import { newPublicKey } from './carrier-keys.ts';
import { carrierPresets } from './presets-repo.ts';
import type { Sql } from './sql.ts';

export interface CompanyRow {
  id: number;
  name: string;
  store_json: string;
}

/** The company a token opens, or null. The lookup goes by the token's hash, never the token. */
export async function findCompanyByToken(sql: Sql, token: string): Promise<CompanyRow | null> {
  if (token.length === 0 || token.length > 200) return null;
  return (await sql.get<CompanyRow>('SELECT id, name, store_json FROM companies WHERE token_hash = ?', [hashToken(token)])) ?? null;
}

/**
 * Names sorted as a French reader expects ('Élise' beside 'Elsa', not after 'Zoé'), and the
 * same on both stores, whose own collations differ.
 */
const frenchOrder = new Intl.Collator('fr').compare;
const byField =
  <Key extends string>(key: Key) =>
  (a: Record<Key, string>, b: Record<Key, string>) =>
    frenchOrder(a[key], b[key]);

/** Folded words must each start a word of the row's search text. */
export function matchesWords(searchText: string, query: string): boolean {
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

export async function searchPlaces(sql: Sql, companyId: number, query: string, limit: number) {
  const rows = await sql.all<PlaceRow>('SELECT * FROM places WHERE company_id = ? ORDER BY id', [companyId]);
  return rows
    .sort(byField('label'))
    .filter((row) => query.trim() === '' || matchesWords(row.search_text, query))
    .slice(0, limit)
    .map(({ search_text: _s, contacts_json, elevator_presence, ...row }) => ({
      ...row,
      elevator_presence: elevator_presence === 1,
      contacts: JSON.parse(contacts_json) as unknown[],
    }));
}

export async function searchContacts(sql: Sql, companyId: number, query: string, limit: number) {
  const rows = await sql.all<{ id: number; name: string; search_text: string; phone_number: string; email: string }>(
    'SELECT id, name, search_text, phone_number, email FROM contacts WHERE company_id = ? ORDER BY id',
    [companyId],
  );
  return rows
    .sort(byField('name'))
    .filter((row) => query.trim() === '' || matchesWords(row.search_text, query))
    .slice(0, limit)
    .map(({ search_text: _s, ...row }) => row);
}

/** The customers whose name, reference or e-mail hold the words (all when none), by name. */
export async function searchCustomers(sql: Sql, companyId: number, query: string, limit: number) {
  const rows = await sql.all<{ id: number; name: string; reference: string; email: string; phone_number: string }>(
    'SELECT id, name, reference, email, phone_number FROM customers WHERE company_id = ? ORDER BY id',
    [companyId],
  );
  return rows
    .sort(byField('name'))
    .filter((row) => query.trim() === '' || matchesWords(searchWords(`${row.name} ${row.reference} ${row.email}`).join(' '), query))
    .slice(0, limit);
}

/**
 * The company store the elements need (spec §3 "Company data"), assembled from the
 * company's own rows only, and parsed with the same schema the elements use. Its record is
 * checked first: one the pricing could not read answers 503 naming its fields, never a 500.
 * A directory larger than the block carries sends its first rows by name: the elements
 * search the rest (places, contacts, and customers when `customers_partial` says so).
 */
export async function companyStore(sql: Sql, company: CompanyRow, token: string, preferredItems: unknown[]): Promise<CompanyData> {
  const store = companyRecord(company.store_json);
  const customers = await searchCustomers(sql, company.id, '', COMPANY_BLOCK_DIRECTORY_MAX + 1);
  return v.parse(CompanyDataSchema, {
    ...store,
    id: company.id,
    company_token: token,
    places: await searchPlaces(sql, company.id, '', COMPANY_BLOCK_DIRECTORY_MAX),
    contacts: await searchContacts(sql, company.id, '', COMPANY_BLOCK_DIRECTORY_MAX),
    customers: customers.slice(0, COMPANY_BLOCK_DIRECTORY_MAX),
    customers_partial: customers.length > COMPANY_BLOCK_DIRECTORY_MAX,
    preferred_items: preferredItems,
    home_presets: await carrierPresets(sql, company.id),
  });
}

export interface NewCompany {
  name: string;
  phone_number?: string;
  email?: string;
}

/**
 * A carrier's company, made by the operator (`carrier add-company`): a fresh random token,
 * shown once and kept only as its hash, and the spec's defaults for everything the company
 * has not set yet (VAT 20 %, prices shown, the default vehicles). Returns its id and public key.
 */
export async function createCompany(sql: Sql, company: NewCompany, token: string): Promise<{ id: number; publicKey: string }> {
  const store = v.parse(CompanyDataSchema, {
    company_mode: true,
    transportation_company: { name: company.name, phone_number: company.phone_number ?? '', email: company.email ?? '' },
    permissions: [{ name: 'prices', can_read: true }],
  });
  const {
    places: _p,
    contacts: _c,
    customers: _u,
    customers_partial: _up,
    preferred_items: _i,
    home_presets: _h,
    company_token: _t,
    id: _id,
    ...kept
  } = store;
  return sql.transaction(async (tx) => {
    // Ids are given here rather than by the database: the demo companies were seeded with theirs.
    const next = await tx.get<{ id: number | null }>('SELECT MAX(id) AS id FROM companies');
    const id = Number(next?.id ?? 0) + 1;
    // Its public key, for its public pages (Réglages, Intégrer à mon site), made with it.
    const publicKey = newPublicKey();
    await tx.run('INSERT INTO companies (id, token_hash, name, store_json, public_key) VALUES (?, ?, ?, ?, ?)', [
      id,
      hashToken(token),
      company.name,
      JSON.stringify(kept),
      publicKey,
    ]);
    return { id, publicKey };
  });
}

export async function countCompanies(sql: Sql): Promise<number> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM companies');
  return Number(row?.n ?? 0);
}
