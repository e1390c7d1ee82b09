import { useMemo } from 'react';
import { bookableDaysFrom, frenchMonthAndYear, longFrenchDate } from '../../domain/time/calendar-days.ts';
import { useDayRefusal } from '../../state/bookable-days.ts';
import { useToday } from '../../state/today.ts';
import { useListOnDemand } from './use-list-on-demand.ts';

/**
 * The transport date in words ('lundi 30 novembre 2026'), grouped by month. A native select
 * rather than a date input: the browser's date input writes mm/dd/yyyy in an English browser,
 * and phones keep their own picker for a select. Past days are never offered (spec §5).
 * Nor are the carrier's closed days and those sooner than its notice: listed so the calendar
 * reads whole, but disabled and said (issue 55, point 1), so they cannot be chosen anywhere.
 * Days are written with Intl, so the date needs no dates library; on the first panel, closed,
 * it holds its chosen day alone and builds the year of days when it is reached, or in slices
 * once the page is idle.
 */
export function DateSelect({
  value,
  onChange,
  placeholder,
  listOnDemand = false,
  ...aria
}: {
  value: string;
  /** Closed, hold the chosen day alone until reached or idle (the first panel's date): see use-list-on-demand.ts. */
  listOnDemand?: boolean;
  onChange: (day: string) => void;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onBlur?: () => void;
  'data-target'?: string;
}) {
  const today = useToday();
  const refusal = useDayRefusal();
  const { full, listeners } = useListOnDemand(listOnDemand ? 'when-reached-or-idle' : 'at-once');
  // The list changes with the day, not with every tick of the clock, nor with a render of the
  // panel around it (a stop moved): the year of days is written in words once per day, and the
  // same elements let React skip them.
  const { listedDays, groups } = useMemo(() => {
    if (!full) return { listedDays: new Set<string>(), groups: null };
    const months = new Map<string, string[]>();
    for (const day of bookableDaysFrom(today)) {
      const month = day.slice(0, 7);
      months.set(month, [...(months.get(month) ?? []), day]);
    }
    return {
      listedDays: new Set([...months.values()].flat()),
      groups: [...months].map(([month, days]) => (
        <optgroup key={month} label={frenchMonthAndYear(days[0]!)}>
          {days.map((day) => {
            const refused = refusal(day);
            return (
              <option key={day} value={day} disabled={refused !== null}>
                {longFrenchDate(day)}
                {refused === 'closed' ? ' (fermé)' : refused === 'too_soon' ? ' (trop tôt)' : ''}
              </option>
            );
          })}
        </optgroup>
      )),
    };
  }, [full, today, refusal]);
  const listed = listedDays.has(value);
  return (
    <select value={value} onChange={(event) => onChange(event.target.value)} {...listeners} {...aria}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {value && !listed && <option value={value}>{longFrenchDate(value)}</option>}
      {groups}
    </select>
  );
}
