import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from './constants.ts';
import { roundVolume } from './pricing/volume.ts';

/** ISO 4217 code for a company's currency symbol ('E' and '€' are the euro). */
export function currencyCode(symbol: string): string {
  const trimmed = symbol.trim();
  if (trimmed === '' || trimmed === 'E' || trimmed === '€' || trimmed.toUpperCase() === 'EUR') return 'EUR';
  if (/^[A-Z]{3}$/.test(trimmed)) return trimmed;
  if (trimmed === '$') return 'USD';
  if (trimmed === '£') return 'GBP';
  return 'EUR';
}

/**
 * One Intl.NumberFormat per set of options: making one costs far more than formatting with
 * it, and a long list formats hundreds of figures a render.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The same for a pure function of one string (a day): computed once per value. */
function remembered(compute: (value: string) => string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let result = known.get(value);
    if (result === undefined) {
      result = compute(value);
      // Bounded: the server formats the dates of every booking it shows.
      if (known.size >= 2000) known.clear();
      known.set(value, result);
    }
    return result;
  };
}

/** A price the French way: '1 234 €', cents only when there are some. */
export function formatPrice(amount: number, currencySymbol = 'E'): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return numberFormat({
    style: 'currency',
    currency: currencyCode(currencySymbol),
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: hasCents ? 2 : 0,
  }).format(amount);
}

/**
 * French typography (UX §7.1): a number and its unit, a colon and the word before it, never
 * part on two lines. `NBSP` before ':' and inside units; `NNBSP` (narrow) before ; ! ? and
 * inside « », as Intl writes thousands.
 */
export const NBSP = '\u00a0';
export const NNBSP = '\u202f';

/** '12,3 km' from metres: one decimal below 10 km. */
export function formatDistance(metres: number): string {
  const km = metres / 1000;
  return `${numberFormat({ maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)}${NBSP}km`;
}

/** '7 h 32 min', '45 min' or '2 h' from seconds. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}${NBSP}min`;
  const hours = `${Math.floor(minutes / 60)}${NBSP}h`;
  return minutes % 60 === 0 ? hours : `${hours} ${minutes % 60}${NBSP}min`;
}

/** '5,6 m³', rounded as the pricing rounds (one decimal), so every screen agrees on a figure. */
export function formatVolume(m3: number): string {
  return `${numberFormat({ maximumFractionDigits: 1 }).format(roundVolume(m3))}${NBSP}m³`;
}

/** '47 %'. */
export function formatPercent(percent: number): string {
  return `${Math.round(percent)}${NBSP}%`;
}

function dayOf(day: string): DateTime {
  return DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).setLocale('fr');
}

/** 'lundi 23 novembre 2026', 'mardi 1er décembre 2026' (the first of the month is 'premier'). */
export const formatLongDate = remembered((day: string): string => {
  const date = dayOf(day);
  return `${date.toFormat('cccc')} ${date.day === 1 ? '1er' : date.day} ${date.toFormat('LLLL yyyy')}`;
});

/** 'lun. 23 nov.' */
export const formatShortDate = remembered((day: string): string => {
  const date = dayOf(day);
  return `${date.toFormat('ccc')} ${date.day === 1 ? '1er' : date.day} ${date.toFormat('LLL')}`;
});

/** 'HH:mm' of a timestamp in France: the value stored and compared, never shown. */
export const timeValueOf = remembered((timestamp: string): string =>
  DateTime.fromISO(timestamp, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toFormat('HH:mm'),
);

/** '14 h 30', '8 h 05', '14 h', '0 h' from 'HH:mm' (UX §7.2): the one way times are written. */
export function formatClock(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  const h = `${Number(hours)}${NBSP}h`;
  return minutes === '00' ? h : `${h}${NBSP}${minutes}`;
}

/** '14 h 30' of a timestamp, in France. */
export function formatTimeOfDay(timestamp: string): string {
  return formatClock(timeValueOf(timestamp));
}

/** 'lundi 23 novembre 2026 à 14 h 30', or the date alone without a time. */
export function formatDateAndTime(day: string, time: string): string {
  return time ? `${formatLongDate(day)} à ${formatClock(time)}` : formatLongDate(day);
}

/**
 * '06 12 34 56 78' for a French number kept without spaces (spec: spaces are stripped when
 * saved); anything else (international, short) is shown as typed.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\s+/g, '');
  return /^0\d{9}$/.test(digits) ? digits.replace(/(\d{2})(?=\d)/g, `$1${NBSP}`) : phone;
}
