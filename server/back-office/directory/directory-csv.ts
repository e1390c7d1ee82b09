import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { foldText } from 'transport-quote-wizard/domain';
import type { DirectoryKind } from '../../db/directory-repo.ts';
import { CSV_BOM } from '../csv.ts';
import type { FormValues } from '../settings/form-fields.ts';

/**
 * The directory as a French spreadsheet writes and reads it: semicolons, decimal commas, CRLF,
 * UTF-8 with a byte-order mark on the way out (Excel reads accents right only with it); on the
 * way in, UTF-8 with or without its mark, or Windows-1252 (what Excel and LibreOffice write as
 * « CSV » on a French Windows), told apart by whether the bytes are valid UTF-8.
 */

/** Each kind's columns: the header written, and the form field each fills. */
export const COLUMNS: Record<DirectoryKind, { header: string; field: string }[]> = {
  adresses: [
    { header: 'Nom', field: 'nom' },
    { header: 'Adresse', field: 'adresse' },
    { header: 'Étage', field: 'etage' },
    { header: 'Ascenseur', field: 'ascenseur' },
    { header: 'Notes', field: 'notes' },
    { header: 'Contacts', field: 'contacts' },
    { header: 'Latitude', field: 'latitude' },
    { header: 'Longitude', field: 'longitude' },
  ],
  clients: [
    { header: 'Nom', field: 'nom' },
    { header: 'Référence', field: 'reference' },
    { header: 'E-mail', field: 'email' },
    { header: 'Téléphone', field: 'telephone' },
  ],
  contacts: [
    { header: 'Nom', field: 'nom' },
    { header: 'Téléphone', field: 'telephone' },
    { header: 'E-mail', field: 'email' },
  ],
};

/**
 * The file's text: UTF-8 (its mark dropped) when its bytes are valid UTF-8, else Windows-1252.
 * Windows-1252 is read with iconv-lite's table, not Node's TextDecoder: on Node 20 and 22
 * built with small ICU, TextDecoder('windows-1252') reads 0x80–0x9F as control characters
 * (Latin-1), losing ’ € œ Œ – — …. The five bytes Windows-1252 leaves undefined (0x81, 0x8D,
 * 0x8F, 0x90, 0x9D) come out as U+FFFD: no sheet writes them, so their line was damaged
 * before it reached us, and the import refuses it (`damagedColumns`).
 */
export function decodeSpreadsheetText(bytes: Uint8Array): { text: string; encoding: 'UTF-8' | 'Windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'UTF-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252'), encoding: 'Windows-1252' };
  }
}

/**
 * Text no sheet writes: the replacement character (a byte no encoding could read) and the C1
 * control characters (what a Windows-1252 file read as Latin-1 turns ’ € œ into).
 */
const DAMAGED = /[\ufffd\u0080-\u009f]/;

/** The columns of a line whose text was damaged before it reached us, by their headers. */
export function damagedColumns(kind: DirectoryKind, values: FormValues): string[] {
  return COLUMNS[kind].filter((column) => DAMAGED.test(values[column.field] ?? '')).map((column) => column.header);
}

/** One line of the file as the form's fields, with its line number in the file (1: the header). */
export interface CsvLine {
  line: number;
  values: FormValues;
}

export type ReadCsv = { lines: CsvLine[] } | { problem: string };

/**
 * Reads the lines under the header. The header names the columns, in any order, case and
 * accents aside; a column the kind does not know is ignored, a missing 'Nom' refuses the file.
 * Semicolons are expected; a file separated by commas or tabs is read as well.
 */
export function readDirectoryCsv(kind: DirectoryKind, text: string): ReadCsv {
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : firstLine.includes(',') ? ',' : ';';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { problem: `Le fichier est illisible${line ? ` à la ligne ${line}` : ''}\u00a0: un guillemet n’est pas refermé\u202f?` };
  }
  const [header, ...rows] = records;
  if (!header) return { problem: 'Le fichier est vide.' };
  const known = new Map(COLUMNS[kind].map((column) => [foldText(column.header).replace(/[^a-z0-9]/g, ''), column.field]));
  const fields = header.record.map((title) => known.get(foldText(title).replace(/[^a-z0-9]/g, '')) ?? null);
  if (!fields.includes('nom'))
    return {
      problem: `La première ligne doit nommer les colonnes, dont «\u202fNom\u202f»\u00a0: ${COLUMNS[kind].map((column) => column.header).join(', ')}.`,
    };
  return {
    lines: rows
      .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
      .map(({ record, info }) => {
        const values: FormValues = {};
        record.forEach((cell, index) => {
          const field = fields[index];
          // The apostrophe the export puts before a text that starts like a formula ('+33…) is not part of it.
          const text = cell.replace(/^'(?=[=+\-@])/, '');
          if (field) values[field] = field === 'ascenseur' ? (/^(oui|o|yes|vrai|1|x)$/i.test(text.trim()) ? 'on' : '') : text;
        });
        // csv-parse counts up to the record's last line: a quoted cell on several lines starts earlier.
        const spanned = record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
        return { line: info.lines - spanned, values };
      }),
  };
}

/** A cell: quoted when it holds a separator, a quote or a line break; text that starts like a formula shown as text. */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(,\d+)?$/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as the file a spreadsheet opens, header first (the form's values of each row, in its columns). */
export function writeDirectoryCsv(kind: DirectoryKind, rows: readonly FormValues[]): string {
  const columns = COLUMNS[kind];
  const lines = [
    columns.map((column) => column.header).join(';'),
    ...rows.map((values) =>
      columns
        .map((column) => cell(column.field === 'ascenseur' ? (values.ascenseur === 'on' ? 'oui' : 'non') : (values[column.field] ?? '')))
        .join(';'),
    ),
  ];
  return `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}
