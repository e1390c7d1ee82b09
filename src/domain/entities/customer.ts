import * as v from 'valibot';
import { optionalName, optionalText } from './common.ts';

/** Longest postal address accepted: four lines of a French address fit well. */
export const MAX_POSTAL_ADDRESS_LENGTH = 300;

/** The customer of the booking (spec §3). Fields keep what was typed; forms validate them. */
export const CustomerSchema = v.object({
  name: optionalName(),
  reference: optionalName(),
  email: v.optional(v.pipe(v.string(), v.maxLength(254)), ''),
  phone: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
  /** 'yyyy-MM-dd', the travel date. */
  date: v.optional(v.pipe(v.string(), v.maxLength(10)), ''),
  /** 'HH:mm', the start time. */
  time: v.optional(v.pipe(v.string(), v.maxLength(5)), ''),
  notes: optionalText(),
  /**
   * The customer's postal address, which a moving devis must carry (arrêté du 27 avril 2010,
   * art. 1): prefilled from the pickup stop, changeable. Not a field of spec §3.
   */
  address: v.optional(v.pipe(v.string(), v.maxLength(MAX_POSTAL_ADDRESS_LENGTH)), ''),
});
export type CustomerInput = v.InferInput<typeof CustomerSchema>;
export type Customer = v.InferOutput<typeof CustomerSchema>;

export function makeCustomer(input: CustomerInput = {}): Customer {
  return v.parse(CustomerSchema, input);
}
