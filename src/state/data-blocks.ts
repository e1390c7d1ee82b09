import * as v from 'valibot';
import {
  CompanyDataSchema,
  TravelInfosSchema,
  TravelStateSchema,
  type CompanyData,
  type TravelInfos,
  type TravelState,
} from '../domain/index.ts';

export type DataBlockName = 'travel' | 'company' | 'infos';

const LABELS: Record<DataBlockName, string> = {
  travel: 'de la réservation',
  company: 'de l’entreprise',
  infos: 'd’informations sur la réservation',
};

export interface ParsedBlocks {
  travel: TravelState | null;
  company: CompanyData | null;
  infos: TravelInfos | null;
  /** One French message per block that could not be used. */
  errors: string[];
}

const SCHEMAS = { travel: TravelStateSchema, company: CompanyDataSchema, infos: TravelInfosSchema } as const;

/** A French message naming the block and its first failing field. */
export function blockError(name: DataBlockName, detail: string): string {
  return `Les données ${LABELS[name]} fournies par la page sont invalides (${detail}) : elles sont ignorées, le reste fonctionne.`;
}

/**
 * Parses the page's data blocks (raw JSON text from <script type="application/json"
 * data-store="…">, or objects from the element's properties) with valibot; a bad block is
 * dropped with a message, the others still count.
 */
export function parseDataBlocks(raw: Partial<Record<DataBlockName, unknown>>): ParsedBlocks {
  const result: ParsedBlocks = { travel: null, company: null, infos: null, errors: [] };
  for (const name of ['travel', 'company', 'infos'] as const) {
    let value = raw[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        result.errors.push(blockError(name, 'JSON illisible'));
        continue;
      }
    }
    const parsed = v.safeParse(SCHEMAS[name], value);
    if (parsed.success) (result as unknown as Record<string, unknown>)[name] = parsed.output;
    else result.errors.push(blockError(name, `${v.getDotPath(parsed.issues[0]) ?? 'racine'} : ${parsed.issues[0].message}`));
  }
  return result;
}

/** The JSON text of the element's child data blocks. */
export function readDataBlocks(host: Element): Partial<Record<DataBlockName, string>> {
  const blocks: Partial<Record<DataBlockName, string>> = {};
  for (const script of host.querySelectorAll(':scope > script[type="application/json"][data-store]')) {
    const name = script.getAttribute('data-store');
    if (name === 'travel' || name === 'company' || name === 'infos') blocks[name] = script.textContent ?? '';
  }
  return blocks;
}
