import * as v from 'valibot';

const FieldErrorSchema = v.object({
  path: v.pipe(v.string(), v.description('Le champ refusé, en notation pointée (addresses.0.lat).')),
  message: v.pipe(v.string(), v.description('Pourquoi, en français.')),
});
export type FieldError = v.InferOutput<typeof FieldErrorSchema>;

/**
 * Every refusal of the API (the geocoder aside): a French message, and the failing fields when
 * a schema refused. The server writes it; the elements read its message.
 */
export const ErrorAnswerSchema = v.object({
  error: v.pipe(v.string(), v.description('Ce qui est refusé, en français.')),
  fields: v.optional(v.pipe(v.array(FieldErrorSchema), v.maxLength(50))),
});
