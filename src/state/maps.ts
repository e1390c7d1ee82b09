import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { findAssociatedPlace, linkStopToPlace } from '../domain/places/place-association.ts';
import type { Stop } from '../domain/entities/stop.ts';
import type { GeocodedAddress, MapsProvider } from '../services/maps/provider.ts';
import { cachedGeocoder } from '../services/maps/routing.ts';
import { companyDataAtom, companyModeAtom } from './company.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { updateStopByUidAtom } from './stops.atoms.ts';

/**
 * The maps as screens use them: the provider, a cached geocoder, a stop resolved from an
 * address, and Google's libraries for the map view. Screens reach the maps services only here.
 */

/** Google's importLibrary for the map view, loaded once with the element's key (its adapter comes with it). */
export const loadMapsLibrary = (key: string | null) =>
  import('../services/maps/google-provider.ts').then((google) => google.loadImportLibrary(key));

const geocoders = new WeakMap<MapsProvider, (text: string) => Promise<GeocodedAddress[]>>();

/** The provider's geocoder behind its cache (an address is never geocoded twice). */
export function geocoderFor(provider: MapsProvider) {
  let geocode = geocoders.get(provider);
  if (!geocode) {
    geocode = cachedGeocoder(provider);
    geocoders.set(provider, geocode);
  }
  return geocode;
}

/** A stop resolved to a geocoded address (spec §4), linked to a saved place within the radius (spec §9). */
export function useResolveStop() {
  const update = useSetAtom(updateStopByUidAtom);
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  return useCallback(
    (uid: string, address: GeocodedAddress) => {
      update({
        uid,
        change: (stop: Stop) => {
          const resolved: Stop = {
            ...stop,
            address: address.address,
            lat: address.lat,
            lng: address.lng,
            postalCode: address.postalCode,
            locality: address.locality,
            country: address.country,
            streetNumber: address.streetNumber,
            placeId: address.placeId,
            geocodeResolved: true,
          };
          const place = companyMode ? findAssociatedPlace(address, company.places) : null;
          return place ? { ...linkStopToPlace(resolved, place), address: address.address, placeId: place.id } : resolved;
        },
      });
    },
    [update, company, companyMode],
  );
}

export function useProvider() {
  const services = useAtomValue(servicesAtom);
  return useCallback(() => {
    if (!services) return Promise.reject(new Error('services absents'));
    return services.provider();
  }, [services]);
}

/** The kind of maps provider the element uses ('google', …), once known; null while loading or failed. */
export function useProviderKind(enabled: boolean): MapsProvider['kind'] | null {
  const services = useAtomValue(servicesAtom);
  const [kind, setKind] = useState<MapsProvider['kind'] | null>(null);
  useEffect(() => {
    if (!enabled || !services) return;
    let current = true;
    services.provider().then(
      (provider) => current && setKind(provider.kind),
      () => current && setKind(null),
    );
    return () => {
      current = false;
    };
  }, [enabled, services]);
  return kind;
}
