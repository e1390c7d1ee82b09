import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Stop } from '../../domain/entities/stop.ts';
import { configAtom } from '../../state/config.atoms.ts';
import { loadMapsLibrary } from '../../state/maps.ts';

/** Zoom and centre of the spec (§2) before any stop is known: near Paris. */
export const DEFAULT_ZOOM = 17;
export const DEFAULT_CENTER = { lat: 48.8566, lng: 2.3522 };

interface MapsLibrary {
  Map: new (
    element: HTMLElement,
    options: Record<string, unknown>,
  ) => { fitBounds?(bounds: unknown): void; setCenter(center: unknown): void };
  Polyline: new (options: Record<string, unknown>) => { setMap(map: unknown): void };
}
interface MarkerLibrary {
  AdvancedMarkerElement: new (options: Record<string, unknown>) => { map: unknown };
}

/** A Google map with numbered markers and the route line (spec §2); Google results only ever shown here. */
export function GoogleMap({ stops, path }: { stops: readonly Stop[]; path: { lat: number; lng: number }[] }) {
  const element = useRef<HTMLDivElement>(null);
  const mapsKey = useAtomValue(configAtom).mapsKey;
  useEffect(() => {
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    void (async () => {
      const importLibrary = await loadMapsLibrary(mapsKey);
      const maps = (await importLibrary('maps')) as unknown as MapsLibrary;
      const markers = (await importLibrary('marker')) as unknown as MarkerLibrary;
      if (cancelled || !element.current) return;
      const resolved = stops.filter((stop) => stop.lat !== null && stop.lng !== null);
      const center = resolved[0] ? { lat: resolved[0].lat!, lng: resolved[0].lng! } : DEFAULT_CENTER;
      const map = new maps.Map(element.current, {
        center,
        zoom: DEFAULT_ZOOM,
        mapId: 'DEMO_MAP_ID',
        disableDefaultUI: true,
        zoomControl: true,
      });
      resolved.forEach((stop, index) => {
        const label = document.createElement('span');
        label.className = 'map-pin';
        label.textContent = String(index + 1);
        const marker = new markers.AdvancedMarkerElement({
          map,
          position: { lat: stop.lat, lng: stop.lng },
          title: `${index + 1}. ${stop.address}`,
          content: label,
        });
        cleanups.push(() => {
          marker.map = null;
        });
      });
      const line = new maps.Polyline({
        map,
        path: path.length > 1 ? path : resolved.map((stop) => ({ lat: stop.lat, lng: stop.lng })),
        strokeColor: '#1d4ed8',
        strokeWeight: 4,
      });
      cleanups.push(() => line.setMap(null));
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      cleanups.forEach((cleanup) => cleanup());
    };
  }, [stops, path, mapsKey]);
  return <div ref={element} className="map google-map" part="map" role="region" aria-label="Carte du trajet" />;
}
