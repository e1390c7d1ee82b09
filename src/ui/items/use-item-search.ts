import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { parseItemSearch, type Item } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { configAtom } from '../../state/config.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';

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
  const [answer, setAnswer] = useState<{ query: string; items: Item[] }>({ query: '', items: [] });
  const query = parseItemSearch(text);
  const queryText = query?.text ?? '';
  useEffect(() => {
    if (!services || queryText === '') return;
    let current = true;
    const timer = setTimeout(async () => {
      const found = await services.api.searchItems(queryText, { id: companyId, token: companyToken });
      if (current && found !== null) setAnswer({ query: queryText, items: found });
    }, ITEM_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [services, queryText, companyId, companyToken]);
  const searching = queryText !== '' && answer.query !== queryText;
  return { results: queryText === '' ? [] : answer.items, quantity: query?.quantity ?? 1, searching };
}
