import type { Contact } from '../entities/contact.ts';
import { stripPhoneSpaces } from '../entities/contact.ts';
import { MESSAGES } from '../messages.ts';
import { collectErrors, isFormValid, type FieldErrors } from './form-result.ts';
import { hasMoreThanThreeCharacters, isValidEmail, isValidPhone } from './patterns.ts';

export type ContactField = 'name' | 'phone' | 'email' | 'step';

/** One row of the contacts tab (spec §5). `stopCount` bounds the step when known. */
export function validateContactRow(
  contact: Pick<Contact, 'name' | 'phone' | 'email' | 'step'>,
  stopCount?: number,
): FieldErrors<ContactField> {
  const stepOk = contact.step >= 0 && (stopCount === undefined || contact.step < stopCount);
  return collectErrors<ContactField>([
    ['name', hasMoreThanThreeCharacters(contact.name) ? null : MESSAGES.contactName],
    ['phone', isValidPhone(contact.phone) ? null : MESSAGES.contactPhone],
    ['email', contact.email.trim() === '' || isValidEmail(contact.email) ? null : MESSAGES.contactEmail],
    ['step', stepOk ? null : MESSAGES.contactStep],
  ]);
}

/** Every contact must be valid before submitting (spec §5). */
export function areContactsValid(contacts: readonly Contact[], stopCount?: number): boolean {
  return contacts.every((contact) => isFormValid(validateContactRow(contact, stopCount)));
}

/** The stop contact modal saves only with a name of 2+ and a phone of 8+ characters (spec §5). */
export function canSaveContactModal(name: string, phone: string): boolean {
  return name.trim().length >= 2 && stripPhoneSpaces(phone).length >= 8;
}
