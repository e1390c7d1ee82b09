import { searchWords } from 'transport-quote-wizard/domain';
import { searchContacts, searchCustomers, searchPlaces } from './companies-repo.ts';
import type { Sql } from './sql.ts';

/**
 * The company's directory as its back office writes it: saved places, customers, contacts.
 * Every read and write names the company, and every write of a row checks that the row is
 * the company's (an id of another company's row changes nothing, as if it did not exist).
 */

export interface PlaceContact {
  name: string;
  phone_number: string;
  email: string;
}

export interface PlaceFields {
  label: string;
  address_complete: string;
  lat: number;
  lng: number;
  locality: string;
  postal_code: string;
  floor_nb: number;
  elevator_presence: boolean;
  notes: string;
  contacts: PlaceContact[];
}
export type PlaceRecord = PlaceFields & { id: number };

export interface CustomerFields {
  name: string;
  reference: string;
  email: string;
  phone_number: string;
}
export type CustomerRecord = CustomerFields & { id: number };

export interface ContactFields {
  name: string;
  phone_number: string;
  email: string;
}
export type ContactRecord = ContactFields & { id: number };

export type DirectoryKind = 'adresses' | 'clients' | 'contacts';

/**
 * Every row, however large the directory: the export writes them all and the import matches
 * its lines against them all (a page lists only its first rows, `LIST_SHOWN`).
 */
const ALL = Number.POSITIVE_INFINITY;

export async function listPlaces(sql: Sql, companyId: number, query = ''): Promise<PlaceRecord[]> {
  return (await searchPlaces(sql, companyId, query, ALL)).map((place) => ({
    ...place,
    id: Number(place.id),
    contacts: (place.contacts as Partial<PlaceContact>[]).map((contact) => ({
      name: contact.name ?? '',
      phone_number: contact.phone_number ?? '',
      email: contact.email ?? '',
    })),
  }));
}

export async function listContacts(sql: Sql, companyId: number, query = ''): Promise<ContactRecord[]> {
  return (await searchContacts(sql, companyId, query, ALL)).map((contact) => ({ ...contact, id: Number(contact.id) }));
}

/** The customers, searched by name, reference and e-mail (case and accents aside). */
export async function listCustomerRecords(sql: Sql, companyId: number, query = ''): Promise<CustomerRecord[]> {
  return (await searchCustomers(sql, companyId, query, ALL)).map((customer) => ({ ...customer, id: Number(customer.id) }));
}

const placeSearchText = (place: PlaceFields) => searchWords(`${place.label} ${place.address_complete}`).join(' ');
const contactSearchText = (contact: ContactFields) => searchWords(`${contact.name} ${contact.email}`).join(' ');

const placeValues = (place: PlaceFields) => [
  place.label,
  place.address_complete,
  placeSearchText(place),
  place.lat,
  place.lng,
  place.locality,
  place.postal_code,
  place.floor_nb,
  place.elevator_presence ? 1 : 0,
  place.notes,
  JSON.stringify(place.contacts),
];

export async function insertPlace(sql: Sql, companyId: number, place: PlaceFields): Promise<void> {
  await sql.run(
    `INSERT INTO places (label, address_complete, search_text, lat, lng, locality, postal_code, floor_nb, elevator_presence, notes, contacts_json, company_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [...placeValues(place), companyId],
  );
}

export async function updatePlace(sql: Sql, companyId: number, id: number, place: PlaceFields): Promise<boolean> {
  const changed = await sql.run(
    `UPDATE places SET label = ?, address_complete = ?, search_text = ?, lat = ?, lng = ?, locality = ?, postal_code = ?, floor_nb = ?,
     elevator_presence = ?, notes = ?, contacts_json = ? WHERE company_id = ? AND id = ?`,
    [...placeValues(place), companyId, id],
  );
  return changed > 0;
}

export async function insertCustomer(sql: Sql, companyId: number, customer: CustomerFields): Promise<void> {
  await sql.run('INSERT INTO customers (name, reference, email, phone_number, company_id) VALUES (?, ?, ?, ?, ?)', [
    customer.name,
    customer.reference,
    customer.email,
    customer.phone_number,
    companyId,
  ]);
}

export async function updateCustomer(sql: Sql, companyId: number, id: number, customer: CustomerFields): Promise<boolean> {
  const changed = await sql.run(
    'UPDATE customers SET name = ?, reference = ?, email = ?, phone_number = ? WHERE company_id = ? AND id = ?',
    [customer.name, customer.reference, customer.email, customer.phone_number, companyId, id],
  );
  return changed > 0;
}

export async function insertContact(sql: Sql, companyId: number, contact: ContactFields): Promise<void> {
  await sql.run('INSERT INTO contacts (name, search_text, phone_number, email, company_id) VALUES (?, ?, ?, ?, ?)', [
    contact.name,
    contactSearchText(contact),
    contact.phone_number,
    contact.email,
    companyId,
  ]);
}

export async function updateContact(sql: Sql, companyId: number, id: number, contact: ContactFields): Promise<boolean> {
  const changed = await sql.run(
    'UPDATE contacts SET name = ?, search_text = ?, phone_number = ?, email = ? WHERE company_id = ? AND id = ?',
    [contact.name, contactSearchText(contact), contact.phone_number, contact.email, companyId, id],
  );
  return changed > 0;
}

const TABLES: Record<DirectoryKind, string> = { adresses: 'places', clients: 'customers', contacts: 'contacts' };

/** Removes one row of the company's directory; false when it has no such row (another company's is not its). */
export async function deleteDirectoryRow(sql: Sql, companyId: number, kind: DirectoryKind, id: number): Promise<boolean> {
  return (await sql.run(`DELETE FROM ${TABLES[kind]} WHERE company_id = ? AND id = ?`, [companyId, id])) > 0;
}
