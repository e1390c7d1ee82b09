import * as v from 'valibot';
import { CompanyDataSchema } from 'transport-quote-wizard/domain';
import { searchWords } from 'transport-quote-wizard/domain';
import { hashToken } from '../security/tokens.ts';
import { newPublicKey } from './carrier-keys.ts';
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
