import { useAtomValue, useSetAtom } from 'jotai';
import { STEPS } from '../../domain/steps/step-model.ts';
import { isSelectableDay } from '../../domain/time/choices.ts';
import { useNow, useTravelDay } from '../../state/now.ts';
import { useToday } from '../../state/today.ts';
import { lastBookableDay } from '../../domain/time/calendar-days.ts';
import { routeAtom } from '../../state/route.atoms.ts';
import { stepAtom } from '../../state/steps.atoms.ts';
import { chooseTravelDateAtom } from '../../state/travel-date.atoms.ts';
import { chosenDayProblemAtom } from '../../state/bookable-days.ts';
import { outsideAreaAtom } from '../../state/service-area.atoms.ts';
import { DateSelect } from '../controls/DateSelect.tsx';
import { deferred } from '../controls/deferred.tsx';
import { SteadyAbove } from '../controls/SteadyAbove.tsx';

/** Each day's price (issue 45): its code comes once the trip has a route, after the first panel. */
const DayPrices = deferred(() => import('../chunk-day-prices.ts').then((m) => m.DayPrices), 'le prix de chaque jour', 'field-waiting');

/**
 * The travel date in long French format, past days refused (spec §2): the earlier variant's
 * header and the wizard's first panel. On the addresses step, once the trip has a route, the
 * next days with their price follow it.
 */
export function LiteDateField() {
  const chooseDate = useSetAtom(chooseTravelDateAtom);
  const day = useTravelDay();
  const now = useNow();
  const choose = (date: string) => {
    if (date && isSelectableDay(date, now)) chooseDate(date);
  };
  const today = useToday();
  const routed = useAtomValue(routeAtom) !== null;
  const first = useAtomValue(stepAtom) === STEPS.addresses;
  // A day the carrier does not take, come from the page's data or an older booking: said at once (issue 55, point 1).
  const problem = useAtomValue(chosenDayProblemAtom);
  const outsideArea = useAtomValue(outsideAreaAtom) !== null;
  return (
    <>
      <label className="date-field">
        Date du transport
        <DateSelect
          value={day}
          listOnDemand
          onChange={choose}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'date-problem' : undefined}
        />
      </label>
      {problem && (
        <p className="field-error" id="date-problem" role="alert">
          {problem}
        </p>
      )}
      {/* A trip the carrier does not serve has no price, on any day (service-area.atoms.ts). */}
      {first && routed && !outsideArea && (
        <SteadyAbove>
          <DayPrices today={today} chosen={day} lastDay={lastBookableDay(today)} onChoose={choose} />
        </SteadyAbove>
      )}
    </>
  );
}
