import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from './constants.ts';
import { formatClock } from './format.ts';

// Dates and times in French, in France's zone. Apart from the figures of format.ts: these need
// luxon, and the first panel shows none of them, so the elements load them with the stop times.

/** A pure function of one string (a day, a timestamp), computed once per value: zoned dates are costly to build. */
function remembered(compute: (value: string) => string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let result = known.get(value);
    if (result === undefined) {
      result = compute(value);
      // Bounded: the server formats the dates of every booking it shows.
      if (known.size >= 2000) known.clear();
      known.set(value, result);
    }
    return result;
  };
}

function dayOf(day: string): DateTime {
  return DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).setLocale('fr');
}

/** 'lundi 23 novembre 2026', 'mardi 1er décembre 2026' (the first of the month is 'premier'). */
export const formatLongDate = /* @__PURE__ */ remembered((day: string): string => {
  const date = dayOf(day);
  return `${date.toFormat('cccc')} ${date.day === 1 ? '1er' : date.day} ${date.toFormat('LLLL yyyy')}`;
});

/** 'lun. 23 nov.' */
export const formatShortDate = /* @__PURE__ */ remembered((day: string): string => {
  const date = dayOf(day);
  return `${date.toFormat('ccc')} ${date.day === 1 ? '1er' : date.day} ${date.toFormat('LLL')}`;
});

/** 'HH:mm' of a timestamp in France: the value stored and compared, never shown. */
export const timeValueOf = /* @__PURE__ */ remembered((timestamp: string): string =>
  DateTime.fromISO(timestamp, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toFormat('HH:mm'),
);

/** '14 h 30' of a timestamp, in France. */
export function formatTimeOfDay(timestamp: string): string {
  return formatClock(timeValueOf(timestamp));
}

/** 'lundi 23 novembre 2026 à 14 h 30', or the date alone without a time. */
export function formatDateAndTime(day: string, time: string): string {
  return time ? `${formatLongDate(day)} à ${formatClock(time)}` : formatLongDate(day);
}
