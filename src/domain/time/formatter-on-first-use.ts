/**
 * An Intl date formatter built on its first use, not when its module loads: the page's first
 * formatter starts ICU's date and time-zone data (about 14 ms here, four times that on a phone),
 * which belongs to the first screen that writes a date, not to the first panel's module load.
 */
export function formatterOnFirstUse(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(locale, options));
}
