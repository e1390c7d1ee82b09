import { DateTime } from 'luxon';

/**
 * A day of the list's filter: what a French carrier types ('17/12/2026', '7/1/2027') or what
 * the list's own links carry ('2026-12-17'). Returns 'yyyy-mm-dd', null for an empty field, and
 * undefined for a day that does not exist or cannot be read (the page says so, nothing is lost).
 *
 * The fields are text, not `type="date"`: Chromium draws a date field in the browser's language,
 * whatever the page's `lang`, so a carrier whose browser is in English reads 'mm/dd/yyyy'. A text
 * field reads 'jj/mm/aaaa' everywhere, and the server reads it.
 */
export function readFrenchDay(text: string): string | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const [year, month, day] = french ? [french[3], french[2], french[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year) return undefined;
  const date = DateTime.fromObject({ year: Number(year), month: Number(month), day: Number(day) });
  return date.isValid ? date.toISODate()! : undefined;
}
