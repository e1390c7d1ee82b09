/** Business constants of spec §9, named once so every rule reads from the same place. */

/** VAT rate (20 %). Prices are stored VAT included; company mode shows them divided by 1 + VAT. */
export const DEFAULT_VAT = 0.2;
/** Currency symbol used when the company data gives none (spec §9). */
export const FALLBACK_CURRENCY_SYMBOL = 'E';

/** Addresses per directions request, and the most a trip may hold. */
export const DIRECTIONS_CHUNK_SIZE = 25;
export const MAX_ADDRESSES = 50;

/** Straight-line fallback (spec §9). */
export const EARTH_RADIUS_KM = 6371;
export const STRAIGHT_LINE_DETOUR_FACTOR = 1.5;
export const FALLBACK_SPEEDS_KMH = { short: 15, medium: 30, long: 80 } as const;
export const FALLBACK_MEDIUM_ABOVE_KM = 10;
export const FALLBACK_LONG_ABOVE_KM = 100;

/** Handling hourly rates per handler, VAT excluded (spec §9; a company may override them). */
export const HANDLING_RATE_STANDARD = 18;
export const HANDLING_RATE_MOVING = 30;
/** A job is a moving when total volume + 1 reaches this many m³. */
export const MOVING_VOLUME_THRESHOLD = 8;

/** Earlier variant's transport price (spec §9). */
export const LITE_PRICE_PER_KM = 0.7;
export const LITE_PRICE_PER_HOUR = 15;
export const LITE_MINIMUM_PRICE = 38;

/** Default custom item, the 'Prestation Spécifique' (spec §9). */
export const DEFAULT_CUSTOM_ITEM = { name: 'Prestation Spécifique', volume: 6, price: 45 } as const;

/** Load bar thresholds in percent (spec §9). */
export const LOAD_WARNING_ABOVE = 60;
export const LOAD_DANGER_ABOVE = 90;

/** Stops and time (spec §9). */
export const DEFAULT_ON_SITE_MINUTES = 5;
export const ESTIMATED_TIME_WINDOW_MINUTES = 180;
export const MAX_SEEK_DAYS = 6;
export const TIME_STEP_MINUTES = 15;
export const DEFAULT_DATE_TOMORROW_FROM_HOUR = 22;
export const DEFAULT_TIME_MORNING_FROM_HOUR = 23;
export const MORNING_DEFAULT_TIME = '07:00';
/** Dates and times of day are those of mainland France. */
export const BUSINESS_TIME_ZONE = 'Europe/Paris';

/** Estimate choices (spec §9). */
export const HANDLERS_MIN = 0;
export const HANDLERS_MAX = 4;
export const HANDLING_HOURS_MIN = 0.5;
export const HANDLING_HOURS_MAX = 8;
export const HANDLING_HOURS_STEP = 0.5;

/** A resolved address this close (in degrees of lat/lng) to a saved place is that place. */
export const PLACE_ASSOCIATION_RADIUS = 0.01;
/** A stop label this long names the stop in notes instead of 'étape N'. */
export const STOP_LABEL_MIN_LENGTH_FOR_NOTES = 5;

/** Text inputs limited by the spec (§5). */
export const PRICE_INPUT_MAX_LENGTH = 5;
export const MINUTES_INPUT_MAX_LENGTH = 5;

/** Pricing code of a driver pool must be longer than this (spec §5). */
export const POOL_CODE_MIN_LENGTH_EXCLUSIVE = 10;
/** Marker before a pool's default notes in the customer notes (spec §4). */
export const POOL_NOTES_MARKER = '====';
