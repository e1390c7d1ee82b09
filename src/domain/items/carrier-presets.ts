import * as v from 'valibot';
import { ItemSchema } from '../entities/item.ts';

/**
 * The home's sizes and how furnished it is (issue 45), and a carrier's own preset inventories:
 * the carrier edits them in its Réglages › Catalogue, and its pages' elements use them instead
 * of the shipped ones (home-presets.ts). Kept apart from the shipped data so the company data's
 * schema, read by the first panel, does not carry the shipped inventories with it.
 */
export const HOME_SIZES = ['Studio', 'T1', 'T2', 'T3', 'T4', 'T5', 'Maison'] as const;
export type HomeSize = (typeof HOME_SIZES)[number];
export const FURNISHINGS = ['peu meublé', 'normalement meublé', 'très meublé'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];

/** Lines of one preset at most: the shipped house has about forty, and the list stays readable. */
export const PRESET_LINES_MAX = 80;

/** One of the carrier's presets: its lines as items of the catalogue (ids, names and the catalogue's figures), each with its count. */
export const CarrierPresetSchema = v.object({
  size: v.picklist(HOME_SIZES),
  furnishing: v.picklist(FURNISHINGS),
  items: v.pipe(v.array(ItemSchema), v.minLength(1), v.maxLength(PRESET_LINES_MAX)),
});
export type CarrierPreset = v.InferOutput<typeof CarrierPresetSchema>;

/** Every size × furnishing at most once. */
export const MAX_CARRIER_PRESETS = HOME_SIZES.length * FURNISHINGS.length;

/** The carrier's preset for this home, if it has one of its own. */
export function carrierPresetFor(presets: readonly CarrierPreset[], size: HomeSize, furnishing: Furnishing): CarrierPreset | null {
  return presets.find((preset) => preset.size === size && preset.furnishing === furnishing) ?? null;
}

/** A preset's load volume in m³: each line's volume times its count. */
export function presetVolume(items: readonly { volume: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.volume * item.quantity, 0);
}
