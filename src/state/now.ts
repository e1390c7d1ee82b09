import { useAtomValue } from 'jotai';
import { defaultTravelDate } from '../domain/time/defaults.ts';
import { systemClock } from '../services/clock.ts';
import { customerDateAtom } from './customer.atoms.ts';
import { servicesAtom } from './services.atoms.ts';

/** Now, by the element's clock, read at each render: the day changes while the page stays open. */
export function useNow(): Date {
  const services = useAtomValue(servicesAtom);
  return (services?.now ?? systemClock)();
}

/** The travel day: the customer's date, else the default day (spec §9). */
export function useTravelDay(): string {
  const date = useAtomValue(customerDateAtom);
  const now = useNow();
  return date || defaultTravelDate(now);
}
