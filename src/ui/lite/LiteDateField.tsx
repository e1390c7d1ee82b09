import { useAtom } from 'jotai';
import { isSelectableDay, moveStopsToDate } from '../../domain/index.ts';
import { useNow, useTravelDay } from '../../state/clock.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { DateSelect } from '../controls/DateSelect.tsx';

/** The earlier variant's travel date in long French format, past days refused (spec §2). */
export function LiteDateField() {
  const [customer, setCustomer] = useAtom(customerAtom);
  const [stops, setStops] = useAtom(stopsAtom);
  const day = useTravelDay();
  const now = useNow();
  return (
    <label className="date-field">
      Date du transport
      <DateSelect
        value={customer.date || day}
        onChange={(date) => {
          if (!date || !isSelectableDay(date, now)) return;
          setCustomer({ ...customer, date });
          setStops(moveStopsToDate(stops, date));
        }}
      />
    </label>
  );
}
