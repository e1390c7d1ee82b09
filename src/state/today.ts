import { useAtomValue } from 'jotai';
import { dayInFrance } from '../domain/time/france-clock.ts';
import { systemClock } from '../services/clock.ts';
import { servicesAtom } from './services.atoms.ts';

/** Today in France ('yyyy-MM-dd') by the element's clock, read at each render: the first panel's date list needs the day only. */
export function useToday(): string {
  const services = useAtomValue(servicesAtom);
  return dayInFrance((services?.now ?? systemClock)());
}
