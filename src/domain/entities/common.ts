import * as v from 'valibot';
import { isIsoDateTime, isIsoDay } from '../time/iso.ts';

/** Longest free text accepted anywhere; keeps a pasted novel out of the store and the API. */
export const MAX_TEXT_LENGTH = 2000;
export const MAX_NAME_LENGTH = 200;

export const TextSchema = v.pipe(v.string(), v.maxLength(MAX_TEXT_LENGTH));
export const NameSchema = v.pipe(v.string(), v.maxLength(MAX_NAME_LENGTH));
/** Optional text that defaults to '' so the UI never has to test for undefined. */
export const optionalText = () => v.optional(TextSchema, '');
export const optionalName = () => v.optional(NameSchema, '');

export const FiniteSchema = v.pipe(v.number(), v.finite());
export const NonNegativeSchema = v.pipe(v.number(), v.finite(), v.minValue(0));
export const LatitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90));
export const LongitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180));

/** Ids come as numbers from the API and as strings from older stores: both are accepted. */
export const IdSchema = v.union([v.pipe(v.string(), v.maxLength(100)), v.pipe(v.number(), v.finite())]);
export type Id = v.InferOutput<typeof IdSchema>;

/** An ISO 8601 date-time, as luxon's toISO() writes it (its offset may be left out). */
export const TimestampSchema = v.pipe(v.string(), v.maxLength(40), v.check(isIsoDateTime, 'Date et heure invalides'));

/** A calendar day 'yyyy-MM-dd'. */
export const DaySchema = v.pipe(v.string(), v.check(isIsoDay, 'Date invalide'));

/** A time of day 'HH:mm'. */
export const TimeOfDaySchema = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Heure invalide'));

/** A number that may arrive as a numeric string (inputs, older stores). */
export const LooseNumberSchema = v.union([FiniteSchema, v.pipe(v.string(), v.maxLength(20))]);
