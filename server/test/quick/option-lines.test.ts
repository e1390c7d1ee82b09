// The carrier's options chosen (issue 45) as the webhook event and the customer's e-mail write
// them: each option a price line of the booking, in the e-mail's total. Figures from the lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { TravelPayloadSchema } from 'transport-quote-wizard/domain';
import { eventBody, type BookingFacts } from '../../notifications/booking-events.ts';
import { mailMessage } from '../../notifications/mail-messages.ts';

const payload = v.parse(TravelPayloadSchema, {
  addresses: [
    {
      type_name: 'pickup',
      address_complete: '10 Rue de Rivoli 75004 Paris',
      lat: 48.86,
      lng: 2.35,
      floor_nb: 0,
      elevator_presence: false,
      postal_code: '',
      notes: '',
      step: 1,
      locality: '',
      label: '',
      country: 'France',
      timewindow_earliest: null,
      timewindow_latest: null,
      order_item_ids: [],
      seek_days: 0,
      duration_min: 5,
    },
    {
      type_name: 'dropoff',
      address_complete: '3 Place Bellecour 69002 Lyon',
      lat: 45.75,
      lng: 4.83,
      floor_nb: 0,
      elevator_presence: false,
      postal_code: '',
      notes: '',
      step: 2,
      locality: '',
      label: '',
      country: 'France',
      timewindow_earliest: null,
      timewindow_latest: null,
      order_item_ids: [],
      seek_days: 0,
      duration_min: 5,
    },
  ],
  customer: { phone_number: '0612345678', email: 'odile@exemple.fr', name: 'Odile' },
  travel: {
    travel_id: null,
    driver_pool_id: null,
    vehicle_category_id: null,
    beginning_date: '2026-12-15T09:00:00+01:00',
    ending_date: null,
    truck_capacity_needed: 20,
    distance_transportation: 0,
    duration_transportation: 0,
    price_transportation: 100_000,
    price_handling: 20_000,
    price_transportation_ht: 83_333,
    price_handling_ht: 16_667,
    handling_needed: true,
    duration_handling: 3600,
    persons_needed: 2,
    additional_notes: '',
    timewindow_enabled: false,
  },
  items: [],
  contacts: [],
  options: [{ id: 'emballage' }],
});
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
