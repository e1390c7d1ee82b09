import * as v from 'valibot';
import { HANDLERS_MAX, HANDLERS_MIN, HANDLING_HOURS_MAX, HANDLING_HOURS_MIN, MAX_ADDRESSES } from '../constants.ts';
import { DaySchema, IdSchema, LatitudeSchema, LongitudeSchema } from '../entities/common.ts';
import { ItemSchema } from '../entities/item.ts';
import { MAX_CARRY_METRES, STREET_FLOOR, TASK_TYPES, TOP_FLOOR } from '../entities/stop.ts';
import { FixedPriceSchema } from '../entities/travel.ts';
import { OptionChoicesSchema } from '../options/carrier-options.ts';

/**
 * A stop as a quote needs it: where, which floor, with or without a lift, which items are
 * handled there and how long the truck stays. Ranges the spec sets (floors) are checked apart,
 * so an out-of-range choice is refused by name (422) rather than as a malformed request.
 */
export const QuoteAddressSchema = v.object({
  type_name: v.picklist(TASK_TYPES),
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  floor_nb: v.pipe(v.number(), v.integer()),
  elevator_presence: v.boolean(),
  postal_code: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  order_item_ids: v.optional(v.pipe(v.array(IdSchema), v.maxLength(1000)), []),
  duration_min: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999)), 5),
  /** Metres carried on foot between the truck and the door (a tariff may price a long carry). */
  carry_metres: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_CARRY_METRES)), 0),
});
export type QuoteAddress = v.InferOutput<typeof QuoteAddressSchema>;

/**
 * What `POST /api/v1/quotes` takes: the visitor's choices, never a price, a rate, a VAT or a
 * distance (the server has its own). `persons_needed` and `handling_hours` are null when the
 * visitor left them to the estimate.
 */
export const QuoteRequestSchema = v.object({
  /** Which element's grid: the wizard's, or the earlier variant's (the lite element). */
  grid: v.optional(v.picklist(['wizard', 'lite']), 'wizard'),
  company_token: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  addresses: v.pipe(v.array(QuoteAddressSchema), v.minLength(1, 'Au moins une adresse'), v.maxLength(200)),
  items: v.pipe(v.array(ItemSchema), v.maxLength(1000)),
  vehicle_category_id: v.optional(v.nullable(IdSchema), null),
  driver_pool_id: v.optional(v.nullable(IdSchema), null),
  persons_needed: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
  handling_hours: v.optional(v.nullable(v.pipe(v.number(), v.finite())), null),
  /** The travel's day (a pool's code may price by it), '' when not chosen yet. */
  date: v.optional(v.union([DaySchema, v.literal('')]), ''),
  /** A price set with the price editor (company mode, `can_edit_price`), VAT excluded. */
  fixed_price: v.optional(v.nullable(FixedPriceSchema), null),
  /** The carrier's options chosen: ids, quantities, declared values; never a price (options/carrier-options.ts). */
  options: v.optional(OptionChoicesSchema, []),
});
export type QuoteRequestInput = v.InferInput<typeof QuoteRequestSchema>;
export type QuoteRequest = v.InferOutput<typeof QuoteRequestSchema>;

export interface ChoiceProblem {
  path: string;
  message: string;
}

/** Spec §9's ranges for what a visitor chooses: at most 50 stops, floors −1 to 12, 0 to 4 handlers, 0.5 to 8 hours. */
export function choiceProblems(request: QuoteRequest): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  if (request.addresses.length > MAX_ADDRESSES)
    problems.push({ path: 'addresses', message: `Au plus ${MAX_ADDRESSES} adresses par trajet (${request.addresses.length} reçues)` });
  request.addresses.forEach((address, index) => {
    if (address.floor_nb < STREET_FLOOR || address.floor_nb > TOP_FLOOR)
      problems.push({ path: `addresses.${index}.floor_nb`, message: `Étage entre ${STREET_FLOOR} (rue) et ${TOP_FLOOR}` });
  });
  if (request.persons_needed !== null && (request.persons_needed < HANDLERS_MIN || request.persons_needed > HANDLERS_MAX))
    problems.push({ path: 'persons_needed', message: `Entre ${HANDLERS_MIN} et ${HANDLERS_MAX} manutentionnaires` });
  if (request.handling_hours !== null && (request.handling_hours < HANDLING_HOURS_MIN || request.handling_hours > HANDLING_HOURS_MAX))
    problems.push({ path: 'handling_hours', message: 'Durée de manutention entre 0,5 et 8 heures' });
  return problems;
}
