import * as v from 'valibot';
import { HANDLERS_MAX, HANDLERS_MIN } from '../constants.ts';

/**
 * What a pool's pricing code receives (as `input`), in plain units: km, hours, m³,
 * prices VAT excluded. Documented here because carriers write code against it.
 *
 * A carrier's code is a function body: `input` is its one argument, and it returns
 * `{ transportation, handling }` in euros HT (PoolPriceOutputSchema below). For example:
 *
 *     return {
 *       transportation: 45 + input.distance_km * 0.9 + input.duration_h * 20,
 *       handling: input.handling_hours * Math.max(1, input.persons) * 28,
 *     };
 *
 * `persons` and `handling_hours` are those the customer chose on the estimate (the booking
 * states them); when the customer left them to the estimate, the estimate's. A grid that
 * prices handling by the hour prices the handling booked.
 */
export const PoolPriceInputSchema = v.object({
  /** Road km and hours the driver drives (customer route + way back). */
  distance_km: v.number(),
  duration_h: v.number(),
  /** Road km and hours between the customer's stops. */
  customer_distance_km: v.number(),
  customer_duration_h: v.number(),
  /** The load in whole m³ (the catalogue's volumes for its items), and the vehicle it needs (m³). */
  volume_m3: v.number(),
  truck_capacity_m3: v.number(),
  /** Hours of handling and handlers: the customer's choice (0.5 to 8 h, 0 to 4 handlers), else the estimate's. */
  handling_hours: v.number(),
  persons: v.number(),
  /** Each stop in order: pickup, dropoff or service, its floor (-1 street, 0 ground, 1 to 12), a lift, its postcode. */
  stops: v.array(v.object({ type: v.string(), floor: v.number(), elevator: v.boolean(), postal_code: v.string() })),
  /** Each line of the load: its name, category (item, stuff, service, custom-item…), quantity and unit volume (m³). */
  items: v.array(v.object({ name: v.string(), category: v.string(), quantity: v.number(), volume_m3: v.number() })),
  /** Prices the public grid computed for the same trip and handling, VAT excluded, for pools that only adjust them. */
  public_transportation: v.number(),
  public_handling: v.number(),
  /** 'yyyy-MM-dd' of the travel, '' when not chosen yet. */
  date: v.string(),
});
export type PoolPriceInput = v.InferOutput<typeof PoolPriceInputSchema>;

/**
 * What the code returns: transportation and handling VAT excluded, and optionally an
 * error (shown instead of the price), an info message, a number of handlers and an
 * amplitude in hours that turns on time windows (spec §4).
 */
export const PoolPriceOutputSchema = v.object({
  transportation: v.pipe(v.number(), v.finite()),
  handling: v.pipe(v.number(), v.finite()),
  error: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500))), null),
  info: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500))), null),
  persons: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(HANDLERS_MIN), v.maxValue(HANDLERS_MAX))), null),
  amplitude_hour: v.optional(v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(24))), null),
});
export type PoolPriceOutput = v.InferOutput<typeof PoolPriceOutputSchema>;

/**
 * One set of limits for a pool's code, in the page and on the server alike: its deadline
 * inside QuickJS, the watchdog above it (the sandbox is killed if QuickJS ever misses it), its
 * memory and its own stack (deep recursion becomes a catchable error long before
 * WebAssembly's stack ends).
 */
export const POOL_CODE_LIMITS = {
  deadlineMs: 300,
  watchdogMs: 1500,
  memoryBytes: 16 * 1024 * 1024,
  stackBytes: 256 * 1024,
} as const;
