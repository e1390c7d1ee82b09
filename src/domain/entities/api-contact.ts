import * as v from 'valibot';
import { IdSchema, NameSchema } from './common.ts';

/** A contact as the API's contacts search and saved places send it (spec §7: name, phone_number). */
export const ApiContactSchema = v.object({
  id: v.optional(v.nullable(IdSchema), null),
  name: NameSchema,
  phone_number: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
  email: v.optional(v.pipe(v.string(), v.maxLength(254)), ''),
});
export type ApiContact = v.InferOutput<typeof ApiContactSchema>;

/** A company's customer, offered by the customer search of the finalisation panel. */
export const ApiCustomerSchema = v.object({
  id: v.optional(v.nullable(IdSchema), null),
  name: NameSchema,
  reference: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  email: v.optional(v.pipe(v.string(), v.maxLength(254)), ''),
  phone_number: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
});
export type ApiCustomer = v.InferOutput<typeof ApiCustomerSchema>;
