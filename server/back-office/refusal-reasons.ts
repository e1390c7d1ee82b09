/**
 * The refusal's ready reasons, as the carrier picks them and as the customer reads them (the
 * e-mail, the booking's page): a sentence a customer understands, with the carrier's words
 * after it when it adds some. 'Autre': the carrier's words alone.
 */
export const REFUSAL_REASONS = {
  'date-indisponible': { label: 'Date indisponible', text: 'Date indisponible\u00a0: nous n’avons pas de véhicule libre ce jour-là.' },
  'hors-zone': { label: 'Hors zone', text: 'Hors zone\u00a0: ce trajet sort de la zone où nous intervenons.' },
  volume: { label: 'Volume trop important', text: 'Volume trop important\u00a0: ce chargement dépasse ce que nos véhicules emportent.' },
  autre: { label: 'Autre', text: '' },
} as const;

export type RefusalReason = keyof typeof REFUSAL_REASONS;
export const REFUSAL_REASON_KEYS = Object.keys(REFUSAL_REASONS) as [RefusalReason, ...RefusalReason[]];

/** The fewest characters of the carrier's own reason ('Autre'). */
export const OWN_REASON_MIN = 3;

/** What the customer is told, or null when 'Autre' comes without a reason of at least OWN_REASON_MIN characters. */
export function refusalText(reason: RefusalReason, words: string): string | null {
  const own = words.trim();
  if (reason === 'autre') return own.length >= OWN_REASON_MIN ? own : null;
  const ready = REFUSAL_REASONS[reason].text;
  return own ? `${ready} ${own}` : ready;
}
