import { atom, useAtomValue, type Getter } from 'jotai';
import { useCallback } from 'react';
import { CLOSED_DAY, tooSoonMessage } from '../domain/tariff/day-words.ts';
import { dayRefusal, firstChoosableDay, firstDayWithNotice } from '../domain/tariff/day-rules.ts';
import { tariffOf } from '../domain/tariff/default-tariff.ts';
import type { Tariff } from '../domain/tariff/tariff.ts';
import { defaultTravelDate } from '../domain/time/defaults.ts';
import { dayInFrance } from '../domain/time/france-clock.ts';
import { systemClock } from '../services/clock.ts';
import { companyDataAtom } from './company.atoms.ts';
import { customerDateAtom } from './customer.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { useToday } from './today.ts';

/**
 * One model of the days a customer may book (issue 55, point 1), from the carrier's tariff: its
 * closed days and its notice. Every date control of both elements offers only these, the
 * default day is the first of them, and the server refuses the others with the same words.
 */

const carrierTariffAtom = atom((get) => tariffOf(get(companyDataAtom)));
const nowOf = (get: Getter) => (get(servicesAtom)?.now ?? systemClock)();

/** The default travel day (spec §9: today, tomorrow from 22:00), moved on to the first the carrier takes. */
export function defaultDayOf(get: Getter, now: Date = nowOf(get)): string {
  return firstChoosableDay(get(carrierTariffAtom), defaultTravelDate(now), dayInFrance(now));
}

/** Why a day cannot be booked with this carrier, in the customer's words; null when it can (or is gone: spec §5 says that). */
export function dayProblem(tariff: Pick<Tariff, 'days'>, day: string, today: string): string | null {
  const refusal = dayRefusal(tariff, day, today);
  if (refusal === 'closed') return CLOSED_DAY;
  if (refusal === 'too_soon' && tariff.days.lead_days > 0)
    return tooSoonMessage(tariff.days.lead_days, firstChoosableDay(tariff, firstDayWithNotice(tariff, today), today));
  return null;
}

/** Why the day chosen cannot be booked, said at once under the date and keeping the step from going on; null when it can. */
export const chosenDayProblemAtom = atom((get) => {
  const day = get(customerDateAtom);
  return day ? dayProblem(get(carrierTariffAtom), day, dayInFrance(nowOf(get))) : null;
});

/** The carrier's refusal of a day, for the date lists: 'closed', 'too_soon' or null. */
export function useDayRefusal(): (day: string) => 'closed' | 'too_soon' | null {
  const tariff = useAtomValue(carrierTariffAtom);
  const today = useToday();
  return useCallback((day: string) => dayRefusal(tariff, day, today), [tariff, today]);
}
