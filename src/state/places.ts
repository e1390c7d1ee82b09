import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { matchesAllWords } from '../domain/search/fold.ts';
import type { SavedPlace } from '../domain/entities/saved-place.ts';
import { companyDataAtom, companyModeAtom } from './company.atoms.ts';
import { configAtom } from './config.atoms.ts';
import { servicesAtom } from './services.atoms.ts';

const SHOWN = 5;

/**
 * The company's saved places for a text (spec §2, §7), in company mode only: from the server
 * when the element has a company token, else from the company data block. An empty text
 * gives the first places, shown when the address field gets focus. null: a newer search
 * superseded this one; its answer must not be shown.
 */
export function useSavedPlaceSearch(): (text: string) => Promise<SavedPlace[] | null> {
  const companyMode = useAtomValue(companyModeAtom);
  const token = useAtomValue(configAtom).companyToken;
  const places = useAtomValue(companyDataAtom).places;
  const services = useAtomValue(servicesAtom);
  return useCallback(
    async (text: string) => {
      if (!companyMode) return [];
      if (token && services) {
        const found = await services.api.searchPlaces(token, text.trim());
        return found === null ? null : found.slice(0, SHOWN);
      }
      return places.filter((place) => matchesAllWords(`${place.label} ${place.address_complete}`, text)).slice(0, SHOWN);
    },
    [companyMode, token, places, services],
  );
}
