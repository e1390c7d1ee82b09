import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Back-office passwords, hashed with scrypt (memory-hard: a guess costs 32 MiB and tens of
 * milliseconds, on a graphics card as on the server). The stored text names its parameters,
 * so they can grow later without locking anyone out: `scrypt$N$r$p$salt$hash` (base64url).
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
/** scrypt needs 128 × N × r bytes: 32 MiB here, Node's default ceiling; room above it. */
const MAX_MEMORY = 96 * 1024 * 1024;

/** The shortest password `add-user` accepts when one is given (a generated one is far longer). */
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A stored hash no password matches, checked when the account is unknown so that case takes as long. */
export const UNKNOWN_ACCOUNT_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a new account: 120 random bits, in groups a person can copy (xxxx-xxxx-…). */
export function generatePassword(): string {
  return (
    randomBytes(15)
      .toString('base64url')
      .match(/.{1,5}/g) ?? []
  ).join('-');
}
