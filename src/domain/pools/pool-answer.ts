import * as v from 'valibot';
import type { DriverPool } from '../entities/driver-pool.ts';
import { poolDefectMessage } from '../messages.ts';
import { isPoolTestResultValid } from '../validation/pool-code.ts';
import { PoolPriceOutputSchema, type PoolPriceOutput } from './pool-io.ts';

/** A run of a pool's code: its result as JSON text, or a failure. */
export type PoolCodeReply = { ok: true; json: string } | { ok: false };

/**
 * What a pool's code gave, read as the spec reads it (§5): numeric transportation and
 * handling in a well-formed answer, or the pool's defect message in place of the price.
 */
export function readPoolReply(pool: Pick<DriverPool, 'name'>, reply: PoolCodeReply): { output: PoolPriceOutput } | { defect: string } {
  const defect = { defect: poolDefectMessage(pool.name) };
  if (!reply.ok) return defect;
  let value: unknown;
  try {
    value = JSON.parse(reply.json);
  } catch {
    return defect;
  }
  if (!isPoolTestResultValid(value)) return defect;
  const parsed = v.safeParse(PoolPriceOutputSchema, value);
  return parsed.success ? { output: parsed.output } : defect;
}
