import { CLOSED_DAY } from './tariff/day-words.ts';

/**
 * Every user-facing text of the spec, verbatim (typos included: 'Goolgle', 'Une error',
 * 'numero'), plus the French texts this product adds where the spec gives none.
 */
export const MESSAGES = {
  customerName: 'Ce champ doit contenir le nom du contact\u202f!',
  customerPhone: 'Ce champ doit être un numero valide\u202f!',
  customerEmail: 'Ce champ doit être une adresse email valide\u202f!',
  required: 'Ce champ est obligatoire',
  pastDate: 'Cette date est déjà passée',
  customerAddress: 'Indiquez l’adresse postale (numéro, rue, code postal et commune)\u00a0: elle figure sur le devis',
  contactName: 'Ce champ doit être rempli',
  contactPhone: 'Ce champ doit être un numero valide',
  contactEmail: 'Ce champ doit être un email valide',
  contactStep: 'Cette étape n’existe pas',
  expenseName: 'Ce champ doit être rempli',
  expenseCost: 'Ce champ doit être un prix valide',
  saveFailed: 'Une error est survenue, veuillez réessayer dans un instant',
  priceUnavailable: 'Prix non disponible',
  priceLater: 'Le prix sera fixé ultérieurement\u202f!',
  mapsMissing: 'Goolgle api is not setup, reload the page',
  geocodeFailureTitle: 'Error!',
  approximateRoute:
    'Itinéraire estimé à vol d’oiseau\u00a0: faute de calcul routier, la distance est la ligne droite entre les adresses majorée de 50\u00a0%. La distance et la durée sont donc approximatives.',
  closedDay: CLOSED_DAY,
  overCapacity:
    'Ce chargement dépasse le plus grand véhicule du transporteur\u00a0: enregistrez votre demande, il vous rappelle pour fixer le prix.',
  acceptedWarning: 'Le transporteur a déjà accepté cette réservation\u00a0: un changement important peut perturber son organisation.',
} as const;

/** 'Route not found {status}' (spec §8). */
export function routeNotFoundMessage(status: string): string {
  return `Route not found ${status}`;
}

/** 'Address limit overflow 50: {count}' (spec §8). */
export function addressLimitMessage(limit: number, count: number): string {
  return `Address limit overflow ${limit}: ${count}`;
}

/** The pool defect message of spec §5. */
export function poolDefectMessage(poolName: string): string {
  return `La grille de [${poolName}] présente un défaut technique, contactez son responsable`;
}
