import { useAtomValue } from 'jotai';
import { formatClock } from '../../domain/format.ts';
import { formatShortDate } from '../../domain/format-dates.ts';
import { plusDays } from '../../domain/time/calendar-days.ts';
import { EVENING_FROM_HOUR, readArrival } from '../../domain/time/late-arrival.ts';
import { arrivalsAtom, travelDayAtom } from '../../state/arrival.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { Icon } from '../controls/icons.tsx';

/**
 * Under the start time: when the last address is reached past 21 h (late-arrival.ts says why
 * that hour) or the next day, one sentence says so while the start can still be moved.
 */
export function LateArrivalNote({ id }: { id: string }) {
  const arrivals = useAtomValue(arrivalsAtom);
  const stops = useAtomValue(stopsAtom);
  const day = useAtomValue(travelDayAtom);
  const last = stops.at(-1);
  const arrival = arrivals.at(-1);
  const read = last && arrival ? readArrival(arrival, plusDays(day, last.seekDays)) : null;
  if (!read?.late) return null;
  const when = read.nextDay ? `le ${formatShortDate(read.day)} à ${formatClock(read.time)}` : `à ${formatClock(read.time)}`;
  return (
    <p className="late-note" id={id} role="status">
      <Icon name="warning" size={16} />
      <span>
        Arrivée à la dernière adresse estimée {when}, après {EVENING_FROM_HOUR}
        {'\u00a0'}h{'\u00a0'}: le transporteur pourra vous proposer un départ plus tôt.
      </span>
    </p>
  );
}
