import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';

/**
 * Whether the customer accepted the devis of the booking as it stands ('Bon pour accord', the
 * devis's acceptance, issue 46 part 1). Until that part is merged no devis can be accepted, so a
 * deposit due on it is not due yet.
 */
export async function devisAccepted(_sql: Sql, _travel: StoredTravel): Promise<boolean> {
  return false;
}
