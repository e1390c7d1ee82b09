import type { Getter } from 'jotai';
import { firstChoosableDay } from '../domain/tariff/bookable-days.ts';
import { defaultTravelDate } from '../domain/time/defaults.ts';
import { dayInFrance } from '../domain/time/france-clock.ts';
import { carrierTariffAtom, nowOf } from './bookable-days.ts';

/** The default travel day (spec §9: today, tomorrow from 22:00), moved on to the first the carrier takes (issue 55, point 1). */
export function defaultDayOf(get: Getter, now: Date = nowOf(get)): string {
  const day = defaultTravelDate(now);
  const tariff = get(carrierTariffAtom);
  return tariff ? firstChoosableDay(tariff, day, dayInFrance(now)) : day;
}
