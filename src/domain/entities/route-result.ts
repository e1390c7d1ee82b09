import * as v from 'valibot';
import { NonNegativeSchema } from './common.ts';

/** A computed route (spec §3): metres and seconds, one duration per leg. */
export const RouteResultSchema = v.object({
  distance: NonNegativeSchema,
  duration: NonNegativeSchema,
  legDurations: v.array(NonNegativeSchema),
  legDistances: v.optional(v.array(NonNegativeSchema), []),
  /** Raw provider answers, kept for the map panel; never trusted for numbers. */
  responses: v.optional(v.array(v.unknown()), []),
  /** True when the route is the straight-line estimate rather than a road route. */
  approximate: v.optional(v.boolean(), false),
});
export type RouteResult = v.InferOutput<typeof RouteResultSchema>;
