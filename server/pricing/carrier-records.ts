import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { carrierPricing, CompanyDataSchema, type CarrierPricing, type CompanyData } from 'transport-quote-wizard/domain';
import type { Sql } from '../db/sql.ts';
import type { FieldError } from 'transport-quote-wizard/domain';
import { PricingUnavailable } from './pricing-unavailable.ts';
import { readCompanyStore } from '../db/company-store.ts';

/** What a carrier's record field holds, as a carrier reads it in a refusal. */
const KINDS: Record<string, string> = {
  number: 'un nombre',
  string: 'un texte',
  boolean: 'true ou false',
  array: 'une liste',
  object: 'un objet',
};

/** How a field is written, where a carrier often writes it otherwise. */
const HINTS: Record<string, string> = {
  vat: 'le taux de TVA s’écrit 0.2 pour 20 %',
  'handling_rates.standard': 'en euros HT de l’heure, par manutentionnaire',
  'handling_rates.moving': 'en euros HT de l’heure, par manutentionnaire',
};

const shown = (value: unknown) => {
  if (typeof value === 'string') return `« ${value.slice(0, 40)} »`;
  if (value === undefined) return 'rien';
  return JSON.stringify(value)?.slice(0, 40) ?? String(value);
};

/** One valibot issue in French, naming its field: a carrier fixes its record from it alone. */
export function recordIssue(issue: v.BaseIssue<unknown>): FieldError {
  const path = v.getDotPath(issue) ?? '(racine)';
  const requirement = 'requirement' in issue ? issue.requirement : undefined;
  let what: string;
  switch (issue.type) {
    case 'max_value':
      what = `au plus ${shown(requirement)} attendu, ${shown(issue.input)} reçu`;
      break;
    case 'min_value':
      what = `au moins ${shown(requirement)} attendu, ${shown(issue.input)} reçu`;
      break;
    case 'max_length':
      what = `${shown(requirement)} éléments ou caractères au plus`;
      break;
    case 'min_length':
      what = `${shown(requirement)} éléments ou caractères au moins`;
      break;
    case 'integer':
      what = `un nombre entier attendu, ${shown(issue.input)} reçu`;
      break;
    case 'finite':
      what = `un nombre fini attendu, ${shown(issue.input)} reçu`;
      break;
    case 'picklist':
      what = `une de ces valeurs attendue : ${issue.expected ?? ''}, ${shown(issue.input)} reçu`;
      break;
    default:
      what = KINDS[issue.type] ? `${KINDS[issue.type]} attendu, ${shown(issue.input)} reçu` : `valeur refusée (${shown(issue.input)})`;
  }
  const hint = HINTS[path];
  return { path, message: hint ? `${what} (${hint})` : what };
}

/** A carrier's record as the pricing reads it, or each of its faults named in French. */
export function readCarrierRecord(raw: unknown): { ok: true; data: CompanyData } | { ok: false; fields: FieldError[] } {
  const parsed = v.safeParse(CompanyDataSchema, raw);
  if (parsed.success) return { ok: true, data: parsed.output };
  return { ok: false, fields: parsed.issues.slice(0, 20).map(recordIssue) };
}

const line = (fields: readonly FieldError[]) => fields.map((field) => `${field.path} : ${field.message}`).join(' ; ');

/** Seconds a client is asked to wait when a carrier's record must be fixed by hand first. */
const RECORD_RETRY_AFTER_SECONDS = 300;

/**
 * A company's record, read from its row and checked as it is read: a record the pricing
 * cannot use (a VAT written 20 instead of 0.2, a rate in words…) answers 503 with the fields
 * at fault, in French, rather than a 500 or a price computed from it.
 */
export function companyRecord(storeJson: string): CompanyData {
  let raw: unknown;
  try {
    raw = JSON.parse(storeJson);
  } catch {
    raw = undefined;
  }
  const read =
    raw === undefined ? { ok: false as const, fields: [{ path: '(racine)', message: 'JSON illisible' }] } : readCarrierRecord(raw);
  if (read.ok) return read.data;
  throw new PricingUnavailable(
    `Les réglages de ce transporteur sont à corriger avant tout prix (${line(read.fields.slice(0, 3))}) : réessayez plus tard.`,
    RECORD_RETRY_AFTER_SECONDS,
    read.fields,
  );
}

/**
 * What prices the public pages (no company token): the spec's defaults (VAT 20 %, the default
 * vehicles, the handling rates 18 and 30, the public grid alone), or the operator's file
 * PUBLIC_PRICING_FILE with the same fields as a company's data (vat, handling_rates,
 * vehicle_categories, driver_pools…). A page cannot add a grid: a public booking naming a
 * grid this configuration lacks is refused. A file the pricing cannot use stops the start,
 * naming each field at fault.
 */
export function publicPricingFrom(env: NodeJS.ProcessEnv, demoDefaults: object = {}): CompanyData {
  const file = env.PUBLIC_PRICING_FILE?.trim();
  if (!file) return v.parse(CompanyDataSchema, demoDefaults);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`PUBLIC_PRICING_FILE illisible (${file}) : ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error(`PUBLIC_PRICING_FILE invalide (${file}) : un objet JSON est attendu`);
  const read = readCarrierRecord({ ...raw, company_mode: false, can_edit_price: false });
  if (!read.ok) throw new Error(`PUBLIC_PRICING_FILE invalide (${file}) : ${line(read.fields)}`);
  return read.data;
}

/**
 * What a carrier's public pages (its `carrier-key`) are priced on: its own records as a
 * visitor sees them (no company mode, so TTC and no price a visitor may fix), with the public
 * grid alone. Its other grids, and their code, stay for its intranet. Checked as they are read.
 */
export function publicRecordsOf(storeJson: string): CompanyData {
  const store = companyRecord(storeJson);
  return { ...store, company_mode: false, can_edit_price: false, driver_pools: [] };
}

/**
 * The pricing of a company, from its own row (checked as it is read); of a carrier's public
 * pages (`siteId`, from its key, or the company the keyless pages belong to), from that
 * carrier's row; or of the keyless public pages that belong to nobody, the operator's.
 */
export async function carrierFor(
  sql: Sql,
  companyId: number | null,
  publicPricing: CompanyData,
  siteId: number | null = null,
): Promise<CarrierPricing> {
  if (companyId === null && siteId !== null) {
    const storeJson = await readCompanyStore(sql, siteId);
    if (storeJson === null) throw new Error(`entreprise ${siteId} introuvable`);
    return carrierPricing(publicRecordsOf(storeJson), false);
  }
  if (companyId === null) return carrierPricing(publicPricing, false);
  const storeJson = await readCompanyStore(sql, companyId);
  if (storeJson === null) throw new Error(`entreprise ${companyId} introuvable`);
  return carrierPricing(companyRecord(storeJson), true);
}
