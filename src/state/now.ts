import { useAtomValue } from 'jotai';
import { systemClock } from '../services/clock.ts';
import { travelDayAtom } from './arrival.atoms.ts';
import { servicesAtom } from './services.atoms.ts';

/** Now, by the element's clock, read at each render: the day changes while the page stays open. */
export function useNow(): Date {
  const services = useAtomValue(servicesAtom);
  return (services?.now ?? systemClock)();
}

/** The travel day: the customer's date, else the default day (spec §9), the first the carrier takes. */
export function useTravelDay(): string {
  useNow();
  return useAtomValue(travelDayAtom);
}
