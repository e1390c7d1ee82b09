import * as v from 'valibot';
import { CompanyDataSchema, type CompanyData } from '../domain/entities/company.ts';
import { parseObjectLeniently, type SetAside } from '../domain/entities/lenient-object.ts';
import { NBSP } from '../domain/format.ts';
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
  /** For the integrator's console: fields of a block used without what they held. */
  notices: string[];
}

const SCHEMAS = { travel: TravelStateSchema, company: CompanyDataSchema, infos: TravelInfosSchema } as const;

/** A French message naming the block and its first failing field. */
export function blockError(name: DataBlockName, detail: string): string {
  return `Les données ${LABELS[name]} fournies par la page sont invalides (${detail}) : elles sont ignorées, le reste fonctionne.`;
}

/** The fields a block was used without, in one French sentence (a field set aside takes its default). */
export function setAsideNotice(name: DataBlockName, { invalid, unknown }: SetAside): string | null {
  const parts = [
    invalid.length ? `valeurs inutilisables ignorées${NBSP}: ${invalid.join(', ')}` : '',
    unknown.length ? `champs inconnus ignorés${NBSP}: ${unknown.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? `transport-quote${NBSP}: données ${LABELS[name]}, ${parts.join('\u202f; ')}.` : null;
}

/** The company block field by field (spec §9's fallbacks), the others whole. */
function parseBlock(name: DataBlockName, value: unknown) {
  if (name !== 'company') {
    const parsed = v.safeParse(SCHEMAS[name], value);
    return parsed.success
      ? { success: true as const, output: parsed.output, notice: null }
      : { success: false as const, issue: parsed.issues[0] };
  }
  const parsed = parseObjectLeniently(CompanyDataSchema, value);
  return parsed.success ? { success: true as const, output: parsed.output, notice: setAsideNotice(name, parsed.setAside) } : parsed;
}

/**
 * Parses the page's data blocks (raw JSON text from <script type="application/json"
 * data-store="…">, or objects from the element's properties) with valibot; a bad block is
 * dropped with a message, the others still count.
 */
export function parseDataBlocks(raw: Partial<Record<DataBlockName, unknown>>): ParsedBlocks {
  const result: ParsedBlocks = { travel: null, company: null, infos: null, errors: [], notices: [] };
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
    const parsed = parseBlock(name, value);
    if (parsed.success) {
      (result as unknown as Record<string, unknown>)[name] = parsed.output;
      if (parsed.notice) result.notices.push(parsed.notice);
    } else
      result.errors.push({
        block: name,
        text: blockError(name, `${v.getDotPath(parsed.issue) ?? 'racine'} : ${parsed.issue.message}`),
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
