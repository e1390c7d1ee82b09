import { useSetAtom } from 'jotai';
import { isSelectableDay } from '../../domain/time/choices.ts';
import { useNow, useTravelDay } from '../../state/now.ts';
import { chooseTravelDateAtom } from '../../state/travel-date.atoms.ts';
import { DateSelect } from '../controls/DateSelect.tsx';

/** The earlier variant's travel date in long French format, past days refused (spec §2). */
export function LiteDateField() {
  const chooseDate = useSetAtom(chooseTravelDateAtom);
  const day = useTravelDay();
  const now = useNow();
  return (
    <label className="date-field">
      Date du transport
      <DateSelect
        value={day}
        listOnDemand
        onChange={(date) => {
          if (date && isSelectableDay(date, now)) chooseDate(date);
        }}
      />
    </label>
  );
}
