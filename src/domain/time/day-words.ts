// The calendar of day prices writes its days itself: the day list's module (calendar-days.ts)
// comes with the first panel's date field, and importing it from the calendar's chunk would
// split it into a file of its own, fetched with the first panel.
const inUtc = { timeZone: 'UTC' } as const;
let formats: {
  weekday: Intl.DateTimeFormat;
  short: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  shortMonth: Intl.DateTimeFormat;
} | null = null;
const formatsOnFirstUse = () =>
  (formats ??= {
    weekday: new Intl.DateTimeFormat('fr-FR', { ...inUtc, weekday: 'long' }),
    short: new Intl.DateTimeFormat('fr-FR', { ...inUtc, weekday: 'short' }),
    month: new Intl.DateTimeFormat('fr-FR', { ...inUtc, month: 'long' }),
    shortMonth: new Intl.DateTimeFormat('fr-FR', { ...inUtc, month: 'short' }),
  });

/** A day ('yyyy-MM-dd') as the UTC midnight of that day: written the same in every time zone. */
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
/** The day of the month, the first written '1er' as French does. */
const dayOfMonth = (date: Date) => (date.getUTCDate() === 1 ? '1er' : String(date.getUTCDate()));

/** The day `count` days after `day`. */
export function dayAfter(day: string, count: number): string {
  const date = midnight(day);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** 'mardi 1er décembre': a day of the coming weeks, read out with its price. */
export function dayAndMonthInWords(day: string): string {
  const date = midnight(day);
  const { weekday, month } = formatsOnFirstUse();
  return `${weekday.format(date)} ${dayOfMonth(date)} ${month.format(date)}`;
}

/** 'mar. 1er déc.': a day on its card. */
export function shortDayInWords(day: string): string {
  const date = midnight(day);
  const { short, shortMonth } = formatsOnFirstUse();
  return `${short.format(date)} ${dayOfMonth(date)} ${shortMonth.format(date)}`;
}
