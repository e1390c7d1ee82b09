import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { ApiContact } from '../domain/entities/api-contact.ts';
import { configAtom } from './config.atoms.ts';
import { useDebouncedSearch, type DebouncedSearch } from './debounced-search.ts';
import { servicesAtom } from './services.atoms.ts';

export const CONTACT_SEARCH_DELAY_MS = 250;

/** The company's contacts matching a text (company mode, spec §2): nothing without a company token. */
export function useContactSearch(text: string): DebouncedSearch<ApiContact> {
  const services = useAtomValue(servicesAtom);
  const token = useAtomValue(configAtom).companyToken;
  const search = useCallback((query: string) => services!.api.searchContacts(token!, query), [services, token]);
  const query = text.trim();
  return useDebouncedSearch(query === '' ? null : query, services && token ? search : null, CONTACT_SEARCH_DELAY_MS);
}
