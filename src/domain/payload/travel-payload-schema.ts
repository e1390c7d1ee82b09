import { OptionChoicesSchema } from '../options/carrier-options.ts';
import * as v from 'valibot';
import { IdSchema, NameSchema, TextSchema, TimestampSchema } from '../entities/common.ts';
import { MAX_POSTAL_ADDRESS_LENGTH } from '../entities/customer.ts';
import { ItemSchema } from '../entities/item.ts';
import { MAX_CARRY_METRES, TASK_TYPES } from '../entities/stop.ts';

const nullableTimestamp = v.nullable(TimestampSchema);
const whole = v.pipe(v.number(), v.integer());
const wholeNonNegative = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One stop in the POST/PATCH body (spec §7). */
export const PayloadAddressSchema = v.object({
  type_name: v.picklist(TASK_TYPES),
  address_complete: v.pipe(TextSchema, v.minLength(1, 'Adresse manquante')),
  postal_code: v.pipe(v.string(), v.maxLength(20)),
  // Its range (spec §9: -1 to 12) is the server's to refuse by name (422), as every choice's.
  floor_nb: v.pipe(whole, v.minValue(-100), v.maxValue(100)),
  elevator_presence: v.boolean(),
  notes: TextSchema,
  step: v.pipe(whole, v.minValue(1)),
  locality: NameSchema,
  label: NameSchema,
  country: NameSchema,
  lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  timewindow_earliest: nullableTimestamp,
  timewindow_latest: nullableTimestamp,
  order_item_ids: v.pipe(v.array(IdSchema), v.maxLength(1000)),
  seek_days: v.pipe(whole, v.minValue(0), v.maxValue(6)),
  duration_min: wholeNonNegative,
  /** Metres carried on foot to the door, when the stop states one (a tariff's long carry); not a field of spec §7. */
  carry_metres: v.optional(v.pipe(whole, v.minValue(0), v.maxValue(MAX_CARRY_METRES))),
});

export const PayloadCustomerSchema = v.object({
  phone_number: v.pipe(v.string(), v.maxLength(40)),
  email: v.pipe(v.string(), v.maxLength(254)),
  name: NameSchema,
  address: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(MAX_POSTAL_ADDRESS_LENGTH),
      v.description(
        'L’adresse postale du client, qu’un devis de déménagement doit porter (arrêté du 27 avril 2010, art. 1) : les éléments la proposent d’après l’adresse de chargement. Pas un champ de la spec §7 ; absente, le devis ne la porte pas.',
      ),
    ),
  ),
});

/** The travel part: money in cents, distances in metres, durations in seconds (spec §7). */
export const PayloadTravelSchema = v.object({
  travel_id: v.nullable(IdSchema),
  driver_pool_id: v.nullable(IdSchema),
  vehicle_category_id: v.nullable(IdSchema),
  beginning_date: nullableTimestamp,
  ending_date: nullableTimestamp,
  truck_capacity_needed: v.pipe(v.number(), v.minValue(0), v.maxValue(1000)),
  distance_transportation: wholeNonNegative,
  duration_transportation: wholeNonNegative,
  price_transportation: whole,
  price_handling: whole,
  price_transportation_ht: whole,
  price_handling_ht: whole,
  handling_needed: v.boolean(),
  duration_handling: wholeNonNegative,
  persons_needed: v.pipe(whole, v.minValue(0), v.maxValue(100)),
  additional_notes: v.pipe(v.string(), v.maxLength(20000)),
  timewindow_enabled: v.boolean(),
});

export const PayloadContactSchema = v.object({
  step: wholeNonNegative,
  name: NameSchema,
  phone_number: v.pipe(v.string(), v.maxLength(40)),
  email: v.pipe(v.string(), v.maxLength(254)),
  notify: v.boolean(),
});

/** Largest store_serialized accepted (the state of a 50-stop, 200-item travel fits well). */
export const MAX_STORE_SERIALIZED_LENGTH = 400_000;

/** The whole POST and PATCH body (spec §7), parsed by the client before sending and by the server on receipt. */
export const TravelPayloadSchema = v.object({
  addresses: v.pipe(v.array(PayloadAddressSchema), v.minLength(1, 'Au moins une adresse'), v.maxLength(200)),
  customer: PayloadCustomerSchema,
  travel: PayloadTravelSchema,
  items: v.pipe(v.array(ItemSchema), v.maxLength(1000)),
  contacts: v.pipe(v.array(PayloadContactSchema), v.maxLength(200)),
  /**
   * The elements' whole travel state, to reopen the booking as it was (serialized-travel.ts). A
   * client that is not one of the elements leaves it out (or sends ''): the server builds it from
   * the body. Never a source of prices: the server prices from the body's choices alone.
   */
  store_serialized: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(MAX_STORE_SERIALIZED_LENGTH),
      v.description(
        'Facultatif : l’état des éléments pour rouvrir la réservation telle qu’elle était, le texte JSON {"version":1,"state":{…}} ' +
          'qu’ils écrivent eux-mêmes. Un autre client l’omet (ou envoie "") : le serveur le construit à partir du corps. ' +
          'Il ne fixe aucun prix.',
      ),
    ),
    '',
  ),
  company_token: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  /** The quote the visitor was shown (POST /api/v1/quotes): while it holds, the booking is priced by it. */
  quote_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  /** The grid the visitor was priced with: the wizard's, or the earlier variant's (the lite element). */
  price_grid: v.optional(v.picklist(['wizard', 'lite'])),
  /** The carrier's options chosen (ids, quantities, declared values): the server prices them, never the body. */
  options: v.optional(OptionChoicesSchema),
});
export type TravelPayload = v.InferOutput<typeof TravelPayloadSchema>;
