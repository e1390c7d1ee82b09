import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { ProviderKind } from '../../services/maps/provider.ts';
import { configAtom } from '../../state/config.atoms.ts';
import { routeAtom } from '../../state/fees.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { GoogleMap } from './GoogleMap.tsx';
import { SchematicMap } from './SchematicMap.tsx';

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
  const services = useAtomValue(servicesAtom);
  const stops = useAtomValue(stopsAtom);
  const route = useAtomValue(routeAtom);
  const [kind, setKind] = useState<ProviderKind | null>(null);
  useEffect(() => {
    if (!visible || !services) return;
    let current = true;
    services.provider().then((provider) => current && setKind(provider.kind), () => current && setKind(null));
    return () => { current = false; };
  }, [visible, services]);
  const resolved = useMemo(() => stops.filter((stop) => stop.geocodeResolved), [stops]);
  const path = useMemo(() => pathOf(route?.responses ?? []), [route]);
  if (!visible) return null;
  return kind === 'google' ? <GoogleMap stops={resolved} path={path} /> : <SchematicMap stops={resolved} />;
}
