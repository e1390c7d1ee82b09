import { readReferences } from '../../db/company-profile.ts';
import { readTerms } from '../../db/company-terms.ts';
import type { Sql } from '../../db/sql.ts';
import { devisMentions, type DevisMention } from './devis-completeness.ts';

/** The mentions a company's devis lacks, from its records now. */
export async function missingMentions(sql: Sql, companyId: number): Promise<DevisMention[]> {
  const references = await readReferences(sql, companyId);
  if (!references) return [];
  return devisMentions(references, await readTerms(sql, companyId)).filter((mention) => !mention.ok);
}
