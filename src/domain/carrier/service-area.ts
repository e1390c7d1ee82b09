import { formatPhone, NBSP } from '../format.ts';

/**
 * Where a carrier works (Réglages, Entreprise, 'Départements desservis'; issue 55, point 10): a
 * trip is served when it leaves from or arrives in one of its départements. Checked at the
 * address step, before any price, and by the server on every quote and booking, so a Bordeaux
 * request to a Paris mover is never priced, booked, then refused 'Hors zone'. No département
 * listed: the carrier goes everywhere (the spec's behaviour).
 */

/** Metropolitan départements 01–95 (20 is split in 2A and 2B), and the five overseas ones. */
const DEPARTEMENT = /^(0[1-9]|1\d|2[1-9]|2A|2B|[3-8]\d|9[0-5]|97[1-6])$/;

/**
 * The département of a French postal code, or null when it is none: '75004' → '75', '20090'
 * (Ajaccio) → '2A', '20200' (Bastia) → '2B', '97400' → '974'. Monaco's 980xx is no département.
 */
export function departementOfPostalCode(postalCode: string): string | null {
  const code = postalCode.replace(/\s/g, '');
  if (!/^\d{5}$/.test(code)) return null;
  if (code.startsWith('20')) return Number(code) < 20200 ? '2A' : '2B';
  if (code.startsWith('97')) return DEPARTEMENT.test(code.slice(0, 3)) ? code.slice(0, 3) : null;
  const two = code.slice(0, 2);
  return DEPARTEMENT.test(two) ? two : null;
}

/**
 * The départements a carrier types ('75, 92 93; 94', '2a', '974'), in order and once each, or
 * the first code that is none in French.
 */
export function readDepartements(text: string): { codes: string[] } | { error: string } {
  const codes: string[] = [];
  for (const word of text.split(/[\s,;]+/).filter(Boolean)) {
    const code = word.toUpperCase().replace(/^(\d)$/, '0$1');
    if (!DEPARTEMENT.test(code))
      return {
        error: `«${NBSP}${word}${NBSP}» n’est pas un département\u00a0: écrivez les numéros séparés par des virgules, par exemple 75, 92, 93, 2A, 974.`,
      };
    if (!codes.includes(code)) codes.push(code);
  }
  return { codes };
}

/** The stored list (written by readDepartements) as a list of codes; '' → none: everywhere. */
export function servedDepartements(stored: string): string[] {
  return stored.split(/[\s,;]+/).filter((code) => DEPARTEMENT.test(code));
}

/**
 * Whether a trip falls outside the area: neither its first nor its last address is in a
 * département served. An address whose postal code says no département (abroad, not yet
 * known) does not decide: only a trip shown to be outside is refused.
 */
export function outsideServiceArea(postalCodes: readonly string[], served: readonly string[]): boolean {
  if (served.length === 0 || postalCodes.length === 0) return false;
  const ends = [postalCodes[0]!, postalCodes[postalCodes.length - 1]!].map(departementOfPostalCode);
  if (ends.some((code) => code === null)) return false;
  return !ends.some((code) => served.includes(code!));
}

/** What the customer reads, at the address step and in the server's refusal alike. */
export function outsideAreaMessage(served: readonly string[], phone: string): string {
  const list = served.length > 6 ? `${served.slice(0, 6).join(', ')}…` : served.join(', ');
  const call = phone ? `appelez-nous au ${formatPhone(phone)}` : 'contactez-nous';
  return `Ce trajet est hors de notre zone\u00a0: nous déménageons au départ ou à destination des départements ${list}. Pour une demande particulière, ${call}.`;
}
