import { atom } from 'jotai';
import { NO_ATTRIBUTES, type ElementConfig } from './attributes.ts';

export type { ElementConfig };

const configBase = atom<ElementConfig>(NO_ATTRIBUTES);

/** The element's attributes as it read them last (DESIGN §3). */
export const configAtom = atom((get) => get(configBase));

/** The session's: the attributes read again after a change. */
export const applyConfigAtom = atom(null, (_get, set, config: ElementConfig) => set(configBase, config));

/** Where the side frame's dashboard lives: dashboard-base, else api-base (DESIGN §3). */
export const dashboardBaseAtom = atom((get) => get(configBase).dashboardBase ?? get(configBase).apiBase);
