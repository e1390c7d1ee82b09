import type { Sql } from './sql.ts';

/** How long a readiness probe waits for the database before calling it unready. */
export const READINESS_TIMEOUT_MS = 1000;

/**
 * Whether the database answers a trivial query within the timeout: what a readiness probe
 * (/readyz) asks before a load balancer sends the process any traffic. Never throws.
 */
export async function databaseAnswers(sql: Sql, timeoutMs = READINESS_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const answer = sql.get<{ one: number }>('SELECT 1 AS one').then(
    (row) => Number(row?.one) === 1,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
