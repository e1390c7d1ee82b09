import type { CompanyData } from 'transport-quote-wizard/domain';
import { currentDevisAcceptance } from '../devis/devis-signature.ts';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';

/**
 * Whether the customer accepted the devis of the booking as it stands ('Bon pour accord', issue
 * 46 part 1): an acceptance of an earlier version (the booking changed since) does not count.
 */
export async function devisAccepted(sql: Sql, travel: StoredTravel, publicPricing: CompanyData): Promise<boolean> {
  return (await currentDevisAcceptance(sql, travel, publicPricing)) !== null;
}
