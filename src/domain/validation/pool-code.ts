import * as v from 'valibot';
import { POOL_CODE_MIN_LENGTH_EXCLUSIVE } from '../constants.ts';

/** Pricing code shorter than this is treated as none (spec §5). */
export function isPoolCodeUsable(code: string | null | undefined): code is string {
  return typeof code === 'string' && code.trim().length > POOL_CODE_MIN_LENGTH_EXCLUSIVE;
}

/** A test call passes when it returns numeric transportation and handling (spec §5). */
export const PoolTestResultSchema = v.looseObject({
  transportation: v.pipe(v.number(), v.finite()),
  handling: v.pipe(v.number(), v.finite()),
});

export function isPoolTestResultValid(result: unknown): boolean {
  return v.safeParse(PoolTestResultSchema, result).success;
}
