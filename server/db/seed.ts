import { writeTerms } from './company-terms.ts';
import * as v from 'valibot';
import { CompanyDataSchema, searchWords, type CompanyDataInput } from 'transport-quote-wizard/domain';
import { hashPassword } from '../security/passwords.ts';
import { hashToken } from '../security/tokens.ts';
import { loadCatalogue, type CatalogueEntry } from '../seed/catalogue.ts';
import { PUBLISHED_DEMO_TOKENS } from '../security/published-tokens.ts';
import { createUser, findUserByEmail } from './accounts-repo.ts';
import { setupTransaction } from './database.ts';
import type { Sql } from './sql.ts';

/** A company with its directory, as a composition (the demo) seeds it. */
export interface SeedPlace {
  label: string;
  address_complete: string;
  lat: number;
  lng: number;
  locality: string;
  postal_code: string;
  floor_nb: number;
  elevator_presence: boolean;
  notes: string;
  contacts: { name: string; phone_number: string; email?: string }[];
}

export interface SeedCompany {
  id: number;
  token: string;
  /** Its public key (carrier-key), when the composition publishes one (the demo's); else one is made at start. */
  publicKey?: string;
  name: string;
  store: Omit<CompanyDataInput, 'places' | 'contacts' | 'customers' | 'company_token' | 'id' | 'preferred_items'>;
  /** Catalogue names (shared, or its own objects') offered as chips, in this order. */
  preferredItemNames: string[];
  places: SeedPlace[];
  contacts: { name: string; phone_number: string; email: string }[];
  customers: { name: string; reference: string; email: string; phone_number: string }[];
  /** Its general conditions (Réglages, Conditions générales), which its devis link; none when absent. */
  terms?: string;
  /** Items only this company offers in the search. */
  ownItems: {
    name: string;
    family: string;
    volume: number;
    weight: number;
    length: number;
    width: number;
    height: number;
    time_factor: number;
    persons_needed: number;
    elevator: boolean;
    minimal_truck_capacity: number;
  }[];
}

type ItemRow = Pick<
  CatalogueEntry,
  'name' | 'volume' | 'weight' | 'length' | 'width' | 'height' | 'time_factor' | 'persons_needed' | 'elevator' | 'minimal_truck_capacity'
> & { family: string; keywords?: string[] };

async function insertItem(sql: Sql, companyId: number | null, item: ItemRow): Promise<void> {
  await sql.run(
    `INSERT INTO items (company_id, name, family, search_words, volume, weight, length, width, height, time_factor, persons_needed, elevator, minimal_truck_capacity)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      companyId,
      item.name,
      item.family,
      [...new Set(searchWords([item.name, ...(item.keywords ?? [])].join(' ')))].join(' '),
      item.volume,
      item.weight,
      item.length,
      item.width,
      item.height,
      item.time_factor,
      item.persons_needed,
      item.elevator ? 1 : 0,
      item.minimal_truck_capacity,
    ],
  );
}

/** Inserts one company whole: its store, places, contacts, customers and own items. */
async function seedCompany(sql: Sql, company: SeedCompany): Promise<void> {
  // The store is validated with the same schema the elements parse it with.
  v.parse(CompanyDataSchema, company.store);
  await sql.run('INSERT INTO companies (id, token_hash, name, store_json, public_key) VALUES (?, ?, ?, ?, ?)', [
    company.id,
    hashToken(company.token),
    company.name,
    JSON.stringify(company.store),
    company.publicKey ?? null,
  ]);
  if (company.terms) await writeTerms(sql, company.id, company.terms, new Date().toISOString());
  for (const place of company.places) {
    await sql.run(
      `INSERT INTO places (company_id, label, address_complete, search_text, lat, lng, locality, postal_code, floor_nb, elevator_presence, notes, contacts_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        company.id,
        place.label,
        place.address_complete,
        searchWords(`${place.label} ${place.address_complete}`).join(' '),
        place.lat,
        place.lng,
        place.locality,
        place.postal_code,
        place.floor_nb,
        place.elevator_presence ? 1 : 0,
        place.notes,
        JSON.stringify(place.contacts),
      ],
    );
  }
  for (const contact of company.contacts) {
    await sql.run('INSERT INTO contacts (company_id, name, search_text, phone_number, email) VALUES (?, ?, ?, ?, ?)', [
      company.id,
      contact.name,
      searchWords(`${contact.name} ${contact.email}`).join(' '),
      contact.phone_number,
      contact.email,
    ]);
  }
  for (const customer of company.customers) {
    await sql.run('INSERT INTO customers (company_id, name, reference, email, phone_number) VALUES (?, ?, ?, ?, ?)', [
      company.id,
      customer.name,
      customer.reference,
      customer.email,
      customer.phone_number,
    ]);
  }
  for (const item of company.ownItems) await insertItem(sql, company.id, item);
  // The chips, in the composition's order: its own object of that name, else the shared entry.
  for (const [position, name] of company.preferredItemNames.entries()) {
    const item = await sql.get<{ id: number }>(
      'SELECT id FROM items WHERE name = ? AND (company_id = ? OR company_id IS NULL) ORDER BY company_id IS NULL, id LIMIT 1',
      [name, company.id],
    );
    if (item)
      await sql.run('INSERT INTO preferred_items (company_id, item_id, position) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
        company.id,
        item.id,
        position,
      ]);
  }
}

/** Fills an empty database with the catalogue, the product's own data. Does nothing twice. */
export async function seedDatabase(sql: Sql): Promise<void> {
  await setupTransaction(sql, async (tx) => {
    const seeded = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM items WHERE company_id IS NULL');
    if (Number(seeded?.n ?? 0) === 0) for (const entry of loadCatalogue()) await insertItem(tx, null, entry);
  });
}

/** An account of the back office a composition brings, with its password in clear (the demo's are public). */
export interface SeedAccount {
  companyId: number;
  email: string;
  password: string;
}

/**
 * Adds the companies and accounts a composition brings (the demo's, whose tokens and
 * passwords are public), those missing only: a second start changes nothing.
 */
export async function seedCompanies(sql: Sql, companies: readonly SeedCompany[], accounts: readonly SeedAccount[]): Promise<void> {
  await setupTransaction(sql, async (tx) => {
    for (const company of companies) {
      const present = await tx.get('SELECT id FROM companies WHERE id = ?', [company.id]);
      if (!present) await seedCompany(tx, company);
    }
    for (const account of accounts)
      if (!(await findUserByEmail(tx, account.email)))
        await createUser(tx, account.companyId, account.email, await hashPassword(account.password), new Date().toISOString());
  });
}

/** Whether the demo companies (public tokens) are in this database: a production server says so at start. */
export async function holdsDemoCompanies(sql: Sql): Promise<boolean> {
  const row = await sql.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM companies WHERE token_hash IN (?, ?)',
    PUBLISHED_DEMO_TOKENS.map((token) => hashToken(token)),
  );
  return Number(row?.n ?? 0) > 0;
}
