import { roundVolumeForDisplay } from './pricing/volume.ts';

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

/** '5,6 m³': one decimal on every screen; prices use the whole m³ (spec §9). */
export function formatVolume(m3: number): string {
  return `${numberFormat({ maximumFractionDigits: 2 }).format(roundVolumeForDisplay(m3))}${NBSP}m³`;
}

/** '47 %'. */
export function formatPercent(percent: number): string {
  return `${Math.round(percent)}${NBSP}%`;
}

/** '14 h 30', '8 h 05', '14 h', '0 h' from 'HH:mm' (UX §7.2): the one way times are written. */
export function formatClock(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  const h = `${Number(hours)}${NBSP}h`;
  return minutes === '00' ? h : `${h}${NBSP}${minutes}`;
}

/**
 * '06 12 34 56 78' for a French number kept without spaces (spec: spaces are stripped when
 * saved); anything else (international, short) is shown as typed.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\s+/g, '');
  return /^0\d{9}$/.test(digits) ? digits.replace(/(\d{2})(?=\d)/g, `$1${NBSP}`) : phone;
}
