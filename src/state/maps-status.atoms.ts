import { atom } from 'jotai';

/** Whether the maps service has loaded (the earlier variant shows its address input only then, spec §2). */
export type MapsStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };
export const mapsStatusAtom = atom<MapsStatus>({ kind: 'loading' });
