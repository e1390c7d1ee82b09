import * as v from 'valibot';
import { CompanyDataSchema, type CompanyData } from '../domain/entities/company.ts';
import { TravelInfosSchema, TravelStateSchema, type TravelInfos, type TravelState } from '../domain/entities/travel.ts';

/**
 * The page's data (spec §2 "travel store, company store and travel infos"): a child
 * <script type="application/json" data-store="…"> block, or the element's travelStore,
 * companyStore and travelInfos properties. Called data blocks here, whichever way they came.
 */
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
  errors: { block: DataBlockName; text: string }[];
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
        result.errors.push({ block: name, text: blockError(name, 'JSON illisible') });
        continue;
      }
    }
    const parsed = v.safeParse(SCHEMAS[name], value);
    if (parsed.success) (result as unknown as Record<string, unknown>)[name] = parsed.output;
    else
      result.errors.push({
        block: name,
        text: blockError(name, `${v.getDotPath(parsed.issues[0]) ?? 'racine'} : ${parsed.issues[0].message}`),
      });
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
