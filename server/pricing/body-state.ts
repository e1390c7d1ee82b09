import * as v from 'valibot';
import {
  composeAdditionalNotes,
  makeTravelState,
  PUBLIC_POOL_ID,
  TravelStateSchema,
  type TravelPayload,
  type TravelState,
} from 'transport-quote-wizard/domain';

const clampFloor = (floor: number) => Math.min(12, Math.max(-1, floor));

/**
 * The travel state of a booking sent without store_serialized (a client that is not one of the
 * elements): its stops, items, customer and contacts, as the elements would have held them, so
 * the edit link reopens it in the element. It decides no price: the booking is priced from the
 * body's choices, as any other. Out-of-range figures (a floor of 40) are the pricing's to refuse
 * by name; here they are only brought within the state's bounds.
 */
export function stateOfBody(payload: TravelPayload): TravelState {
  const stopCount = payload.addresses.length;
  const stops = payload.addresses.map((address, index) => ({
    type: address.type_name,
    address: address.address_complete,
    lat: address.lat,
    lng: address.lng,
    locality: address.locality,
    country: address.country,
    postalCode: address.postal_code,
    floor: clampFloor(address.floor_nb),
    elevator: address.elevator_presence,
    label: address.label,
    notes: address.notes,
    order_item_ids: address.order_item_ids,
    seekDays: address.seek_days,
    timewindowEarliest: address.timewindow_earliest,
    timewindowLatest: address.timewindow_latest,
    durationMin: Math.min(99999, address.duration_min),
    geocodeResolved: true,
    index,
    step: index + 1,
    contacts: payload.contacts
      .filter((contact) => contact.step === index)
      .map((contact) => ({ name: contact.name, phone: contact.phone_number, email: contact.email, step: index, notify: contact.notify })),
  }));
  const input = {
    vehicleCategoryId: payload.travel.vehicle_category_id,
    driverPoolSelector: payload.travel.driver_pool_id ?? PUBLIC_POOL_ID,
    timewindowEnabled: payload.travel.timewindow_enabled,
    stops,
    items: payload.items,
    customer: {
      name: payload.customer.name,
      email: payload.customer.email,
      phone: payload.customer.phone_number,
      address: payload.customer.address ?? '',
    },
    contacts: payload.contacts
      .filter((contact) => contact.step >= stopCount)
      .map((contact) => ({
        name: contact.name,
        phone: contact.phone_number,
        email: contact.email,
        step: contact.step,
        notify: contact.notify,
      })),
  };
  const parsed = v.safeParse(TravelStateSchema, input);
  if (!parsed.success) return makeTravelState({ customer: input.customer });
  // The customer's own notes are what additional_notes holds before the stops' notes (composeAdditionalNotes).
  const stopLines = new Set(composeAdditionalNotes('', parsed.output.stops).split('\n'));
  const notes = payload.travel.additional_notes
    .split('\n')
    .filter((line) => !stopLines.has(line))
    .join('\n');
  return { ...parsed.output, customer: { ...parsed.output.customer, notes } };
}
