import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE, readTypedEuros } from 'transport-quote-wizard/domain';
import { readFrenchDay } from './french-day.ts';

/** How long the customer's link works: three days, time to read it and call back. */
export const COUNTER_OFFER_MS = 72 * 3_600_000;
/** How far ahead a counter-offer may move a job. */
const FURTHEST_DAYS = 365;

export interface ReadOffer {
  /** ISO, Paris's offset. */
  beginning: string;
  ending: string | null;
  /** Cents TTC, when the carrier typed another price. */
  price: { transport: number; handling: number } | null;
}

/**
 * The counter-offer's form read: a day that exists (jj/mm/aaaa), an hour (8:30, 08h30, 8 h), in
 * Paris, after now and within a year; the job's length kept from the booking; and a price when
 * either amount is filled (both read, an empty one as 0). A French sentence when it cannot be read.
 */
export function readOffer(
  form: { date: string; heure: string; transport: string; manutention: string },
  now: number,
  bookedBeginning: string | null,
  bookedEnding: string | null = null,
): ReadOffer | string {
  const day = readFrenchDay(form.date);
  if (!day) return 'Date illisible\u00a0: écrivez le jour, le mois et l’année, par exemple 17/12/2026.';
  const hour = /^(\d{1,2})\s*[:h]\s*(\d{2})?$/i.exec(form.heure.trim());
  if (!hour || Number(hour[1]) > 23) return 'Heure illisible\u00a0: écrivez-la comme 8:30 ou 14h.';
  const start = DateTime.fromISO(`${day}T${hour[1]!.padStart(2, '0')}:${hour[2] ?? '00'}`, { zone: BUSINESS_TIME_ZONE });
  if (!start.isValid || Number(hour[2] ?? 0) > 59) return 'Heure illisible\u00a0: écrivez-la comme 8:30 ou 14h.';
  if (start.toMillis() <= now) return 'Cette date est passée\u00a0: proposez un jour à venir.';
  if (start.toMillis() > now + FURTHEST_DAYS * 86_400_000) return 'Proposez une date dans l’année qui vient.';
  const length = bookedBeginning && bookedEnding ? Date.parse(bookedEnding) - Date.parse(bookedBeginning) : null;
  let price: ReadOffer['price'] = null;
  if (form.transport !== '' || form.manutention !== '') {
    const transport = readTypedEuros(form.transport || '0');
    const handling = readTypedEuros(form.manutention || '0');
    if (transport === undefined || handling === undefined)
      return 'Indiquez le transport et la manutention en euros TTC, par exemple 1190 ou 1190,50.';
    price = { transport, handling };
  }
  return {
    beginning: start.toISO({ suppressMilliseconds: true })!,
    ending: length !== null && length >= 0 ? start.plus({ milliseconds: length }).toISO({ suppressMilliseconds: true }) : null,
    price,
  };
}
