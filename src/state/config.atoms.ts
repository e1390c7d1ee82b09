import { atom } from 'jotai';

/** The element's attributes (DESIGN §3), read live from the host. */
export interface ElementConfig {
  apiBase: string;
  companyToken: string | null;
  mode: 'public' | 'company' | null;
  travelId: string | null;
  travelToken: string | null;
  mapsKey: string | null;
  mapsProvider: string | null;
  mapsVisible: boolean;
  parentOrigin: string | null;
  dashboardBase: string | null;
  elementId: string | null;
}

export const DEFAULT_CONFIG: ElementConfig = {
  apiBase: '',
  companyToken: null,
  mode: null,
  travelId: null,
  travelToken: null,
  mapsKey: null,
  mapsProvider: null,
  mapsVisible: false,
  parentOrigin: null,
  dashboardBase: null,
  elementId: null,
};

export const configAtom = atom<ElementConfig>(DEFAULT_CONFIG);

/** Where the side frame's dashboard lives: dashboard-base, else api-base (DESIGN §3). */
export const dashboardBaseAtom = atom((get) => get(configAtom).dashboardBase ?? get(configAtom).apiBase);
