import { STREET_FLOOR, TOP_FLOOR } from 'transport-quote-wizard/domain';
import type { ContactFields, CustomerFields, PlaceContact, PlaceFields } from '../../db/directory-repo.ts';
import type { OfflineGeocoder } from '../../geo/geocoder.ts';
import { FormReader, frenchNumber, type FieldError, type FormValues } from '../settings/form-fields.ts';

/**
 * The directory's three forms as typed (or as a CSV line gives them), checked field by field
 * with French messages naming the field. The same reading serves the form and the import, so a
 * line of a file is refused for exactly what the form would refuse.
 */

const NAME_MAX = 200;
const ADDRESS_MAX = 300;
const NOTES_MAX = 2000;
const CONTACTS_MAX = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 .()-]{6,40}$/;

export type Checked<T> = { fields: T; errors: [] } | { fields: null; errors: FieldError[] };

function name(reader: FormReader, field: string, label: string, example: string): string {
  const text = reader.text(field);
  if (text === '') reader.fail(field, `${label}\u00a0: indiquez-le, par exemple «\u202f${example}\u202f».`);
  else if (text.length > NAME_MAX) reader.fail(field, `${label}\u00a0: ${NAME_MAX} caractères au plus.`);
  return text;
}

function email(reader: FormReader, field: string, label = 'E-mail'): string {
  const text = reader.text(field);
  if (text !== '' && (!EMAIL.test(text) || text.length > 254))
    reader.fail(field, `${label}\u00a0: «\u202f${text.slice(0, 60)}\u202f» n’est pas une adresse e-mail (par exemple nom@exemple.fr).`);
  return text;
}

function phone(reader: FormReader, field: string, label = 'Téléphone'): string {
  const text = reader.text(field);
  if (text !== '' && !PHONE.test(text))
    reader.fail(field, `${label}\u00a0: «\u202f${text.slice(0, 40)}\u202f» n’est pas un numéro (chiffres, espaces, points, + au début).`);
  return text;
}

const done = <T>(reader: FormReader, fields: T): Checked<T> =>
  reader.errors.length > 0 ? { fields: null, errors: reader.errors } : { fields, errors: [] };

export function readCustomer(values: FormValues): Checked<CustomerFields> {
  const reader = new FormReader(values);
  const fields = {
    name: name(reader, 'nom', 'Nom du client', 'Boulangerie Durand'),
    reference: reader.text('reference'),
    email: email(reader, 'email'),
    phone_number: phone(reader, 'telephone'),
  };
  if (fields.reference.length > NAME_MAX) reader.fail('reference', `Référence\u00a0: ${NAME_MAX} caractères au plus.`);
  return done(reader, fields);
}

export function readContact(values: FormValues): Checked<ContactFields> {
  const reader = new FormReader(values);
  const fields = {
    name: name(reader, 'nom', 'Nom du contact', 'Sophie Lambert'),
    phone_number: phone(reader, 'telephone'),
    email: email(reader, 'email'),
  };
  return done(reader, fields);
}

/** 'Karim Benali, 06 11 22 33 44, karim@exemple.fr': one contact per line (the form) or per '|' (a CSV cell). */
export function contactsText(contacts: readonly PlaceContact[], separator: string): string {
  return contacts.map((contact) => [contact.name, contact.phone_number, contact.email].filter(Boolean).join(', ')).join(separator);
}

function readPlaceContacts(reader: FormReader, field: string): PlaceContact[] {
  const lines = (reader.values[field] ?? '')
    .split(/\r?\n|\|/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > CONTACTS_MAX) {
    reader.fail(field, `Contacts sur place\u00a0: ${CONTACTS_MAX} au plus.`);
    return [];
  }
  const contacts: PlaceContact[] = [];
  for (const [index, line] of lines.entries()) {
    const parts = line.split(',').map((part) => part.trim());
    const [contactName = '', ...rest] = parts;
    const mail = rest.find((part) => part.includes('@')) ?? '';
    const number = rest.find((part) => !part.includes('@')) ?? '';
    const which = `Contacts sur place, contact ${index + 1}`;
    if (contactName === '' || contactName.length > NAME_MAX)
      reader.fail(field, `${which}\u00a0: indiquez son nom, puis son téléphone et son e-mail, séparés par des virgules.`);
    else if (number !== '' && !PHONE.test(number))
      reader.fail(field, `${which}\u00a0: «\u202f${number.slice(0, 40)}\u202f» n’est pas un numéro.`);
    else if (mail !== '' && !EMAIL.test(mail))
      reader.fail(field, `${which}\u00a0: «\u202f${mail.slice(0, 60)}\u202f» n’est pas une adresse e-mail.`);
    else contacts.push({ name: contactName, phone_number: number, email: mail });
  }
  return contacts;
}

/** The point a file gives ('48,9362'), when both figures are there and plausible; else the geocoder's. */
function givenPoint(values: FormValues): { lat: number; lng: number } | null {
  const read = (text: string | undefined) => {
    const cleaned = (text ?? '').trim().replace(',', '.');
    return /^-?\d{1,3}(\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
  };
  const lat = read(values.latitude);
  const lng = read(values.longitude);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * A saved place: its address must be one the server's geocoder finds (a number and street, a
 * postcode and a town); its town and postcode come from there. The floor is -1 (in the street)
 * to 12, as the element's; a lift on the street or the ground floor means nothing (spec §3).
 */
export function readPlace(values: FormValues, geocoder: OfflineGeocoder): Checked<PlaceFields> {
  const reader = new FormReader(values);
  const label = name(reader, 'nom', 'Nom du lieu', 'Entrepôt Saint-Denis');
  const address = reader.text('adresse');
  let found: { lat: number; lng: number; locality: string; postal_code: string } | null = null;
  if (address === '') reader.fail('adresse', 'Adresse\u00a0: indiquez-la, par exemple «\u202f12 rue des Docks 93200 Saint-Denis\u202f».');
  else if (address.length > ADDRESS_MAX) reader.fail('adresse', `Adresse\u00a0: ${ADDRESS_MAX} caractères au plus.`);
  else {
    const feature = geocoder.search(address, 1, false).features[0];
    if (!feature)
      reader.fail(
        'adresse',
        'Adresse\u00a0: introuvable. Écrivez le numéro, la rue, le code postal et la ville, par exemple «\u202f12 rue des Docks 93200 Saint-Denis\u202f».',
      );
    else {
      const [lng, lat] = feature.geometry.coordinates;
      found = { lat, lng, locality: feature.properties.city, postal_code: feature.properties.postcode, ...givenPoint(values) };
    }
  }
  const floorText = reader.text('etage');
  const floor =
    floorText === ''
      ? STREET_FLOOR
      : reader.number('etage', {
          label: 'Étage',
          min: STREET_FLOOR,
          max: TOP_FLOOR,
          integer: true,
          range: `de ${STREET_FLOOR} (de plain-pied, dans la rue) à ${TOP_FLOOR}\u202f; 0 pour le rez-de-chaussée`,
        });
  const notes = reader.text('notes');
  if (notes.length > NOTES_MAX) reader.fail('notes', `Notes\u00a0: ${NOTES_MAX} caractères au plus.`);
  const contacts = readPlaceContacts(reader, 'contacts');
  // Both refused, each with its message already kept.
  if (!found || floor === null) return { fields: null, errors: reader.errors };
  return done(reader, {
    label,
    address_complete: address,
    ...found,
    floor_nb: floor,
    elevator_presence: floor > 0 && reader.checked('ascenseur'),
    notes,
    contacts,
  });
}

/** What each form shows of a saved row. */
export const placeValues = (place: PlaceFields): FormValues => ({
  nom: place.label,
  adresse: place.address_complete,
  etage: String(place.floor_nb),
  ascenseur: place.elevator_presence ? 'on' : '',
  notes: place.notes,
  contacts: contactsText(place.contacts, '\n'),
  latitude: frenchNumber(place.lat),
  longitude: frenchNumber(place.lng),
});
export const customerValues = (customer: CustomerFields): FormValues => ({
  nom: customer.name,
  reference: customer.reference,
  email: customer.email,
  telephone: customer.phone_number,
});
export const contactValues = (contact: ContactFields): FormValues => ({
  nom: contact.name,
  telephone: contact.phone_number,
  email: contact.email,
});
