import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { parseItemSearch } from '../domain/validation/item-search.ts';
import type { Item } from '../domain/entities/item.ts';
import { companyDataAtom } from './company.atoms.ts';
import { configAtom } from './config.atoms.ts';
import { useDebouncedSearch } from './debounced-search.ts';
import { servicesAtom } from './services.atoms.ts';

export const ITEM_SEARCH_DELAY_MS = 300;

export interface ItemSearchState {
  /** The latest answer, possibly for an earlier text while a new one is on its way. */
  results: Item[];
  quantity: number;
  /** True until the answer for the text as it is now has come. */
  searching: boolean;
}

/**
 * Catalogue answers while typing (spec §2): debounced so the API is not flooded, an empty
 * query never searches, and a stale answer never replaces a newer one. Whether the answer
 * is for the current text is known in the same render as the keystroke, so an Enter
 * pressed at once can wait for it.
 */
export function useItemSearch(text: string): ItemSearchState {
  const services = useAtomValue(servicesAtom);
  const companyId = useAtomValue(companyDataAtom).id;
  const companyToken = useAtomValue(configAtom).companyToken;
  const query = parseItemSearch(text);
  const queryText = query?.text ?? '';
  const search = useCallback(
    (q: string) => services!.api.searchItems(q, { id: companyId, token: companyToken }),
    [services, companyId, companyToken],
  );
  const { results, searching } = useDebouncedSearch(queryText === '' ? null : queryText, services ? search : null, ITEM_SEARCH_DELAY_MS);
  return { results, quantity: query?.quantity ?? 1, searching };
}
