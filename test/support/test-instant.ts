/**
 * The one rule for the instant every suite that talks to a server lives at: the first Monday
 * at least three days after the machine's date. The servers the suites start run on the
 * machine's clock (production code takes no clock from outside), so a suite whose page or
 * element lived at a fixed day would see that day pass on its server one morning (it did on
 * 1 December 2026). Derived from the machine's date, the suite's day is always ahead of its
 * server's, and always a Monday, so the weekdays fall where the tests expect them.
 * `faketime` moves the machine's date in the date guard (test/date-guard.mjs) to prove it.
 */
export function firstMondayAfter(now: Date, days: number, hourUtc: number): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hourUtc));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/** The Monday the suites live at, 'yyyy-MM-dd'. */
export function testMonday(now: Date = new Date()): string {
  return firstMondayAfter(now, 3, 12).toISOString().slice(0, 10);
}
