import * as v from 'valibot';
import { IdSchema, NameSchema, TextSchema } from './common.ts';

export const TRAVEL_MODES = ['driving', 'bicycling'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** The selector value of the public price grid (spec §3 default driverPoolSelector). */
export const PUBLIC_POOL_ID = 'public';
/** apply_to value meaning the pool computes the price. */
export const APPLY_TO_TRAVELS = 'apply_to_travels';

export const DriverPoolSchema = v.object({
  id: IdSchema,
  name: NameSchema,
  default: v.optional(v.boolean(), false),
  mode: v.optional(v.picklist(TRAVEL_MODES), 'driving'),
  apply_to: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100))), null),
  compute_price_func_body: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20000))), null),
  default_notes: v.optional(v.nullable(TextSchema), null),
});
export type DriverPoolInput = v.InferInput<typeof DriverPoolSchema>;
export type DriverPool = v.InferOutput<typeof DriverPoolSchema>;

export function isPublicPool(pool: Pick<DriverPool, 'id'>): boolean {
  return String(pool.id) === PUBLIC_POOL_ID;
}

/** The pool's code computes the price (spec §3 apply_to). */
export function poolComputesPrice(pool: DriverPool): boolean {
  return pool.apply_to === APPLY_TO_TRAVELS && typeof pool.compute_price_func_body === 'string';
}
