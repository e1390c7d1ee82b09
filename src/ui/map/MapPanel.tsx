import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { configAtom } from '../../state/config.atoms.ts';
import { routeAtom } from '../../state/route.atoms.ts';
import { useProviderKind } from '../../state/maps.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { deferred } from '../controls/deferred.tsx';

// The map shows only with maps-visible: its code comes with it, not with every first panel.
const maps = () => import('./chunk-maps.ts');
const GoogleMap = deferred(() => maps().then((m) => m.GoogleMap), 'la carte');
const SchematicMap = deferred(() => maps().then((m) => m.SchematicMap), 'la carte');

/** Reads Google Routes paths from the route's raw responses, when there are any. */
function pathOf(responses: readonly unknown[]): { lat: number; lng: number }[] {
  return responses.flatMap((response) => {
    const route = (response as { path?: { lat: number; lng: number }[] } | undefined) ?? {};
    return Array.isArray(route.path) ? route.path.filter((p) => typeof p?.lat === 'number' && typeof p?.lng === 'number') : [];
  });
}

/** The map panel, shown with maps-visible or ?mapsVisible=true (spec §2). */
export function MapPanel() {
  const visible = useAtomValue(configAtom).mapsVisible;
  const stops = useAtomValue(stopsAtom);
  const route = useAtomValue(routeAtom);
  const kind = useProviderKind(visible);
  const resolved = useMemo(() => stops.filter((stop) => stop.geocodeResolved), [stops]);
  const path = useMemo(() => pathOf(route?.responses ?? []), [route]);
  if (!visible) return null;
  return kind === 'google' ? <GoogleMap stops={resolved} path={path} /> : <SchematicMap stops={resolved} />;
}
