import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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

const TOKEN_PARAMETER = /^(token|travel_token|company_token|access_token)$/i;

/**
 * A URL as it may be logged: every token value hidden, whatever the spelling of its name
 * (`?token=`, `?%74oken=`, `?TOKEN=`), and the company token of /companies/{token} paths.
 */
export function redactTokens(url: string): string {
  const at = url.indexOf('?');
  const pathPart = (at === -1 ? url : url.slice(0, at)).replace(/(\/companies\/)[^/?#]+/i, '$1[caché]');
  if (at === -1) return pathPart;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is not hidden by chance: its value is.
        return rest.length > 0 ? `${name}=[caché]` : name;
      }
      return TOKEN_PARAMETER.test(decoded.trim()) && rest.length > 0 ? `${name}=[caché]` : pair;
    });
  return `${pathPart}?${query.join('&')}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
