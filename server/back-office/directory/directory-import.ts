import { foldText } from 'transport-quote-wizard/domain';
import type { ContactFields, CustomerFields, DirectoryKind, PlaceFields } from '../../db/directory-repo.ts';
import type { OfflineGeocoder } from '../../geo/geocoder.ts';
import { damagedColumns, type CsvLine } from './directory-csv.ts';
import { readContact, readCustomer, readPlace, type Checked } from './directory-form.ts';

export type DirectoryFields = PlaceFields | CustomerFields | ContactFields;

/** What the import will do with one line of the file, as the preview says it. */
export type PlannedLine =
  | { line: number; action: 'add'; name: string; fields: DirectoryFields }
  | { line: number; action: 'change'; name: string; fields: DirectoryFields; id: number; changed: string[] }
  | { line: number; action: 'same'; name: string }
  | { line: number; action: 'refuse'; name: string; reasons: string[] };

/** A saved row, as the import compares it. */
export interface ExistingRow {
  id: number;
  fields: DirectoryFields;
}

export function checkFields(kind: DirectoryKind, values: Record<string, string>, geocoder: OfflineGeocoder): Checked<DirectoryFields> {
  if (kind === 'adresses') return readPlace(values, geocoder);
  if (kind === 'clients') return readCustomer(values);
  return readContact(values);
}

/**
 * Which saved row a line updates: a place by its name, a customer by its reference (by its
 * name when it has none), a contact by its name; case, accents and spaces aside.
 */
export function rowKey(kind: DirectoryKind, fields: DirectoryFields): string {
  if (kind === 'adresses') return foldText((fields as PlaceFields).label);
  if (kind === 'clients') {
    const customer = fields as CustomerFields;
    return customer.reference.trim() !== '' ? `ref:${foldText(customer.reference)}` : `nom:${foldText(customer.name)}`;
  }
  return foldText((fields as ContactFields).name);
}

const displayName = (kind: DirectoryKind, fields: DirectoryFields) =>
  kind === 'adresses' ? (fields as PlaceFields).label : (fields as CustomerFields | ContactFields).name;

/** Figures compared at the precision the file writes them. */
const comparable = (value: unknown) =>
  JSON.stringify(value, (_key, part: unknown) => (typeof part === 'number' ? Number(part.toFixed(6)) : part));

/** What the preview names of a changed field. */
const FIELD_WORDS: Record<string, string> = {
  label: 'nom',
  name: 'nom',
  address_complete: 'adresse',
  lat: 'position',
  lng: 'position',
  locality: 'ville',
  postal_code: 'code postal',
  floor_nb: 'étage',
  elevator_presence: 'ascenseur',
  notes: 'notes',
  contacts: 'contacts sur place',
  reference: 'référence',
  email: 'e-mail',
  phone_number: 'téléphone',
};

function changedFields(before: DirectoryFields, after: DirectoryFields): string[] {
  const words = Object.keys(after)
    .filter(
      (key) =>
        comparable((before as unknown as Record<string, unknown>)[key]) !== comparable((after as unknown as Record<string, unknown>)[key]),
    )
    .map((key) => FIELD_WORDS[key] ?? key);
  return [...new Set(words)];
}

function damagedReason(columns: readonly string[]): string {
  const named = columns.map((column) => `«\u202f${column}\u202f»`).join(', ');
  return `Caractères illisibles dans ${columns.length > 1 ? 'les colonnes' : 'la colonne'} ${named}\u00a0: le fichier a été mal enregistré. Rien de cette ligne ne sera écrit\u202f; enregistrez le fichier de nouveau depuis votre tableur, en «\u202fCSV UTF-8\u202f» de préférence, puis importez-le.`;
}

/** Each line checked as its form would be, then matched to the saved rows: nothing is written here. */
export function planImport(
  kind: DirectoryKind,
  lines: readonly CsvLine[],
  existing: readonly ExistingRow[],
  geocoder: OfflineGeocoder,
): PlannedLine[] {
  const saved = new Map(existing.map((row) => [rowKey(kind, row.fields), row]));
  const seen = new Map<string, number>();
  return lines.map(({ line, values }) => {
    const typedName = (values.nom ?? '').trim();
    const damaged = damagedColumns(kind, values);
    // Written, it would replace a saved row's notes or point with the damaged text: refused whole.
    if (damaged.length > 0) return { line, action: 'refuse', name: typedName, reasons: [damagedReason(damaged)] };
    const checked = checkFields(kind, values, geocoder);
    if (!checked.fields) return { line, action: 'refuse', name: typedName, reasons: checked.errors.map((error) => error.message) };
    const key = rowKey(kind, checked.fields);
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return {
        line,
        action: 'refuse',
        name: typedName,
        reasons: [
          `Déjà à la ligne ${earlier}\u00a0: une seule ligne par ${kind === 'clients' ? 'client' : kind === 'contacts' ? 'contact' : 'lieu'}.`,
        ],
      };
    seen.set(key, line);
    const name = displayName(kind, checked.fields);
    const row = saved.get(key);
    if (!row) return { line, action: 'add', name, fields: checked.fields };
    const changed = changedFields(row.fields, checked.fields);
    if (changed.length === 0) return { line, action: 'same', name };
    return { line, action: 'change', name, fields: checked.fields, id: row.id, changed };
  });
}
