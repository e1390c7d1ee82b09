import { BUSINESS_TIME_ZONE } from '../constants.ts';
import { formatterOnFirstUse } from './formatter-on-first-use.ts';

// Intl, not luxon: the first panel and the quote's request must not bring the dates library.
const dayParts = formatterOnFirstUse('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day an instant falls on in France, 'yyyy-MM-dd'; '' for an unreadable instant. */
export function dayInFrance(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const found = Object.fromEntries(
    dayParts()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${found.year}-${found.month}-${found.day}`;
}
