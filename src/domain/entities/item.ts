import * as v from 'valibot';
import { HANDLERS_MAX } from '../constants.ts';
import { IdSchema, LooseNumberSchema, NonNegativeSchema, optionalName } from './common.ts';

export const ITEM_CATEGORIES = ['item', 'stuff', 'service', 'cost', 'custom-item', 'custom-cost'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** Categories that carry money rather than things to move. */
export const COST_CATEGORIES: readonly ItemCategory[] = ['cost', 'custom-cost'];
/** Categories the spec calls "custom" (spec §4 step 1 validity). */
export const CUSTOM_CATEGORIES: readonly ItemCategory[] = ['custom-item', 'custom-cost'];

export const MAX_QUANTITY = 999;

/** Volume in m³ from dimensions in cm, when all three are above 0 (spec §3). */
export function volumeFromDimensions(lengthCm: number, widthCm: number, heightCm: number): number | null {
  if (lengthCm > 0 && widthCm > 0 && heightCm > 0) return (lengthCm * widthCm * heightCm) / 1_000_000;
  return null;
}

/** An item to load, a service or a cost line (spec §3 "Item"). */
export const ItemSchema = v.pipe(
  v.object({
    id: v.optional(v.nullable(IdSchema), null),
    order_item_id: v.optional(v.nullable(IdSchema), null),
    sensor_device_id: v.optional(v.nullable(IdSchema), null),
    name: optionalName(),
    category: v.optional(v.picklist(ITEM_CATEGORIES), 'item'),
    /** m³ per unit. */
    volume: v.optional(NonNegativeSchema, 0),
    /** kg per unit. */
    weight: v.optional(NonNegativeSchema, 0),
    /** cm. */
    length: v.optional(NonNegativeSchema, 0),
    width: v.optional(NonNegativeSchema, 0),
    height: v.optional(NonNegativeSchema, 0),
    /** Smallest truck (m³) this item needs, e.g. a piano needs a tail lift truck. */
    minimal_truck_capacity: v.optional(NonNegativeSchema, 0),
    /** Hours one unit takes to load and unload at ground level. */
    time_factor: v.optional(NonNegativeSchema, 0),
    persons_needed: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(HANDLERS_MAX)), 1),
    /** The item fits in a lift. */
    elevator: v.optional(v.boolean(), true),
    /** Per-unit handling price (VAT excluded) that replaces the computed one; for costs, the amount. */
    customPrice: v.optional(v.nullable(v.pipe(v.number(), v.finite())), null),
    quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_QUANTITY)), 1),
    subItemNames: v.optional(v.pipe(v.array(optionalName()), v.maxLength(200)), []),
    /** Kept as typed: used only when it parses as a number (spec §5). */
    predefinedTransportationFee: v.optional(v.nullable(LooseNumberSchema), null),
    predefinedHandlingFee: v.optional(v.nullable(LooseNumberSchema), null),
  }),
  v.transform((item) => {
    const fromDimensions = volumeFromDimensions(item.length, item.width, item.height);
    return fromDimensions === null ? item : { ...item, volume: fromDimensions };
  }),
);
export type ItemInput = v.InferInput<typeof ItemSchema>;
export type Item = v.InferOutput<typeof ItemSchema>;

export function makeItem(input: ItemInput = {}): Item {
  return v.parse(ItemSchema, input);
}

export function isCostItem(item: Item): boolean {
  return COST_CATEGORIES.includes(item.category);
}

export function isCustomItem(item: Item): boolean {
  return item.category === 'custom-item';
}

/** Things that go in the truck: everything except cost lines. */
export function isLoadItem(item: Item): boolean {
  return !isCostItem(item);
}
