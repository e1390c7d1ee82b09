/**
 * The SIRET of a French establishment: 14 digits (the SIREN's 9, then the establishment's 5),
 * the last one a Luhn check digit. La Poste's establishments (SIREN 356 000 000) are the one
 * exception INSEE documents: their digits add up to a multiple of 5 instead.
 */
const LA_POSTE_SIREN = '356000000';

/** The digits of a SIRET as typed ('123 456 789 00012', '123.456.789.00012'): spaces, dots and dashes dropped. */
export function siretDigits(typed: string): string {
  return typed.replace(/[\s.\-\u00a0\u202f]/g, '');
}

/** The Luhn sum over the digits: from the right, every second digit doubled (less 9 past 9). */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

export function isValidSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  if (luhnSum(digits) % 10 === 0) return true;
  if (!digits.startsWith(LA_POSTE_SIREN)) return false;
  return [...digits].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
}

/** What is wrong with a typed SIRET, in French; null when it is valid (or left empty). */
export function siretProblem(typed: string): string | null {
  const digits = siretDigits(typed);
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return 'Le SIRET ne contient que des chiffres (14), par exemple 123\u00a0456\u00a0789\u00a000012.';
  if (digits.length !== 14)
    return `Le SIRET compte 14\u00a0chiffres\u00a0: vous en avez saisi ${digits.length}. Recopiez-le depuis votre extrait Kbis ou l’avis de situation Insee.`;
  if (!isValidSiret(digits))
    return 'Ce SIRET n’existe pas\u00a0: son dernier chiffre ne correspond pas aux autres. Un chiffre est sans doute mal recopié\u00a0; vérifiez-le sur votre extrait Kbis.';
  return null;
}

/** '123 456 789 00012': the SIREN in threes, then the establishment's number, as French documents print it. */
export function formatSiret(digits: string): string {
  if (!/^\d{14}$/.test(digits)) return digits;
  return `${digits.slice(0, 3)}\u00a0${digits.slice(3, 6)}\u00a0${digits.slice(6, 9)}\u00a0${digits.slice(9)}`;
}
