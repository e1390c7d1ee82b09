import * as v from 'valibot';
import { COMPANY_BLOCK_DIRECTORY_MAX, CompanyDataSchema, type CompanyData, type DepositTerms } from 'transport-quote-wizard/domain';
import { searchContacts, searchCustomers, searchPlaces, type CompanyRow } from '../db/companies-repo.ts';
import { carrierPresets } from '../db/presets-repo.ts';
import type { Sql } from '../db/sql.ts';
import { companyRecord } from '../pricing/carrier-records.ts';

/**
 * The company store the elements need (spec §3 "Company data"), assembled from the
 * company's own rows only, and parsed with the same schema the elements use. Its record is
 * checked first: one the pricing could not read answers 503 naming its fields, never a 500.
 * A directory larger than the block carries sends its first rows by name: the elements
 * search the rest (places, contacts, and customers when `customers_partial` says so).
 */
export async function companyStore(
  sql: Sql,
  company: CompanyRow,
  token: string,
  preferredItems: unknown[],
  deposit: DepositTerms | null = null,
): Promise<CompanyData> {
  const store = companyRecord(company.store_json);
  const customers = await searchCustomers(sql, company.id, '', COMPANY_BLOCK_DIRECTORY_MAX + 1);
  return v.parse(CompanyDataSchema, {
    ...store,
    id: company.id,
    company_token: token,
    places: await searchPlaces(sql, company.id, '', COMPANY_BLOCK_DIRECTORY_MAX),
    contacts: await searchContacts(sql, company.id, '', COMPANY_BLOCK_DIRECTORY_MAX),
    customers: customers.slice(0, COMPANY_BLOCK_DIRECTORY_MAX),
    customers_partial: customers.length > COMPANY_BLOCK_DIRECTORY_MAX,
    preferred_items: preferredItems,
    home_presets: await carrierPresets(sql, company.id),
    deposit,
  });
}
