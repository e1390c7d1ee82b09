import { atom } from 'jotai';
import { makeStop, renumberStops, type Stop } from '../domain/entities/stop.ts';
import { MAX_ADDRESSES } from '../domain/constants.ts';
import { companyModeAtom } from './company.atoms.ts';

const stopsBase = atom<Stop[]>([makeStop({ type: 'pickup', index: 0, step: 1 }), makeStop({ type: 'dropoff', index: 1, step: 2 })]);

/** Task types are chosen only in company mode with more than 2 stops (spec §2). */
export const taskTypesEditableAtom = atom((get) => get(companyModeAtom) && get(stopsBase).length > 2);

/** The stops of the trip, in order (spec §3 "Address"). */
export const stopsAtom = atom((get) => get(stopsBase));

/** The stops as a whole, numbered again (index, step, task types): what every change of them goes through. */
export const replaceStopsAtom = atom(null, (get, set, stops: Stop[]) => {
  const editable = get(companyModeAtom) && stops.length > 2;
  set(stopsBase, renumberStops(stops, editable));
});

/** A stop is added after any stop, up to the 50-address limit (spec §2, §5). */
export const addStopAfterAtom = atom(null, (get, set, index: number) => {
  const stops = get(stopsAtom);
  if (stops.length >= MAX_ADDRESSES) return;
  set(replaceStopsAtom, [...stops.slice(0, index + 1), makeStop(), ...stops.slice(index + 1)]);
});

/** Removal only while more than 2 stops remain (spec §2). */
export const removeStopAtom = atom(null, (get, set, index: number) => {
  const stops = get(stopsAtom);
  if (stops.length <= 2) return;
  set(
    replaceStopsAtom,
    stops.filter((_, position) => position !== index),
  );
});

export const moveStopAtom = atom(null, (get, set, { from, to }: { from: number; to: number }) => {
  const stops = [...get(stopsAtom)];
  if (from < 0 || from >= stops.length || to < 0 || to >= stops.length || from === to) return;
  const [moved] = stops.splice(from, 1);
  stops.splice(to, 0, moved!);
  set(replaceStopsAtom, stops);
});

export const updateStopAtom = atom(null, (get, set, { index, change }: { index: number; change: (stop: Stop) => Stop }) => {
  set(
    replaceStopsAtom,
    get(stopsAtom).map((stop, position) => (position === index ? change(stop) : stop)),
  );
});

/** Updates a stop found by its identity: an answer arriving after a reorder still reaches its stop. */
export const updateStopByUidAtom = atom(null, (get, set, { uid, change }: { uid: string; change: (stop: Stop) => Stop }) => {
  set(
    replaceStopsAtom,
    get(stopsAtom).map((stop) => (stop.uid === uid ? change(stop) : stop)),
  );
});
