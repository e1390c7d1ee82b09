import type { Instant } from '../time/france-clock.ts';
import type { TravelState } from '../entities/travel.ts';
import { allContacts } from '../payload/travel-payload.ts';
import { areContactsValid } from './contact-form.ts';
import { validateCustomer } from './customer-form.ts';
import { isFormValid } from './form-result.ts';

/** The two forms a booking is sent with (spec §5), in the order the finalisation shows them. */
export type BookingForm = 'customer' | 'contacts';

/**
 * The forms that keep a booking from being sent (spec §5 "Submission requires both the
 * contacts and customer forms to be valid"), in screen order; empty when it may go.
 */
export function formsToCorrect(state: Pick<TravelState, 'customer' | 'stops' | 'contacts'>, now: Instant): BookingForm[] {
  const forms: BookingForm[] = [];
  if (!isFormValid(validateCustomer(state.customer, now))) forms.push('customer');
  if (!areContactsValid(allContacts(state), state.stops.length)) forms.push('contacts');
  return forms;
}
