import { NBSP } from '../format.ts';

/** A French postcode and the town after it, at the end of an address line. */
const POSTCODE_TOWN = /,?\s+(\d{5})\s+([^,\d][^,]*)$/u;

/**
 * An address as a French reader writes it: a comma before the postcode, and the postcode and
 * town held together so a line never breaks between them ('10 Rue de Rivoli, 75004 Paris',
 * with a no-break space after 75004). A line without a postcode is left as it is.
 */
export function addressText(address: string): string {
  const trimmed = address.trim().replace(/\s+/g, ' ');
  return trimmed.replace(POSTCODE_TOWN, (_match, postcode: string, town: string) => `, ${postcode}${NBSP}${town.trim()}`);
}
