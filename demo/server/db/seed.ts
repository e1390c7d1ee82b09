import * as v from 'valibot';
import { CompanyDataSchema } from '../../../src/domain/index.ts';
import { searchWords } from '../../../src/domain/search/fold.ts';
import { hashToken } from '../security/tokens.ts';
import { CATALOGUE, type CatalogueEntry } from '../seed/catalogue.ts';
import { DEMO_COMPANIES, type SeedCompany } from '../seed/demo-companies.ts';
import type { Db } from './database.ts';

type ItemRow = Pick<
  CatalogueEntry,
  'name' | 'volume' | 'weight' | 'length' | 'width' | 'height' | 'time_factor' | 'persons_needed' | 'elevator' | 'minimal_truck_capacity'
> & { family: string; keywords?: string[] };

function insertItem(db: Db, companyId: number | null, item: ItemRow): void {
  db.prepare(
    `INSERT INTO items (company_id, name, family, search_words, volume, weight, length, width, height, time_factor, persons_needed, elevator, minimal_truck_capacity)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
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
  );
}

function seedCompany(db: Db, company: SeedCompany): void {
  // The store is validated with the same schema the elements parse it with.
  v.parse(CompanyDataSchema, company.store);
  db.prepare('INSERT INTO companies (id, token_hash, name, store_json) VALUES (?, ?, ?, ?)').run(
    company.id,
    hashToken(company.token),
    company.name,
    JSON.stringify({ ...company.store, preferred_item_names: company.preferredItemNames }),
  );
  for (const place of company.places) {
    db.prepare(
      `INSERT INTO places (company_id, label, address_complete, search_text, lat, lng, locality, postal_code, floor_nb, elevator_presence, notes, contacts_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
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
    );
  }
  for (const contact of company.contacts) {
    db.prepare('INSERT INTO contacts (company_id, name, search_text, phone_number, email) VALUES (?, ?, ?, ?, ?)').run(
      company.id,
      contact.name,
      searchWords(`${contact.name} ${contact.email}`).join(' '),
      contact.phone_number,
      contact.email,
    );
  }
  for (const customer of company.customers) {
    db.prepare('INSERT INTO customers (company_id, name, reference, email, phone_number) VALUES (?, ?, ?, ?, ?)').run(
      company.id,
      customer.name,
      customer.reference,
      customer.email,
      customer.phone_number,
    );
  }
  for (const item of company.ownItems) insertItem(db, company.id, item);
}

/** Fills an empty database with the catalogue and the demo companies; does nothing on later starts. */
export function seedDatabase(db: Db): void {
  const seeded = db.prepare('SELECT COUNT(*) AS n FROM items').get() as { n: number };
  if (seeded.n > 0) return;
  db.transaction(() => {
    for (const entry of CATALOGUE) insertItem(db, null, entry);
    for (const company of DEMO_COMPANIES) seedCompany(db, company);
  })();
}
