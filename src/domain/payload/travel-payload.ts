import { toCents } from '../money/cents.ts';
import type { Id } from '../entities/common.ts';
import type { TravelState } from '../entities/travel.ts';
import { isPublicPool } from '../entities/driver-pool.ts';
import { composeAdditionalNotes } from '../places/stop-notes.ts';
import { vehicleCategoryIdForApi } from '../pricing/truck.ts';
import { vatFactor } from '../pricing/vat.ts';
import { atDayAndTime } from '../time/defaults.ts';
import { isoAtOffset, isoInFrance, readTimestamp, shiftTimestamp, type OffsetInstant } from '../time/france-clock.ts';
import { serializeTravelState } from './serialized-travel.ts';
import type { TravelPayload } from './travel-payload-schema.ts';

/**
 * Start of the travel: the first stop's window (at its own offset), else the customer's date
 * and time in France.
 */
function beginning(state: TravelState): { stamp: OffsetInstant; inFrance: false } | { millis: number; inFrance: true } | null {
  const first = state.stops[0]?.timewindowEarliest;
  const stamp = first ? readTimestamp(first) : null;
  if (stamp) return { stamp, inFrance: false };
  if (state.customer.date && state.customer.time) return { millis: atDayAndTime(state.customer.date, state.customer.time), inFrance: true };
  return null;
}

/** Start of the travel as the API takes it. */
export function beginningDate(state: TravelState): string | null {
  const begin = beginning(state);
  if (!begin) return null;
  return begin.inFrance ? isoInFrance(begin.millis) : isoAtOffset(begin.stamp);
}

/** End of the travel: the last stop's window when windows are on, else start + drive + handling + stops. */
export function endingDate(state: TravelState): string | null {
  const last = state.stops[state.stops.length - 1]?.timewindowLatest;
  const lastStamp = state.timewindowEnabled && last ? readTimestamp(last) : null;
  if (lastStamp) return isoAtOffset(lastStamp);
  const begin = beginning(state);
  if (!begin) return null;
  const onSite = state.stops.reduce((sum, stop) => sum + stop.durationMin * 60, 0);
  const milliseconds = Math.round(state.fees.transportation.customer.duration + state.fees.handling.duration + onSite) * 1000;
  // A time of France moves to France's offset at its end; a written timestamp keeps its own.
  return begin.inFrance ? isoInFrance(begin.millis + milliseconds) : shiftTimestamp(begin.stamp, milliseconds);
}

function poolIdForApi(selector: Id): Id | null {
  return isPublicPool({ id: selector }) ? null : selector;
}

/** Contacts of every stop (their step is the stop's index) and those of the contacts tab. */
export function allContacts(state: Pick<TravelState, 'stops' | 'contacts'>) {
  return [...state.stops.flatMap((stop) => stop.contacts.map((contact) => ({ ...contact, step: stop.index }))), ...state.contacts];
}

/**
 * The exact POST/PATCH body of spec §7 from a travel state: distance doubled, prices in
 * cents and their VAT-excluded (_ht) variants, default trucks as null, the company token
 * when there is one.
 */
export function buildTravelPayload(state: TravelState, companyToken?: string | null): TravelPayload {
  const factor = vatFactor(state.vat);
  const transportFee = state.fees.transportation.fee;
  const handlingFee = state.fees.handling.fee;
  const payload: TravelPayload = {
    addresses: state.stops.map((stop) => ({
      type_name: stop.type,
      address_complete: stop.address,
      postal_code: stop.postalCode,
      floor_nb: stop.floor,
      elevator_presence: stop.elevator,
      notes: stop.notes,
      step: stop.step,
      locality: stop.locality,
      label: stop.label,
      country: stop.country,
      lat: stop.lat ?? 0,
      lng: stop.lng ?? 0,
      timewindow_earliest: stop.timewindowEarliest,
      timewindow_latest: stop.timewindowLatest,
      order_item_ids: [...stop.order_item_ids],
      seek_days: stop.seekDays,
      duration_min: stop.durationMin,
      // Not a field of spec §7: sent only when the stop states a carry on foot, for the tariff's long carry.
      ...(stop.carryMetres ? { carry_metres: stop.carryMetres } : {}),
    })),
    customer: {
      phone_number: state.customer.phone,
      email: state.customer.email.trim(),
      name: state.customer.name.trim(),
      // Sent only when given (not a field of spec §7).
      ...(state.customer.address.trim() ? { address: state.customer.address.trim() } : {}),
    },
    travel: {
      travel_id: state.travelId,
      driver_pool_id: poolIdForApi(state.driverPoolSelector),
      vehicle_category_id: vehicleCategoryIdForApi(state.vehicleCategoryId),
      beginning_date: beginningDate(state),
      ending_date: endingDate(state),
      truck_capacity_needed: state.truckCapacity,
      distance_transportation: Math.round(state.fees.transportation.customer.distance * 2),
      duration_transportation: Math.round(state.fees.transportation.customer.duration),
      price_transportation: toCents(transportFee),
      price_handling: toCents(handlingFee),
      price_transportation_ht: toCents(transportFee / factor),
      price_handling_ht: toCents(handlingFee / factor),
      handling_needed: state.fees.handling.personsNeeded > 0 || handlingFee > 0,
      duration_handling: Math.round(state.fees.handling.duration),
      persons_needed: state.fees.handling.personsNeeded,
      additional_notes: composeAdditionalNotes(state.customer.notes, state.stops),
      timewindow_enabled: state.timewindowEnabled,
    },
    items: state.items.map((item) => ({ ...item })),
    contacts: allContacts(state).map((contact) => ({
      step: contact.step,
      name: contact.name.trim(),
      phone_number: contact.phone,
      email: contact.email.trim(),
      notify: contact.notify,
    })),
    store_serialized: serializeTravelState(state),
  };
  if (companyToken) payload.company_token = companyToken;
  // Only when chosen: a booking without options is the spec's body, unchanged.
  if (state.options.length > 0) payload.options = state.options.map((choice) => ({ ...choice }));
  return payload;
}
