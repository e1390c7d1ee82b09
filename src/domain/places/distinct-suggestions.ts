import { foldText } from '../search/fold.ts';

/** An address suggestion as the list shows it: the label, and postcode and commune below. */
export interface ShownSuggestion {
  label: string;
  /** '69002 Lyon' when the label does not carry it already. */
  detail?: string;
}

/** The same address however a source wrote it: case, accents, commas and spaces aside. */
function addressKey({ label, detail = '' }: ShownSuggestion): string {
  return foldText(`${label} ${detail}`);
}

/**
 * Suggestions with each address once: five 'Lyon' in a row tell the visitor nothing. The
 * first of equals is kept, so saved places, listed first, win over the provider's copy of the
 * same address.
 */
export function distinctSuggestions<T extends ShownSuggestion>(suggestions: readonly T[]): T[] {
  const seen = new Set<string>();
  return suggestions.filter((suggestion) => {
    const key = addressKey(suggestion);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
