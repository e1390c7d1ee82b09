import { formatClock } from './format.ts';
import { longFrenchDate, shortFrenchDate } from './time/calendar-days.ts';
import { readTimestamp, wallClockInFrance } from './time/france-clock.ts';

// Dates and times in French, in France's zone, apart from the figures of format.ts, with Intl
// (time/calendar-days.ts, time/france-clock.ts).

/** A pure function of one string (a day, a timestamp), computed once per value: Intl's formatting is costly. */
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

/** 'lundi 23 novembre 2026', 'mardi 1er décembre 2026' (the first of the month is 'premier'). */
export const formatLongDate = /* @__PURE__ */ remembered(longFrenchDate);

/** 'lun. 23 nov.' */
export const formatShortDate = /* @__PURE__ */ remembered(shortFrenchDate);

/** 'HH:mm' of a timestamp in France: the value stored and compared, never shown. */
export const timeValueOf = /* @__PURE__ */ remembered((timestamp: string): string => {
  const moment = readTimestamp(timestamp);
  return moment ? wallClockInFrance(moment.millis).time : '';
});

/** '14 h 30' of a timestamp, in France. */
export function formatTimeOfDay(timestamp: string): string {
  return formatClock(timeValueOf(timestamp));
}

/** 'lundi 23 novembre 2026 à 14 h 30', or the date alone without a time. */
export function formatDateAndTime(day: string, time: string): string {
  return time ? `${formatLongDate(day)} à ${formatClock(time)}` : formatLongDate(day);
}
