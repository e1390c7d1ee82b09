import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import type { ApiCustomer } from '../domain/entities/api-contact.ts';
import { matchesAllWords, searchWords } from '../domain/search/fold.ts';
import { companyDataAtom } from './company.atoms.ts';
import { configAtom } from './config.atoms.ts';
import { useDebouncedSearch, type DebouncedSearch } from './debounced-search.ts';
import { servicesAtom } from './services.atoms.ts';

export const CUSTOMER_SEARCH_DELAY_MS = 250;
const SHOWN = 8;

/**
 * The company's customers matching a text (company mode, spec §2). The company data block
 * carries them, searched in it at once; a block that says it lacks some (`customers_partial`:
 * a directory of thousands) sends the search to the server with the company token, as the
 * places and contacts are searched.
 */
export function useCustomerSearch(text: string): DebouncedSearch<ApiCustomer> {
  const { customers, customers_partial: partial } = useAtomValue(companyDataAtom);
  const services = useAtomValue(servicesAtom);
  const token = useAtomValue(configAtom).companyToken;
  const remoteToken = partial && services ? token : null;
  const search = useCallback(
    async (query: string) => {
      const found = await services!.api.searchCustomers(remoteToken!, query);
      return found === null ? null : found.slice(0, SHOWN);
    },
    [services, remoteToken],
  );
  const query = text.trim();
  const typed = searchWords(query).length > 0;
  const asked = useDebouncedSearch(remoteToken && typed ? query : null, remoteToken ? search : null, CUSTOMER_SEARCH_DELAY_MS);
  const local = useMemo(
    () =>
      typed && !remoteToken
        ? customers.filter((customer) => matchesAllWords(`${customer.name} ${customer.reference} ${customer.email}`, query)).slice(0, SHOWN)
        : [],
    [customers, query, typed, remoteToken],
  );
  return remoteToken ? asked : { results: local, searching: false };
}
