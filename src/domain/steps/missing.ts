import type { Item } from '../entities/item.ts';
import { CUSTOM_CATEGORIES } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';

/** The field a hint leads to: the element focuses it when the hint is activated. */
export type MissingTarget = { kind: 'address'; step: number } | { kind: 'item-search' } | { kind: 'item'; index: number };

/** What keeps 'Suivant' hidden, in one sentence (UX §3.2), and where to fix it. */
export interface Missing {
  text: string;
  target: MissingTarget | null;
}

export type RouteState = 'idle' | 'loading' | 'ok' | 'failed';

/**
 * Addresses: the first stop in order that is empty or typed but not chosen, then the route.
 * Null while the route is being computed: the spinner says it, not a hint.
 */
export function missingOnAddresses(
  stops: readonly Pick<Stop, 'address' | 'geocodeResolved' | 'step'>[],
  route: RouteState,
): Missing | null {
  for (const stop of stops) {
    if (stop.geocodeResolved) continue;
    const target: MissingTarget = { kind: 'address', step: stop.step };
    if (stop.address.trim() === '') return { text: `Saisissez l’adresse ${stop.step}`, target };
    return { text: `Choisissez l’adresse ${stop.step} dans la liste`, target };
  }
  if (route === 'failed')
    return {
      text: 'Itinéraire introuvable\u00a0: vérifiez les adresses',
      target: stops[0] ? { kind: 'address', step: stops[0].step } : null,
    };
  return null;
}

/** Items: at least one, and each named with 3 characters or more (spec §4). */
export function missingOnItems(items: readonly Pick<Item, 'category' | 'name'>[]): Missing | null {
  const countable = items.filter((item) => !CUSTOM_CATEGORIES.includes(item.category));
  if (countable.some((item) => item.name.trim().length >= 3)) return null;
  const short = items.findIndex((item) => !CUSTOM_CATEGORIES.includes(item.category));
  if (short >= 0) return { text: 'Donnez un nom d’au moins 3 caractères à l’objet', target: { kind: 'item', index: short } };
  return { text: 'Ajoutez au moins un objet', target: { kind: 'item-search' } };
}
