import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { carrierPricing, CompanyDataSchema, type CarrierPricing, type CompanyData } from 'transport-quote-wizard/domain';
import type { Sql } from '../db/sql.ts';

/**
 * What prices the public pages (no company token): the spec's defaults (VAT 20 %, the default
 * vehicles, the handling rates 18 and 30, the public grid alone), or the operator's file
 * PUBLIC_PRICING_FILE with the same fields as a company's data (vat, handling_rates,
 * vehicle_categories, driver_pools…). A page cannot add a grid: a public booking naming a
 * grid this configuration lacks is refused.
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
  const parsed = v.safeParse(CompanyDataSchema, { ...(raw as object), company_mode: false, can_edit_price: false });
  if (!parsed.success) throw new Error(`PUBLIC_PRICING_FILE invalide (${file}) : ${parsed.issues[0]?.message ?? ''}`);
  return parsed.output;
}

/**
 * What a carrier's public pages (its `carrier-key`) are priced on: its own records as a
 * visitor sees them (no company mode, so TTC and no price a visitor may fix), with the public
 * grid alone. Its other grids, and their code, stay for its intranet.
 */
export function publicRecordsOf(storeJson: string): CompanyData {
  const store = v.parse(CompanyDataSchema, JSON.parse(storeJson));
  return { ...store, company_mode: false, can_edit_price: false, driver_pools: [] };
}

/**
 * The pricing of a company, from its own row; of a carrier's public pages (`siteId`, from its
 * key), from that carrier's row; or of the keyless public pages.
 */
export async function carrierFor(
  sql: Sql,
  companyId: number | null,
  publicPricing: CompanyData,
  siteId: number | null = null,
): Promise<CarrierPricing> {
  if (companyId === null && siteId !== null) {
    const row = await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [siteId]);
    if (!row) throw new Error(`entreprise ${siteId} introuvable`);
    return carrierPricing(publicRecordsOf(row.store_json), false);
  }
  if (companyId === null) return carrierPricing(publicPricing, false);
  const row = await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [companyId]);
  if (!row) throw new Error(`entreprise ${companyId} introuvable`);
  return carrierPricing(v.parse(CompanyDataSchema, JSON.parse(row.store_json)), true);
}
