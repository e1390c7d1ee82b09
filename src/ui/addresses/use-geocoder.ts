import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { findAssociatedPlace, linkStopToPlace, type Stop } from '../../domain/index.ts';
import type { GeocodedAddress, MapsProvider } from '../../services/maps/provider.ts';
import { cachedGeocoder } from '../../services/maps/routing.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { updateStopByUidAtom } from '../../state/stops.atoms.ts';

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
