import { DEFAULT_CONFIG, type ElementConfig } from '../state/config.atoms.ts';

const text = (host: Element, name: string): string | null => {
  const value = host.getAttribute(name)?.trim();
  return value ? value : null;
};

/** Presence-style boolean: `maps-visible`, `maps-visible=""` and `maps-visible="true"` are on; "false" is off. */
export function isPresenceTrue(host: Element, name: string): boolean {
  if (!host.hasAttribute(name)) return false;
  return !/^(false|0|no|non)$/i.test(host.getAttribute(name)?.trim() ?? '');
}

/** Every attribute of DESIGN §3 as the element's configuration. */
export function readHostConfig(host: Element, location: Location = window.location): ElementConfig {
  const mode = text(host, 'mode');
  return {
    ...DEFAULT_CONFIG,
    apiBase: text(host, 'api-base') ?? location.origin,
    companyToken: text(host, 'company-token'),
    mode: mode === 'public' || mode === 'company' ? mode : null,
    travelId: text(host, 'travel-id'),
    travelToken: text(host, 'travel-token'),
    mapsKey: text(host, 'maps-key'),
    mapsProvider: text(host, 'maps-provider'),
    mapsVisible: isPresenceTrue(host, 'maps-visible') || new URLSearchParams(location.search).get('mapsVisible') === 'true',
    parentOrigin: text(host, 'parent-origin'),
    dashboardBase: text(host, 'dashboard-base'),
    elementId: text(host, 'id'),
  };
}
