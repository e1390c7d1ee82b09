import { findCompanyByToken, type CompanyRow } from '../db/companies-repo.ts';
import type { Sql } from '../db/sql.ts';
import { HttpError } from '../http/validation.ts';

/**
 * The company a token opens, for every route that takes one (a booking's or a quote's
 * company_token, a company route's path): an unknown token is a 404. Without a token, a
 * public booking or quote: null.
 */
export async function companyOf(sql: Sql, token: string): Promise<CompanyRow>;
export async function companyOf(sql: Sql, token: string | undefined): Promise<CompanyRow | null>;
export async function companyOf(sql: Sql, token: string | undefined): Promise<CompanyRow | null> {
  if (token === undefined) return null;
  const company = await findCompanyByToken(sql, token);
  if (!company) throw new HttpError(404, 'Entreprise inconnue');
  return company;
}
