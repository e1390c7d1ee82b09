import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { parseItemSearch, type Item } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';

export const ITEM_SEARCH_DELAY_MS = 300;

/**
 * Catalogue answers while typing (spec §2): debounced so the API is not flooded, an empty
 * query never searches, and a stale answer never replaces a newer one.
 */
export function useItemSearch(text: string): { results: Item[]; quantity: number; searching: boolean } {
  const services = useAtomValue(servicesAtom);
  const companyId = useAtomValue(companyDataAtom).id;
  const [results, setResults] = useState<Item[]>([]);
  const [searching, setSearching] = useState(false);
  const query = parseItemSearch(text);
  const queryText = query?.text ?? '';
  useEffect(() => {
    if (!services || queryText === '') {
      setResults([]);
      setSearching(false);
      return;
    }
    let current = true;
    setSearching(true);
    const timer = setTimeout(async () => {
      const found = await services.api.searchItems(queryText, companyId);
      if (!current || found === null) return;
      setResults(found);
      setSearching(false);
    }, ITEM_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [services, queryText, companyId]);
  return { results, quantity: query?.quantity ?? 1, searching };
}
