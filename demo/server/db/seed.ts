import * as v from 'valibot';
import { CompanyDataSchema } from '../../../src/domain/index.ts';
import { searchWords } from '../../../src/domain/search/fold.ts';
import { hashPassword } from '../security/passwords.ts';
import { hashToken } from '../security/tokens.ts';
import { loadCatalogue, type CatalogueEntry } from '../seed/catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, type SeedCompany } from '../seed/demo-companies.ts';
import { createUser, findUserByEmail } from './accounts-repo.ts';
import { setupTransaction } from './database.ts';
import type { Sql } from './sql.ts';

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

async function seedCompany(sql: Sql, company: SeedCompany): Promise<void> {
  // The store is validated with the same schema the elements parse it with.
  v.parse(CompanyDataSchema, company.store);
  await sql.run('INSERT INTO companies (id, token_hash, name, store_json) VALUES (?, ?, ?, ?)', [
    company.id,
    hashToken(company.token),
    company.name,
    JSON.stringify({ ...company.store, preferred_item_names: company.preferredItemNames }),
  ]);
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
}

/**
 * Fills an empty database with the catalogue (the product's own data, in every mode) and, for
 * the demo only, the demo companies whose tokens the README publishes and their back-office
 * accounts. Does nothing twice.
 */
export async function seedDatabase(sql: Sql, { demoCompanies }: { demoCompanies: boolean }): Promise<void> {
  await setupTransaction(sql, async (tx) => {
    const seeded = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM items WHERE company_id IS NULL');
    if (Number(seeded?.n ?? 0) === 0) for (const entry of loadCatalogue()) await insertItem(tx, null, entry);
    if (!demoCompanies) return;
    for (const company of DEMO_COMPANIES) {
      const present = await tx.get('SELECT id FROM companies WHERE id = ?', [company.id]);
      if (!present) await seedCompany(tx, company);
    }
    // A demo database made before the back office gets its accounts too.
    for (const account of DEMO_ACCOUNTS)
      if (!(await findUserByEmail(tx, account.email)))
        await createUser(tx, account.companyId, account.email, await hashPassword(account.password), new Date().toISOString());
  });
}

/** Whether the demo companies (public tokens) are in this database: a production server says so at start. */
export async function holdsDemoCompanies(sql: Sql): Promise<boolean> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM companies WHERE token_hash IN (?, ?)', [
    hashToken(DEMO_COMPANIES[0]!.token),
    hashToken(DEMO_COMPANIES[1]!.token),
  ]);
  return Number(row?.n ?? 0) > 0;
}
