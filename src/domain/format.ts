import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from './constants.ts';

/** ISO 4217 code for a company's currency symbol ('E' and '€' are the euro). */
export function currencyCode(symbol: string): string {
  const trimmed = symbol.trim();
  if (trimmed === '' || trimmed === 'E' || trimmed === '€' || trimmed.toUpperCase() === 'EUR') return 'EUR';
  if (/^[A-Z]{3}$/.test(trimmed)) return trimmed;
  if (trimmed === '$') return 'USD';
  if (trimmed === '£') return 'GBP';
  return 'EUR';
}

/** A price the French way: '1 234 €', cents only when there are some. */
export function formatPrice(amount: number, currencySymbol = 'E'): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: currencyCode(currencySymbol),
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: hasCents ? 2 : 0,
  }).format(amount);
}

/** '12,3 km' from metres. */
export function formatDistance(metres: number): string {
  const km = metres / 1000;
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}

/** '1 h 05' or '45 min' from seconds. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** '2,5 m³'. */
export function formatVolume(m3: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(m3)} m³`;
}

/** 'samedi 21 novembre 2026', the long French date of the earlier variant's picker. */
export function formatLongDate(day: string): string {
  return DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE }).setLocale('fr').toFormat('cccc d LLLL yyyy');
}

/** '14:30' of a timestamp, in France. */
export function formatTimeOfDay(timestamp: string): string {
  return DateTime.fromISO(timestamp, { setZone: true }).setZone(BUSINESS_TIME_ZONE).toFormat('HH:mm');
}
