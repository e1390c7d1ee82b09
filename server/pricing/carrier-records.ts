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

/** The pricing of a company, from its own row, or of the public pages. */
export async function carrierFor(sql: Sql, companyId: number | null, publicPricing: CompanyData): Promise<CarrierPricing> {
  if (companyId === null) return carrierPricing(publicPricing, false);
  const row = await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [companyId]);
  if (!row) throw new Error(`entreprise ${companyId} introuvable`);
  return carrierPricing(v.parse(CompanyDataSchema, JSON.parse(row.store_json)), true);
}
