import type { CompanyData } from 'transport-quote-wizard/domain';
import type { DevisSource } from '../pages/devis-content.ts';
import { companyRecord } from '../pricing/carrier-records.ts';
import { readTerms, termsPath } from '../db/company-terms.ts';
import { findQuote } from '../db/quotes-repo.ts';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import { readCompanyStore } from '../db/company-store.ts';

/**
 * The company whose references a booking's devis carries: the one that made it, the carrier
 * whose key its page had, or, for a keyless public page, the company those pages belong to
 * (PUBLIC_COMPANY_ID, given as the public configuration's `id`: app.ts). Null: the public
 * configuration's own references.
 */
export const devisOwnerOf = (travel: Pick<StoredTravel, 'company_id' | 'carrier_id'>, publicPricing: Pick<CompanyData, 'id'>) =>
  travel.company_id ?? travel.carrier_id ?? (publicPricing.id === null ? null : Number(publicPricing.id));

/** What a devis needs of its booking besides the booking's body. */
export type DevisTravel = Pick<StoredTravel, 'id' | 'company_id' | 'carrier_id' | 'quote_id' | 'price_source'>;

/** A booking's devis source but its body: the quote that priced it and its carrier. null: the booking has no quote. */
export async function devisFrameOf(
  sql: Sql,
  travel: DevisTravel,
  publicPricing: CompanyData,
): Promise<Omit<DevisSource, 'payload'> | null> {
  const quote = travel.quote_id ? await findQuote(sql, travel.quote_id) : null;
  if (!quote) return null;
  let carrier = publicPricing.transportation_company;
  const owner = devisOwnerOf(travel, publicPricing);
  if (owner === null) return { travelId: travel.id, quote, carrier, priceSource: travel.price_source, forCompany: false };
  const storeJson = await readCompanyStore(sql, owner);
  // The record checked as it is read: one that cannot be read is a 503 naming its fields, never a 500.
  carrier = storeJson !== null ? companyRecord(storeJson).transportation_company : null;
  // The deposit its payment terms state, and the general conditions it comes with (issue 54).
  const terms = await readTerms(sql, owner);
  return {
    travelId: travel.id,
    quote,
    carrier,
    priceSource: travel.price_source,
    // The text too, for the PDF's annex; the devis's hash covers it through its own hash.
    terms: terms && { path: termsPath(owner), hash: terms.hash, body: terms.body },
    forCompany: travel.company_id !== null,
  };
}

/**
 * What a booking's devis is made of (devis-content.ts): the booking, the quote that priced it,
 * and its carrier's references as its Réglages hold them now. null: the booking has no quote.
 * `publicPricing`: the keyless public pages' configuration, whose carrier a keyless booking has.
 */
export async function devisSourceOf(sql: Sql, travel: StoredTravel, publicPricing: CompanyData): Promise<DevisSource | null> {
  const frame = await devisFrameOf(sql, travel, publicPricing);
  return frame && { ...frame, payload: travel.payload };
}
