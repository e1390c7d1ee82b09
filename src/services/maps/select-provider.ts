import { createBanProvider } from './ban-provider.ts';
import type { MapsProvider, ProviderKind } from './provider.ts';

export const GEOPLATEFORME_SEARCH_URL = 'https://data.geopf.fr/geocodage/search';
export const IGN_ROUTE_URL = 'https://data.geopf.fr/navigation/itineraire';

export interface ProviderChoice {
  requested: string | null;
  mapsKey: string | null;
  apiBase: string;
  hasGoogleOnPage: boolean;
}

/** DESIGN §3 maps-provider: google when a key or google.maps exists, else the Géoplateforme. */
export function chooseProviderKind({ requested, mapsKey, hasGoogleOnPage }: Omit<ProviderChoice, 'apiBase'>): ProviderKind {
  if (requested === 'google' || requested === 'geoplateforme' || requested === 'local') return requested;
  return mapsKey || hasGoogleOnPage ? 'google' : 'geoplateforme';
}

export async function createProvider(kind: ProviderKind, choice: ProviderChoice): Promise<MapsProvider> {
  if (kind === 'google') {
    // Google's adapter comes only to pages that use Google: the others never download it.
    const google = await import('./google-provider.ts');
    return google.createGoogleProvider(await google.loadImportLibrary(choice.mapsKey));
  }
  if (kind === 'local')
    return createBanProvider({ kind, searchUrl: `${choice.apiBase.replace(/\/+$/, '')}/api/v1/geo/search`, routeUrl: null });
  return createBanProvider({ kind, searchUrl: GEOPLATEFORME_SEARCH_URL, routeUrl: IGN_ROUTE_URL });
}
