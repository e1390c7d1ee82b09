import { useMemo } from 'react';
import { bookableDays } from '../../domain/time/choices.ts';
import { formatLongDate } from '../../domain/format-dates.ts';
import { inBusinessZone } from '../../domain/time/defaults.ts';
import { useNow } from '../../state/now.ts';

/**
 * The transport date in words ('lundi 30 novembre 2026'), grouped by month. A native select
 * rather than a date input: the browser's date input writes mm/dd/yyyy in an English browser,
 * and phones keep their own picker for a select. Past days are never offered (spec §5).
 */
export function DateSelect({
  value,
  onChange,
  placeholder,
  ...aria
}: {
  value: string;
  onChange: (day: string) => void;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onBlur?: () => void;
  'data-target'?: string;
}) {
  const now = useNow();
  const today = inBusinessZone(now).toISODate();
  const months = useMemo(() => {
    const groups = new Map<string, string[]>();
    for (const day of bookableDays(now)) {
      const month = day.slice(0, 7);
      groups.set(month, [...(groups.get(month) ?? []), day]);
    }
    return [...groups];
    // The list changes with the day, not with every tick of the clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the day
  }, [today]);
  const listed = months.some(([, days]) => days.includes(value));
  return (
    <select value={value} onChange={(event) => onChange(event.target.value)} {...aria}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {value && !listed && <option value={value}>{formatLongDate(value)}</option>}
      {months.map(([month, days]) => (
        <optgroup key={month} label={formatLongDate(days[0]!).split(' ').slice(2).join(' ')}>
          {days.map((day) => (
            <option key={day} value={day}>
              {formatLongDate(day)}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
