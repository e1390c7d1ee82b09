import * as v from 'valibot';
import type { DriverPool } from '../entities/driver-pool.ts';
import { poolDefectMessage } from '../messages.ts';
import { withVat } from '../pricing/vat.ts';
import { isPoolTestResultValid } from '../validation/pool-code.ts';
import { PoolPriceOutputSchema, type PoolPriceOutput } from './pool-io.ts';

/** A run of a pool's code: its result as JSON text, or a failure. */
export type PoolCodeReply = { ok: true; json: string } | { ok: false };

/** Why a grid's figures cannot be a price: one of its two lines is negative, or past the ceiling once VAT is added. */
export type PoolFiguresFault =
  | { kind: 'negative'; line: 'transportation' | 'handling'; euros: number }
  | { kind: 'ceiling'; line: 'transportation' | 'handling'; euros: number; ceilingEuros: number };

/**
 * A grid's figures (euros HT) checked as a price (issue 52): neither line may be negative, and,
 * where a ceiling is given (the server's PRICE_CEILING_EUROS, VAT included), neither may pass it
 * once its VAT is added, as no line of a booking may. Null when they can be a price.
 */
export function poolFiguresFault(
  output: Pick<PoolPriceOutput, 'transportation' | 'handling'>,
  ceiling: { euros: number; vat: number } | null = null,
): PoolFiguresFault | null {
  for (const line of ['transportation', 'handling'] as const) {
    const euros = output[line];
    if (euros < 0) return { kind: 'negative', line, euros };
    if (ceiling && withVat(euros, ceiling.vat) > ceiling.euros) return { kind: 'ceiling', line, euros, ceilingEuros: ceiling.euros };
  }
  return null;
}

/**
 * What a pool's code gave, read as the spec reads it (§5): numeric transportation and
 * handling, neither negative, in a well-formed answer, or the pool's defect message in place of
 * the price.
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
  if (!parsed.success || poolFiguresFault(parsed.output)) return defect;
  return { output: parsed.output };
}
