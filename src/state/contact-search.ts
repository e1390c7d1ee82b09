import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { ApiContact } from '../domain/index.ts';
import { configAtom } from './config.atoms.ts';
import { useDebouncedSearch } from './debounced-search.ts';
import { servicesAtom } from './services.atoms.ts';

export const CONTACT_SEARCH_DELAY_MS = 250;

/** The company's contacts matching a text (company mode, spec §2): nothing without a company token. */
export function useContactSearch(text: string): ApiContact[] {
  const services = useAtomValue(servicesAtom);
  const token = useAtomValue(configAtom).companyToken;
  const search = useCallback((query: string) => services!.api.searchContacts(token!, query), [services, token]);
  return useDebouncedSearch(text.trim(), services && token ? search : null, CONTACT_SEARCH_DELAY_MS).results;
}
