import * as v from 'valibot';
import { DEFAULT_VAT, FALLBACK_CURRENCY_SYMBOL } from '../constants.ts';
import { IdSchema, NonNegativeSchema, FiniteSchema } from './common.ts';
import { ContactSchema } from './contact.ts';
import { CustomerSchema } from './customer.ts';
import { PUBLIC_POOL_ID } from './driver-pool.ts';
import { ItemSchema } from './item.ts';
import { PermissionSchema } from './permission.ts';
import { StopSchema } from './stop.ts';
import { OptionChoicesSchema } from '../options/carrier-options.ts';

export const TRAVEL_STATES = ['new', 'accepted', 'started', 'done', 'cancelled'] as const;

const Leg = v.object({ distance: v.optional(NonNegativeSchema, 0), duration: v.optional(NonNegativeSchema, 0) });

/** Computed fees (spec §3 "fees"): money VAT included, metres, seconds. */
export const FeesSchema = v.object({
  transportation: v.optional(
    v.object({
      customer: v.optional(Leg, {}),
      driver: v.optional(Leg, {}),
      truckCapacity: v.optional(NonNegativeSchema, 0),
      fee: v.optional(FiniteSchema, 0),
    }),
    {},
  ),
  handling: v.optional(
    v.object({
      personsNeeded: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
      /** Seconds. */
      duration: v.optional(NonNegativeSchema, 0),
      fee: v.optional(FiniteSchema, 0),
    }),
    {},
  ),
  /** Sum of the cost lines, VAT included (spelling of the spec). */
  additionnalCosts: v.optional(FiniteSchema, 0),
});
export type Fees = v.InferOutput<typeof FeesSchema>;

/** A price fixed by hand (spec §6 can_edit_price), VAT excluded. */
export const FixedPriceSchema = v.object({
  transportationPriceVatExcluded: FiniteSchema,
  handlingPriceVatExcluded: FiniteSchema,
});
export type FixedPrice = v.InferOutput<typeof FixedPriceSchema>;

export const HideFlagsSchema = v.object({
  hideAddressFloor: v.optional(v.boolean(), false),
  hideCustomPrice: v.optional(v.boolean(), false),
  hideCustomNeeds: v.optional(v.boolean(), false),
  hideSearchItems: v.optional(v.boolean(), false),
  hideHandlingInfos: v.optional(v.boolean(), false),
  hideVlSelector: v.optional(v.boolean(), true),
});
export type HideFlags = v.InferOutput<typeof HideFlagsSchema>;

/** The earlier variant's store fields (spec §3). */
export const LiteStoreSchema = v.object({
  stepCursor: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)), 0),
  validSteps: v.optional(v.pipe(v.array(v.boolean()), v.length(4)), [false, false, true, true]),
  loading: v.optional(v.boolean(), false),
  totalPrice: v.optional(FiniteSchema, 0),
  errorMessage: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2000))), null),
  infoMessage: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2000))), null),
  isNewTravel: v.optional(v.boolean(), true),
  allStepsValid: v.optional(v.boolean(), false),
});
export type LiteStore = v.InferOutput<typeof LiteStoreSchema>;

/** The whole travel state of spec §3, as the store holds and store_serialized carries it. */
export const TravelStateSchema = v.object({
  travelId: v.optional(v.nullable(IdSchema), null),
  travelToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  travelState: v.optional(v.pipe(v.string(), v.maxLength(40)), 'new'),
  driverPoolSelector: v.optional(IdSchema, PUBLIC_POOL_ID),
  vehicleCategoryId: v.optional(v.nullable(IdSchema), null),
  truckCapacity: v.optional(NonNegativeSchema, 0),
  timewindowEnabled: v.optional(v.boolean(), false),
  fixedPrice: v.optional(v.nullable(FixedPriceSchema), null),
  fees: v.optional(FeesSchema, {}),
  vat: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1)), DEFAULT_VAT),
  currency_symbol: v.optional(v.pipe(v.string(), v.maxLength(5)), FALLBACK_CURRENCY_SYMBOL),
  companyMode: v.optional(v.boolean(), false),
  canEditPrice: v.optional(v.boolean(), false),
  permissions: v.optional(v.array(PermissionSchema), []),
  hideFlags: v.optional(HideFlagsSchema, {}),
  isMigratedToTimewindow: v.optional(v.boolean(), false),
  stops: v.optional(v.pipe(v.array(StopSchema), v.maxLength(200)), []),
  items: v.optional(v.pipe(v.array(ItemSchema), v.maxLength(2000)), []),
  customer: v.optional(CustomerSchema, {}),
  contacts: v.optional(v.pipe(v.array(ContactSchema), v.maxLength(200)), []),
  lite: v.optional(LiteStoreSchema, {}),
  /** The carrier's options chosen on the estimate (options/carrier-options.ts). */
  options: v.optional(OptionChoicesSchema, []),
});
export type TravelStateInput = v.InferInput<typeof TravelStateSchema>;
export type TravelState = v.InferOutput<typeof TravelStateSchema>;

export function makeTravelState(input: TravelStateInput = {}): TravelState {
  return v.parse(TravelStateSchema, input);
}

/** Travel infos block (spec §2): facts about an existing booking the page knows. */
export const TravelInfosSchema = v.object({
  travel_id: v.optional(v.nullable(IdSchema), null),
  token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  state: v.optional(v.pipe(v.string(), v.maxLength(40)), 'new'),
  driver_pool_id: v.optional(v.nullable(IdSchema), null),
});
export type TravelInfos = v.InferOutput<typeof TravelInfosSchema>;

export function isAcceptedTravel(state: Pick<TravelState, 'travelState'>): boolean {
  return state.travelState === 'accepted';
}
