import { useAtomValue } from 'jotai';
import { systemClock } from '../services/clock.ts';
import { servicesAtom } from './services.atoms.ts';

/** Now, by the element's clock, as an instant: for screens that need no calendar (and so no luxon). */
export function useInstant(): Date {
  const services = useAtomValue(servicesAtom);
  return (services?.now ?? systemClock)();
}
