import { formatDistance, formatDuration, formatVolume, NBSP } from '../format.ts';
import type { Estimate } from './estimate.ts';

type Figures = Pick<Estimate, 'customer' | 'driver' | 'handling' | 'totalDuration'>;

/**
 * The one duration every screen shows (estimate, 'Votre trajet', recap): the whole job, the
 * drive plus the handling plus the minutes on site, so the aside never reads 10 minutes less
 * than the estimate beside it.
 */
export function tripLine(estimate: Figures): string {
  return `${formatDistance(estimate.customer.distance)} · ${formatDuration(estimate.totalDuration)}`;
}

/** What the whole duration is made of: 'dont 7 h 22 min de route, 10 min sur place'. */
export function durationParts(estimate: Figures): string {
  const drive = estimate.customer.duration;
  const handling = estimate.handling.durationSeconds;
  const onSite = Math.max(0, estimate.totalDuration - drive - handling);
  const parts = [`${formatDuration(drive)} de route`];
  if (handling > 0) parts.push(`${formatDuration(handling)} de manutention`);
  if (onSite > 0) parts.push(`${formatDuration(onSite)} sur place`);
  return `dont ${parts.join(', ')}`;
}

/**
 * What the price pays for, in a customer's words. On the public grid the load changes the
 * price only through the handling, and at street level (spec §9: floor multiplier 0) nothing is
 * carried: adding objects then leaves the total as it was, and the sentence says why and what
 * would change it.
 */
export function priceCoverage(estimate: Figures & { source: Estimate['source'] }, lite: boolean, hasLoad: boolean): string {
  if (lite)
    return `Le prix comprend le trajet du chauffeur, retour compris (${formatDistance(estimate.driver.distance)}), et un forfait de manutention selon le volume.`;
  if (estimate.source === 'fixed' || estimate.source === 'predefined') return 'Le prix a été fixé pour cette prestation.';
  const handlers = estimate.handling.persons;
  if (estimate.handling.hours > 0 && handlers > 0)
    return `Le prix comprend le véhicule avec son chauffeur et ${handlers}${NBSP}manutentionnaire${handlers > 1 ? 's' : ''} pendant ${formatDuration(estimate.handling.durationSeconds)}.`;
  if (hasLoad)
    return 'Le prix comprend le véhicule avec son chauffeur. Vos objets sont chargés et déchargés au pied du véhicule, sans manutention\u00a0: indiquez l’étage de chaque adresse pour qu’elle soit comptée.';
  return 'Le prix comprend le véhicule avec son chauffeur.';
}

/**
 * What moves the price, said plainly under what it covers: a customer sees why adding objects
 * or giving floors changes it, or not. The earlier variant prices the driver's way and a
 * volume tier (spec §9); the wizard the route, the vehicle the volume picks and the handling,
 * which the floors and lifts lengthen.
 */
export function priceDependsOn(lite: boolean): string {
  return lite
    ? 'Il dépend de la distance et du temps de trajet du chauffeur, et du volume de vos objets.'
    : 'Il dépend de la distance, du volume de vos objets, qui fixe le véhicule, et de la manutention\u00a0: étage de chaque adresse, ascenseur ou non.';
}

/**
 * The vehicle as every screen names it: its category's name ('Véhicule 20 m³' for the default
 * ones, the carrier's own otherwise), and how many when the load takes more than one
 * ('2 × Porteur 20 m³', issue 55, point 7).
 */
export function vehicleWords(name: string | null, capacity: number, count = 1): string {
  const vehicle = name ?? `Véhicule ${formatVolume(capacity)}`;
  return count > 1 ? `${count}${NBSP}×${NBSP}${vehicle}` : vehicle;
}
