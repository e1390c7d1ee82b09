import * as v from 'valibot';
import { IdSchema, optionalName, optionalText } from './common.ts';

/** Phone numbers are kept without spaces (spec §3) so they compare and dial the same. */
export function stripPhoneSpaces(phone: string): string {
  return phone.replace(/\s+/g, '');
}

/** Contact of spec §3: someone to call or text at a stop. */
export const ContactSchema = v.object({
  id: v.optional(v.nullable(IdSchema), null),
  name: optionalName(),
  phone: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(40)), ''), v.transform(stripPhoneSpaces)),
  email: v.optional(v.pipe(v.string(), v.maxLength(254)), ''),
  /** Index of the stop the contact belongs to (0-based). */
  step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  /** Send SMS notifications to this contact. */
  notify: v.optional(v.boolean(), false),
  addressId: v.optional(v.nullable(IdSchema), null),
  relatedToPlace: v.optional(v.boolean(), false),
  label: optionalText(),
  valid: v.optional(v.boolean(), false),
});
export type ContactInput = v.InferInput<typeof ContactSchema>;
export type Contact = v.InferOutput<typeof ContactSchema>;

export function makeContact(input: ContactInput = {}): Contact {
  return v.parse(ContactSchema, input);
}
