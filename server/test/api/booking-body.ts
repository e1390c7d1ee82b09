// A valid POST /api/v1/travels body, as the domain's buildTravelPayload writes it, with the
// carrier's own price for its trip (the server refuses any other with 409), computed here from
// spec §9: Paris → Lyon by the straight-line rule, a 3-seat sofa (a moving: 2 handlers at
// 30 € an hour) handled for the 2 hours the body states.
import type { TravelPayloadSchema } from 'transport-quote-wizard/domain';
import { DateTime } from 'luxon';
import type { InferInput } from 'valibot';
import { cents, handlingEuros, htCents, publicTransportEuros } from './spec-prices.ts';

export const PARIS = { lat: 48.8601, lng: 2.3507 };
export const LYON = { lat: 45.7542, lng: 4.8309 };
export const TRANSPORT_CENTS = cents(publicTransportEuros([PARIS, LYON]));
export const HANDLING_CENTS = cents(handlingEuros({ hours: 2, persons: 2, moving: true }));

/**
 * The fixture's day: a Monday two months or more ahead in France, so its bookings are always
 * still open to edits (their carrier closes edits days before the move), whatever day the
 * suites run. Its start at 9 h and end at 16 h 10, written with France's offset of that day.
 */
const monday = DateTime.now().setZone('Europe/Paris').plus({ days: 60 }).startOf('week');
export const FIXTURE_DAY = monday.plus({ weeks: 1 }).toISODate()!;
const at = (time: string) => DateTime.fromISO(`${FIXTURE_DAY}T${time}`, { zone: 'Europe/Paris' }).toISO({ suppressMilliseconds: true })!;
export const FIXTURE_START = at('09:00');
/**
 * The fixture's start as a French reader sees it on the devis: 'lundi 1er février 2027 à 9 h'
 * (the first of the month written '1er'), with `space` between the hour and its 'h'.
 */
export function fixtureStartInFrench(space = ' '): string {
  const day = DateTime.fromISO(FIXTURE_DAY, { zone: 'Europe/Paris' }).setLocale('fr');
  return `${day.toFormat('cccc')} ${day.day === 1 ? '1er' : day.day} ${day.toFormat('LLLL yyyy')} à 9${space}h`;
}
const FIXTURE_WINDOW_END = at('12:00');
const FIXTURE_END = at('16:10');

/**
 * A booking body as the suites send it: the fields below, and any other a test adds or forges
 * (the server is the one that checks them).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- forged fields are any
export type BookingBody = BodyInput & Record<string, any>;
/** A body a test forges: any field, of any type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a forged body is anything
export type ForgedBody = Record<string, any>;
/** A body as the API takes it (the schema fills in what it may leave out). */
type BodyInput = InferInput<typeof TravelPayloadSchema>;

export function bookingBody(overrides: Record<string, unknown> = {}): BookingBody {
  return { ...validBody(), ...overrides };
}

function validBody(): BodyInput {
  const state = {
    version: 1,
    state: { stops: [], items: [], customer: { name: 'Marie Curie' } },
  };
  return {
    addresses: [
      {
        type_name: 'pickup',
        address_complete: '10 Rue de Rivoli 75004 Paris',
        postal_code: '75004',
        floor_nb: 3,
        elevator_presence: true,
        notes: 'Digicode 42A',
        step: 1,
        locality: 'Paris',
        label: '',
        country: 'France',
        ...PARIS,
        timewindow_earliest: FIXTURE_START,
        timewindow_latest: FIXTURE_WINDOW_END,
        order_item_ids: [],
        seek_days: 0,
        duration_min: 30,
      },
      {
        type_name: 'dropoff',
        address_complete: '3 Place Bellecour 69002 Lyon',
        postal_code: '69002',
        floor_nb: -1,
        elevator_presence: false,
        notes: '',
        step: 2,
        locality: 'Lyon',
        label: 'Appartement',
        country: 'France',
        ...LYON,
        timewindow_earliest: null,
        timewindow_latest: null,
        order_item_ids: [],
        seek_days: 1,
        duration_min: 5,
      },
    ],
    customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Marie Curie' },
    travel: {
      travel_id: null,
      driver_pool_id: null,
      vehicle_category_id: null,
      beginning_date: FIXTURE_START,
      ending_date: FIXTURE_END,
      truck_capacity_needed: 6,
      distance_transportation: 930246,
      duration_transportation: 16501,
      price_transportation: TRANSPORT_CENTS,
      price_handling: HANDLING_CENTS,
      price_transportation_ht: htCents(TRANSPORT_CENTS),
      price_handling_ht: htCents(HANDLING_CENTS),
      handling_needed: true,
      duration_handling: 7200,
      persons_needed: 2,
      additional_notes: 'étape 1 : Digicode 42A',
      timewindow_enabled: false,
    },
    items: [{ name: 'Canapé 3 places', category: 'item', volume: 2, quantity: 1 }],
    contacts: [{ step: 0, name: 'Gardien', phone_number: '0611223344', email: '', notify: true }],
    store_serialized: JSON.stringify(state),
  };
}
