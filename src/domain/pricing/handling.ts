import {
  HANDLERS_MIN,
  HANDLING_HOURS_MAX,
  HANDLING_HOURS_MIN,
  HANDLING_HOURS_STEP,
  HANDLING_RATE_MOVING,
  HANDLING_RATE_STANDARD,
  MOVING_VOLUME_THRESHOLD,
} from '../constants.ts';
import type { HandlingRates } from '../entities/company.ts';
import type { Item } from '../entities/item.ts';
import { isLoadItem } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';
import { floorMultiplier } from './floors.ts';
import { roundVolume, largestItem } from './volume.ts';
import { withVat } from './vat.ts';
import { clampHandlers, clampHandlingHours } from './handling-limits.ts';

export { clampHandlers, clampHandlingHours };

/** Hours per m³ for an item whose catalogue entry gives no handling time. */
export const DEFAULT_HOURS_PER_M3 = 0.25;

/** A moving: 2 or more persons on the largest item, or total volume + 1 >= 8 (spec §9). */
export function isMoving(items: readonly Item[], volume: number): boolean {
  const largest = largestItem(items);
  return (largest !== null && largest.persons_needed >= 2) || volume + 1 >= MOVING_VOLUME_THRESHOLD;
}

/** Hourly rate per handler, VAT excluded: 18, or 30 for a moving, unless the company set its own. */
export function handlingHourlyRate(moving: boolean, rates?: HandlingRates | null): number {
  if (moving) return rates?.moving ?? HANDLING_RATE_MOVING;
  return rates?.standard ?? HANDLING_RATE_STANDARD;
}

/** Hours to handle one unit at ground level. */
export function unitHandlingHours(item: Item): number {
  return item.time_factor > 0 ? item.time_factor : item.volume * DEFAULT_HOURS_PER_M3;
}

function itemKey(item: Item): string | null {
  const key = item.order_item_id ?? item.id;
  return key === null ? null : String(key);
}

/** Which stops handle an item, asked once per item of the list. */
type HandlingPlaces = (item: Item) => readonly Stop[];

/**
 * Stops where an item is loaded or unloaded: those whose order_item_ids name it, else the
 * first pickup (or first stop) and the last drop-off (or last stop). Worked out once per
 * trip, not once per item: 200 items on 50 stops are priced on every quantity change.
 */
export function handlingPlaces(stops: readonly Stop[]): HandlingPlaces {
  const listed = new Map<string, Stop[]>();
  for (const stop of stops)
    for (const id of stop.order_item_ids) {
      const places = listed.get(String(id));
      if (!places) listed.set(String(id), [stop]);
      else if (places[places.length - 1] !== stop) places.push(stop);
    }
  const usual = usualPlaces(stops);
  return (item) => {
    const key = itemKey(item);
    return (key !== null && listed.get(key)) || usual;
  };
}

function usualPlaces(stops: readonly Stop[]): readonly Stop[] {
  if (stops.length === 0) return [];
  const pickup = stops.find((stop) => stop.type === 'pickup') ?? stops[0]!;
  let dropoff = stops[stops.length - 1]!;
  for (let index = stops.length - 1; index >= 0; index -= 1)
    if (stops[index]!.type === 'dropoff') {
      dropoff = stops[index]!;
      break;
    }
  return pickup === dropoff ? [pickup] : [pickup, dropoff];
}

/** How a floor weighs on handling one item there: spec §9's multipliers, or what a tariff makes of them. */
export type FloorRule = (stop: Pick<Stop, 'floor' | 'elevator'>, item: Pick<Item, 'elevator' | 'category'>) => number;

/** Mean floor multiplier of an item over the stops where it is handled (1 with no stop known). */
function itemFloorFactor(item: Item, places: HandlingPlaces, rule: FloorRule): number {
  const where = places(item);
  if (where.length === 0) return 1;
  return where.reduce((sum, stop) => sum + rule(stop, item), 0) / where.length;
}

/**
 * Raw handling hours: Σ quantity × unit hours × mean floor multiplier.
 *
 * Worked example: pickup on the 3rd floor without lift (×1.1), drop-off on the ground
 * floor (×1); a 3-seat sofa (0.5 h) and 20 boxes (0.05 h each, and the boxes go in the lift
 * of neither). Sofa: 1 × 0.5 × (1.1 + 1) / 2 = 0.525 h; boxes: 20 × 0.05 × 1.05 = 1.05 h;
 * total 1.575 h, billed as 2 h (see billableHandlingHours).
 */
export function rawHandlingHours(items: readonly Item[], stops: readonly Stop[], rule: FloorRule = floorMultiplier): number {
  return hoursAt(items, handlingPlaces(stops), rule);
}

function hoursAt(items: readonly Item[], places: HandlingPlaces, rule: FloorRule): number {
  return items
    .filter(isLoadItem)
    .reduce((hours, item) => hours + item.quantity * unitHandlingHours(item) * itemFloorFactor(item, places, rule), 0);
}

/** Hours as a mover bills them: up to the next half hour, from 0.5 to 8 h; 0 when nothing is carried. */
export function billableHandlingHours(rawHours: number): number {
  if (rawHours <= 0) return 0;
  const stepped = Math.ceil(rawHours / HANDLING_HOURS_STEP - 1e-9) * HANDLING_HOURS_STEP;
  return Math.min(HANDLING_HOURS_MAX, Math.max(HANDLING_HOURS_MIN, stepped));
}

/** Handling duration in seconds: hours × 3600 (spec §9). */
export function handlingDurationSeconds(hours: number): number {
  return Math.round(hours * 3600);
}

/**
 * Handlers: as many as the most demanding item asks (a piano: 4), at least 2 for a
 * moving, at least 1 when anything is carried, never more than 4; 0 when nothing is.
 */
export function handlersNeeded(items: readonly Item[], volume: number, hours: number): number {
  if (hours <= 0) return HANDLERS_MIN;
  const mostDemanding = items.filter(isLoadItem).reduce((most, item) => Math.max(most, item.persons_needed), 0);
  const floor = isMoving(items, volume) ? 2 : 1;
  return clampHandlers(Math.max(mostDemanding, floor));
}

export interface HandlingFeeInput {
  /** Billed hours for the items priced by the hour. */
  hours: number;
  persons: number;
  /** Per handler per hour, VAT excluded. */
  hourlyRate: number;
  /** Σ customPrice × quantity of items priced by hand, VAT excluded. */
  customPricesTotal: number;
  vat: number;
}

/** Handling fee VAT included, rounded to whole currency (spec §9). */
export function handlingFee({ hours, persons, hourlyRate, customPricesTotal, vat }: HandlingFeeInput): number {
  return Math.round(withVat(hours * persons * hourlyRate + customPricesTotal, vat));
}

/** Items with a custom price are priced by it instead of by the hour (spec §9). */
export function splitByCustomPrice(items: readonly Item[]): { hourly: Item[]; customPricesTotal: number } {
  const loadItems = items.filter(isLoadItem);
  const hourly = loadItems.filter((item) => item.customPrice === null);
  const customPricesTotal = loadItems
    .filter((item) => item.customPrice !== null)
    .reduce((sum, item) => sum + (item.customPrice ?? 0) * item.quantity, 0);
  return { hourly, customPricesTotal };
}

export interface HandlingEstimate {
  /** Hours the handling takes (all items), billed steps. */
  hours: number;
  durationSeconds: number;
  persons: number;
  moving: boolean;
  hourlyRate: number;
  fee: number;
}

export interface HandlingOverrides {
  persons?: number | null;
  hours?: number | null;
}

/** The work a handling is priced from: its hours and crew, the hours billed by the hour, and the prices set by hand. */
export interface HandlingWork extends Omit<HandlingEstimate, 'fee'> {
  /** Hours billed at the hourly rate: those of the items without a hand-set price, or the hours chosen. */
  billedHours: number;
  /** Σ customPrice × quantity, VAT excluded. */
  customPricesTotal: number;
}

/** Hours, handlers and rate of a handling, with the handlers and hours the user may have chosen, before any price. */
export function handlingWork(
  items: readonly Item[],
  stops: readonly Stop[],
  volume: number,
  rates?: HandlingRates | null,
  overrides: HandlingOverrides = {},
  rule: FloorRule = floorMultiplier,
): HandlingWork {
  const moving = isMoving(items, roundVolume(volume));
  const hourlyRate = handlingHourlyRate(moving, rates);
  const { hourly, customPricesTotal } = splitByCustomPrice(items);
  const places = handlingPlaces(stops);
  const computedHours = billableHandlingHours(hoursAt(items, places, rule));
  const hours = overrides.hours != null ? clampHandlingHours(overrides.hours) : computedHours;
  const persons = overrides.persons != null ? clampHandlers(overrides.persons) : handlersNeeded(items, volume, computedHours);
  // Items priced by hand are not billed by the hour; hours the user chose are billed whole.
  const billedHours = overrides.hours != null ? hours : billableHandlingHours(hoursAt(hourly, places, rule));
  return { hours, durationSeconds: handlingDurationSeconds(hours), persons, moving, hourlyRate, billedHours, customPricesTotal };
}

/** The whole handling estimate on spec §9's rules, with the handlers and hours the user may have chosen. */
export function estimateHandling(
  items: readonly Item[],
  stops: readonly Stop[],
  volume: number,
  vat: number,
  rates?: HandlingRates | null,
  overrides: HandlingOverrides = {},
): HandlingEstimate {
  const { billedHours, customPricesTotal, ...work } = handlingWork(items, stops, volume, rates, overrides);
  return { ...work, fee: handlingFee({ hours: billedHours, persons: work.persons, hourlyRate: work.hourlyRate, customPricesTotal, vat }) };
}
