import { useAtomValue } from 'jotai';
import { DateTime } from 'luxon';
import { systemClock } from '../services/clock.ts';
import { servicesAtom } from './services.atoms.ts';

/** Now, by the element's clock, read at each render: the day changes while the page stays open. */
export function useNow(): DateTime {
  const services = useAtomValue(servicesAtom);
  return DateTime.fromJSDate((services?.now ?? systemClock)());
}
