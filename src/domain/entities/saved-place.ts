import * as v from 'valibot';
import { FloorSchema } from './stop.ts';
import { IdSchema, LatitudeSchema, LongitudeSchema, NameSchema, optionalName, optionalText } from './common.ts';
import { ApiContactSchema } from './api-contact.ts';

/** A company's saved place (spec §3), as the API sends it. */
export const SavedPlaceSchema = v.object({
  id: IdSchema,
  label: optionalName(),
  address_complete: NameSchema,
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  locality: optionalName(),
  postal_code: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  floor_nb: v.optional(FloorSchema, -1),
  elevator_presence: v.optional(v.boolean(), false),
  notes: optionalText(),
  contacts: v.optional(v.pipe(v.array(ApiContactSchema), v.maxLength(50)), []),
});
export type SavedPlace = v.InferOutput<typeof SavedPlaceSchema>;
