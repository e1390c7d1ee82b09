import type { BackOfficeSettings } from '../config/back-office.ts';
import type { Sql } from './sql.ts';

/**
 * Failed sign-ins slow guessing down, then stop it. Each failure is counted for the account
 * and for the client address (a keyed hash, never the address); from `slowDownAfter` failures
 * a new try must wait, twice as long after each further failure, and from `lockAfter` every
 * try is refused until `lockMs` has passed since the last failure, the right password
 * included. An address counts five times as many failures: one office signs in for several
 * people. The counts are in the database, so every process of a deployment shares them.
 */
export type SignInGate = { kind: 'open' } | { kind: 'wait'; seconds: number } | { kind: 'locked'; seconds: number };

/** How many failures each kind of key may count, as a multiple of the account's. */
const ADDRESS_FACTOR = 5;
const LONGEST_WAIT_MS = 60_000;

export interface ThrottleKeys {
  account: string;
  address: string;
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

export async function recordFailure(sql: Sql, keys: ThrottleKeys, settings: BackOfficeSettings, now: number): Promise<void> {
  await sql.transaction(async (tx) => {
    // In one order, so two failures at once never wait for each other's rows in a cycle.
    for (const key of [keys.account, keys.address].sort())
      await tx.run(
        `INSERT INTO sign_in_failures (key, failures, last_failure_at) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN sign_in_failures.last_failure_at <= ? THEN 1 ELSE sign_in_failures.failures + 1 END,
           last_failure_at = excluded.last_failure_at`,
        [key, now, now - settings.lockMs],
      );
  });
}

/** A successful sign-in clears its account's count; the address's stays (a valid account must not wash it). */
export async function clearAccountFailures(sql: Sql, keys: ThrottleKeys): Promise<void> {
  await sql.run('DELETE FROM sign_in_failures WHERE key = ?', [keys.account]);
}

export async function forgetOldFailures(sql: Sql, before: number): Promise<number> {
  return sql.run('DELETE FROM sign_in_failures WHERE last_failure_at < ?', [before]);
}
