import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: well above the 128 the design asks for. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256, so a leaked database does not leak bookings. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares a presented token with a stored hash in constant time. */
export function tokenMatches(presented: string | null | undefined, storedHash: string): boolean {
  if (!presented) return false;
  const candidate = Buffer.from(hashToken(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The read-only token of a booking's devis, for the e-mail's link: derived with a key of the
 * server's own from the booking's number and its edit token's hash, so it opens the devis and
 * nothing else (a forwarded e-mail does not hand over the booking), and needs no storage.
 */
export function devisToken(key: Buffer, id: number, tokenHash: string): string {
  return createHmac('sha256', key).update(`devis:${id}:${tokenHash}`).digest('base64url');
}

/** Compares a presented token with the devis token of a booking, in constant time. */
export function devisTokenMatches(presented: string | null | undefined, key: Buffer, id: number, tokenHash: string): boolean {
  if (!presented) return false;
  const candidate = Buffer.from(sha256(presented), 'hex');
  const expected = Buffer.from(sha256(devisToken(key, id, tokenHash)), 'hex');
  return timingSafeEqual(candidate, expected);
}
