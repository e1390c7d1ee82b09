import type { Instant } from '../time/france-clock.ts';
import type { Customer } from '../entities/customer.ts';
import { MESSAGES } from '../messages.ts';
import { isSelectableDay } from '../time/choices.ts';
import { collectErrors, type FieldErrors } from './form-result.ts';
import { hasMoreThanThreeCharacters, isValidEmail, isValidPhone } from './patterns.ts';

export type CustomerField = 'name' | 'phone' | 'email' | 'address' | 'time' | 'date';

/**
 * Customer form (spec §5): name of more than 3 characters, a valid phone and email, a
 * start time; the reference is optional. A past travel date is refused as well (spec §5), and
 * a postal address is asked for the devis.
 */
export function validateCustomer(customer: Customer, now: Instant): FieldErrors<CustomerField> {
  return collectErrors<CustomerField>([
    ['name', hasMoreThanThreeCharacters(customer.name) ? null : MESSAGES.customerName],
    ['phone', isValidPhone(customer.phone) ? null : MESSAGES.customerPhone],
    ['email', isValidEmail(customer.email) ? null : MESSAGES.customerEmail],
    // The postal address a moving devis must carry (arrêté du 27 avril 2010, art. 1): not a
    // field of spec §5, prefilled from the pickup stop; a number, a street and a town at least.
    ['address', customer.address.trim().length >= 8 ? null : MESSAGES.customerAddress],
    ['time', customer.time.trim() !== '' ? null : MESSAGES.required],
    ['date', customer.date === '' || isSelectableDay(customer.date, now) ? null : MESSAGES.pastDate],
  ]);
}
