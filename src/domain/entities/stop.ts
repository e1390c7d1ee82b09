import * as v from 'valibot';
import { DEFAULT_ON_SITE_MINUTES, MAX_SEEK_DAYS } from '../constants.ts';
import { ContactSchema } from './contact.ts';
import { IdSchema, LatitudeSchema, LongitudeSchema, TimestampSchema, optionalName, optionalText } from './common.ts';

export const TASK_TYPES = ['pickup', 'dropoff', 'service'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Floors: -1 is the street (kerbside), 0 the ground floor, then 1 to 12. */
export const STREET_FLOOR = -1;
export const GROUND_FLOOR = 0;
export const TOP_FLOOR = 12;
/** The longest carry on foot a stop may state, in metres. */
export const MAX_CARRY_METRES = 1000;
export const FloorSchema = v.pipe(v.number(), v.integer(), v.minValue(STREET_FLOOR), v.maxValue(TOP_FLOOR));

/** An elevator means nothing at street or ground level (spec §3), so it is forced off there. */
export function elevatorForFloor(floor: number, elevator: boolean): boolean {
  return floor <= GROUND_FLOOR ? false : elevator;
}

let stopCounter = 0;
/** A client-side identity, so lists keep each stop's state when stops are reordered. */
export function newStopUid(): string {
  stopCounter += 1;
  return `stop-${stopCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A stop of the trip (spec §3 "Address"). */
export const StopSchema = v.pipe(
  v.object({
    type: v.optional(v.picklist(TASK_TYPES), 'dropoff'),
    address: optionalText(),
    lat: v.optional(v.nullable(LatitudeSchema), null),
    lng: v.optional(v.nullable(LongitudeSchema), null),
    locality: optionalName(),
    country: optionalName(),
    postalCode: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
    floor: v.optional(FloorSchema, STREET_FLOOR),
    elevator: v.optional(v.boolean(), false),
    label: optionalName(),
    placeId: v.optional(v.nullable(IdSchema), null),
    notes: optionalText(),
    order_item_ids: v.optional(v.pipe(v.array(IdSchema), v.maxLength(1000)), []),
    /** Day offset from the travel date: J+0 to J+6. */
    seekDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SEEK_DAYS)), 0),
    timewindowEarliest: v.optional(v.nullable(TimestampSchema), null),
    timewindowLatest: v.optional(v.nullable(TimestampSchema), null),
    /** Minutes on site. */
    durationMin: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99999)), DEFAULT_ON_SITE_MINUTES),
    /** Metres carried on foot between the truck and the door (a tariff may price a long carry); absent: none. */
    carryMetres: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_CARRY_METRES))),
    estimatedArrivalTime: v.optional(v.nullable(TimestampSchema), null),
    geocodeResolved: v.optional(v.boolean(), false),
    contacts: v.optional(v.pipe(v.array(ContactSchema), v.maxLength(50)), []),
    index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
    step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
    uid: v.optional(v.pipe(v.string(), v.maxLength(60)), newStopUid),
    /** Earlier variant only: the input's placeholder and the street number field. */
    placeholder: v.optional(v.pipe(v.string(), v.maxLength(200))),
    streetNumber: v.optional(v.pipe(v.string(), v.maxLength(20))),
  }),
  v.transform((stop) => ({ ...stop, elevator: elevatorForFloor(stop.floor, stop.elevator) })),
);
export type StopInput = v.InferInput<typeof StopSchema>;
export type Stop = v.InferOutput<typeof StopSchema>;

export function makeStop(input: StopInput = {}): Stop {
  return v.parse(StopSchema, input);
}

/** The first stop is a pickup and the others drop-offs, unless a task type was chosen (spec §3). */
export function defaultTaskType(index: number): TaskType {
  return index === 0 ? 'pickup' : 'dropoff';
}

/**
 * Gives each stop its index and step (index + 1). When task types cannot be chosen
 * (public mode, or 2 stops or fewer) they are reset to pickup-then-dropoffs.
 */
export function renumberStops(stops: readonly Stop[], taskTypesEditable: boolean): Stop[] {
  return stops.map((stop, index) => {
    const type = taskTypesEditable ? stop.type : defaultTaskType(index);
    // The first stop has no day offset: it is the travel date itself.
    const seekDays = index === 0 ? 0 : stop.seekDays;
    // A stop that keeps its place stays the same object, so the screens can skip it.
    if (stop.index === index && stop.step === index + 1 && stop.type === type && stop.seekDays === seekDays) return stop;
    return { ...stop, index, step: index + 1, type, seekDays };
  });
}

/** Sets a stop's floor and keeps the elevator rule (spec §4 "Pools and floors"). */
export function withFloor(stop: Stop, floor: number): Stop {
  return { ...stop, floor, elevator: elevatorForFloor(floor, stop.elevator) };
}

/**
 * Editing the address text clears its validation (spec §4 "Address state"); a stop that was a
 * saved place stops being it: the place's label and contacts go, the user's own stay.
 */
export function withAddressText(stop: Stop, address: string): Stop {
  const wasPlace = stop.contacts.some((contact) => contact.relatedToPlace) || (stop.placeId !== null && stop.label !== '');
  return {
    ...stop,
    address,
    geocodeResolved: false,
    lat: null,
    lng: null,
    placeId: null,
    label: wasPlace ? '' : stop.label,
    contacts: stop.contacts.filter((contact) => !contact.relatedToPlace),
  };
}

/**
 * The earlier variant's street number field (spec §3): the address is looked up with it
 * when the typed text does not start with a number of its own ('rue de Rivoli' and '10'
 * give '10 rue de Rivoli'), since a geocoded result must carry a street number (spec §5).
 */
export function addressQuery(text: string, streetNumber: string | undefined): string {
  const number = streetNumber?.trim();
  if (!number || /^\s*\d/.test(text)) return text;
  return `${number} ${text.trim()}`;
}
