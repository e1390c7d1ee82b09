// The carrier's options chosen (issue 45) as the webhook event and the customer's e-mail write
// them: each option a price line of the booking, in the e-mail's total. Figures from the lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { TravelPayloadSchema } from 'transport-quote-wizard/domain';
import { eventBody, type BookingFacts } from '../../notifications/booking-events.ts';
import { mailMessage } from '../../notifications/mail-messages.ts';
import { PARIS_LYON_BODY } from './booking-fixture.ts';

const payload = v.parse(TravelPayloadSchema, PARIS_LYON_BODY);
const line = { kind: 'option', label: 'Emballage et déballage', amount_ht: 18_000, amount: 21_600 };
const facts: BookingFacts = {
  id: 7,
  companyId: 1,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  state: 'new',
  payload,
  priceSource: 'quote',
  priceCheck: null,
  refusalReason: null,
  priceLines: [line],
};

describe('the options chosen, in the event and the e-mail (issue 45)', () => {
  it('the event carries the choices and each option’s price line', () => {
    const booking = JSON.parse(eventBody('evt_1', 'booking.created', new Date(), facts)).data.booking;
    assert.deepEqual(booking.options, [{ id: 'emballage' }]);
    assert.deepEqual(booking.price_lines, [line]);
  });
  it('the e-mail lists each option with its price, and its total counts them', () => {
    const message = mailMessage({
      kind: 'confirmation',
      travelId: 7,
      payload,
      carrier: { name: 'Transports Martin', email: '', phone_number: '' } as Parameters<typeof mailMessage>[0]['carrier'],
      editUrl: null,
      devisUrl: null,
      reason: null,
      priceLines: facts.priceLines!,
    });
    assert.match(message.text, /Option\u00a0: Emballage et déballage\u00a0: 216\s€ TTC/);
    // 1 000 € + 200 € + 216 € TTC; 833,33 € + 166,67 € + 180 € HT.
    const total = new Intl.NumberFormat('fr-FR').format(1416);
    assert.ok(
      message.text.includes(`Total\u00a0: ${total}\u00a0€ TTC`) || message.text.includes(`Total\u00a0: ${total} € TTC`),
      message.text,
    );
    assert.match(message.html, /Emballage et déballage/);
  });
});
