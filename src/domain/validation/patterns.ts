/** Digits with optional + ( ) - . and spaces (spec §5), and at least one digit. */
const PHONE_PATTERN = /^[\d+().\-\s]+$/;
/** A standard address: something, @, a domain with a dot; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** A decimal price with an optional minus; a French comma is accepted as the separator. */
const PRICE_PATTERN = /^-?\d+([.,]\d+)?$/;

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone) && /\d/.test(phone);
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function isValidPrice(cost: string): boolean {
  return PRICE_PATTERN.test(cost.trim());
}

/**
 * "More than 3 characters", counted without surrounding spaces, as letters a reader counts: an
 * accent typed apart (é as e + ´, as macOS may send it) is not a character of its own.
 */
export function hasMoreThanThreeCharacters(text: string): boolean {
  return [...text.trim().normalize('NFC')].length > 3;
}
