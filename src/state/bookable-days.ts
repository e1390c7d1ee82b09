import { atom, useAtomValue, type Getter } from 'jotai';
import { useCallback } from 'react';
import { dayRefusal, firstChoosableDay, firstDayWithNotice } from '../domain/tariff/bookable-days.ts';
import { CLOSED_DAY, tooSoonMessage } from '../domain/tariff/day-words.ts';
import type { Tariff } from '../domain/tariff/tariff.ts';
import { dayInFrance } from '../domain/time/france-clock.ts';
import { systemClock } from '../services/clock.ts';
import { companyDataAtom } from './company.atoms.ts';
import { customerDateAtom } from './customer.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { useToday } from './today.ts';

/**
 * One model of the days a customer may book (issue 55, point 1), from the carrier's tariff: its
 * closed days and its notice. Every date control of both elements offers only these, the
 * default day is the first of them (default-day.ts), and the server refuses the others with
 * the same words. A carrier without a tariff of its own closes no day and needs no notice.
 */
export const carrierTariffAtom = atom((get): Pick<Tariff, 'days'> | null => get(companyDataAtom).tariff);
export const nowOf = (get: Getter) => (get(servicesAtom)?.now ?? systemClock)();

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
  const tariff = get(carrierTariffAtom);
  return day && tariff ? dayProblem(tariff, day, dayInFrance(nowOf(get))) : null;
});

/** The carrier's refusal of a day, for the date lists: 'closed', 'too_soon' or null. */
export function useDayRefusal(): (day: string) => 'closed' | 'too_soon' | null {
  const tariff = useAtomValue(carrierTariffAtom);
  const today = useToday();
  return useCallback((day: string) => (tariff ? dayRefusal(tariff, day, today) : null), [tariff, today]);
}
