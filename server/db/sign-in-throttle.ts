import type { BackOfficeSettings } from '../config/back-office.ts';
import type { Sql } from './sql.ts';

/**
 * Failed sign-ins slow guessing down, then stop it. Each failure is counted for the account as
 * tried from one source (the client's address as the server knows it: TRUST_PROXY decides
 * whether X-Forwarded-For is believed; an IPv6 /64 counts as one) and for that source across
 * accounts, each a keyed hash, never the address. From `slowDownAfter` failures a new try must
 * wait, twice as long after each further failure, and from `lockAfter` every try is refused
 * until `lockMs` has passed since the last failure, the right password included. A stranger who
 * types wrong passwords for someone's account so locks only their own source's tries at it: the
 * right password from another source still signs in. A source counts five times as many
 * failures across accounts: one office signs in for several people. No count is kept for the
 * account from every source: it would be a lock anyone could set. The counts are in the
 * database, so every process of a deployment shares them.
 */
export type SignInGate = { kind: 'open' } | { kind: 'wait'; seconds: number } | { kind: 'locked'; seconds: number };

/** How many failures each kind of key may count, as a multiple of the account's. */
const ADDRESS_FACTOR = 5;
const LONGEST_WAIT_MS = 60_000;

export interface ThrottleKeys {
  /** The narrow count: a sign-in's account from one source (signInKeys), a reset's address typed. */
  account: string;
  /** The source across accounts, counted with ADDRESS_FACTOR. */
  address: string;
}

/**
 * The keys of a sign-in try (or a password change, guessed the same way): `accountHash` names
 * the account (the hash of its e-mail as typed, normalised), `sourceKey` the client's address
 * (clientKey of request.ip).
 */
export function signInKeys(accountHash: string, sourceKey: string): ThrottleKeys {
  return { account: `account:${accountHash}:from:${sourceKey}`, address: `address:${sourceKey}` };
}

interface FailureRow {
  key: string;
  failures: number;
  last_failure_at: number;
}

function gateOf(row: FailureRow, factor: number, settings: BackOfficeSettings, now: number): SignInGate {
  const since = now - Number(row.last_failure_at);
  // A quiet period as long as the lock starts the count over.
  if (since >= settings.lockMs) return { kind: 'open' };
  const failures = row.failures;
  if (failures >= settings.lockAfter * factor) return { kind: 'locked', seconds: Math.ceil((settings.lockMs - since) / 1000) };
  if (failures >= settings.slowDownAfter * factor) {
    const wait = Math.min(settings.delayMs * 2 ** (failures - settings.slowDownAfter * factor), LONGEST_WAIT_MS);
    if (since < wait) return { kind: 'wait', seconds: Math.max(1, Math.ceil((wait - since) / 1000)) };
  }
  return { kind: 'open' };
}

/** Whether a try may be checked now: the stricter of the account's gate and the address's. */
export async function signInGate(sql: Sql, keys: ThrottleKeys, settings: BackOfficeSettings, now: number): Promise<SignInGate> {
  const rows = await sql.all<FailureRow>('SELECT key, failures, last_failure_at FROM sign_in_failures WHERE key IN (?, ?)', [
    keys.account,
    keys.address,
  ]);
  const gates = rows.map((row) => gateOf(row, row.key === keys.address ? ADDRESS_FACTOR : 1, settings, now));
  return (
    gates.find((gate) => gate.kind === 'locked') ??
    gates.filter((gate) => gate.kind === 'wait').sort((a, b) => b.seconds - a.seconds)[0] ?? { kind: 'open' }
  );
}

/**
 * Counts a try as failed before its password is checked, and says how many failures each key
 * now holds: tries sent together cannot all pass the gate before any of them is counted, so no
 * more than `lockAfter` passwords per account and source are ever checked in a lock's window. A
 * try whose password was right is forgiven (forgiveTry).
 */
export async function recordFailure(sql: Sql, keys: ThrottleKeys, settings: BackOfficeSettings, now: number) {
  return sql.transaction(async (tx) => {
    const counts = new Map<string, number>();
    // In one order, so two failures at once never wait for each other's rows in a cycle.
    for (const key of [keys.account, keys.address].sort()) {
      const row = await tx.get<{ failures: number }>(
        `INSERT INTO sign_in_failures (key, failures, last_failure_at) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN sign_in_failures.last_failure_at <= ? THEN 1 ELSE sign_in_failures.failures + 1 END,
           last_failure_at = excluded.last_failure_at
         RETURNING failures`,
        [key, now, now - settings.lockMs],
      );
      counts.set(key, Number(row?.failures ?? 1));
    }
    return { account: counts.get(keys.account)!, address: counts.get(keys.address)! };
  });
}

/** Whether the failures counted with this try (its own included) reach the lock: it is then refused unchecked. */
export function pastTheLock(counts: { account: number; address: number }, settings: BackOfficeSettings): boolean {
  return counts.account > settings.lockAfter || counts.address > settings.lockAfter * ADDRESS_FACTOR;
}

/** A try whose password was right: its account's count from this source is cleared, and the source keeps no failure for it. */
export async function forgiveTry(sql: Sql, keys: ThrottleKeys): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.run('DELETE FROM sign_in_failures WHERE key = ?', [keys.account]);
    await tx.run('UPDATE sign_in_failures SET failures = failures - 1 WHERE key = ? AND failures > 0', [keys.address]);
  });
}

export async function forgetOldFailures(sql: Sql, before: number): Promise<number> {
  return sql.run('DELETE FROM sign_in_failures WHERE last_failure_at < ?', [before]);
}
