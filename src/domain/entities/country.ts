import { foldText } from '../search/fold.ts';

/**
 * The ways a stop's country says mainland France ('FR', 'France', nothing at all…), folded. An
 * overseas name is France too, but no check or page treats it as the mainland.
 */
const FRANCE = new Set(['', 'fr', 'fra', 'france', 'la france', 'france metropolitaine', 'republique francaise']);

/** Whether a stop's country field says France, however it is written. */
export function saysFrance(country: string): boolean {
  return FRANCE.has(foldText(country));
}
