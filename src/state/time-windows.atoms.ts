import { atom } from 'jotai';

const enabledBase = atom(false);
const migratedBase = atom(false);

/** Stops carry an earliest and a latest time (spec §3 timewindowEnabled). */
export const timeWindowsEnabledAtom = atom((get) => get(enabledBase));
/** An existing booking moves to time windows once (spec §3 isMigratedToTimewindow, §4). */
export const migratedToTimeWindowsAtom = atom((get) => get(migratedBase));

/** The switch of spec §2, a pool's amplitude (spec §4), or a travel taken in. */
export const setTimeWindowsAtom = atom(null, (_get, set, change: { enabled?: boolean; migrated?: boolean }) => {
  if (change.enabled !== undefined) set(enabledBase, change.enabled);
  if (change.migrated !== undefined) set(migratedBase, change.migrated);
});
