import type { CompanyData } from 'transport-quote-wizard/domain';
import { readCompanyStore, readOwnerStore } from '../db/company-store.ts';
import { devisOwnerOf } from '../devis/devis-source.ts';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import type { Carrier } from '../notifications/mail-messages.ts';
import { carrierOf } from '../notifications/notifier.ts';
import { companyRecord } from '../pricing/carrier-records.ts';
import { PricingUnavailable } from '../pricing/pricing-unavailable.ts';

/**
 * Who the customer deals with for a booking: the company that made it, the carrier whose public
 * page (its key) it was made on, or the company the keyless public pages belong to; its records
 * checked as they are read (a bad record is a 503 naming it).
 */
export async function carrierOfBooking(sql: Sql, travel: StoredTravel, publicPricing: CompanyData): Promise<Carrier> {
  const storeJson = await readOwnerStore(sql, devisOwnerOf(travel, publicPricing));
  if (storeJson !== null) companyRecord(storeJson);
  return carrierOf(storeJson, publicPricing);
}

/** Whether the carrier's records let it propose another price: its company's can_edit_price (never for the keyless public pages). */
export async function carrierMayEditPrice(sql: Sql, travel: StoredTravel): Promise<boolean> {
  const owner = travel.company_id ?? travel.carrier_id;
  if (owner === null) return false;
  const storeJson = await readCompanyStore(sql, owner);
  if (storeJson === null) return false;
  try {
    return companyRecord(storeJson).can_edit_price;
  } catch (error) {
    // Records the pricing cannot read still leave the booking readable; what prices it answers 503 naming the field.
    if (error instanceof PricingUnavailable) return false;
    throw error;
  }
}
