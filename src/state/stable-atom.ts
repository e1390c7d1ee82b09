import { atom, type Atom, type Getter } from 'jotai';

/**
 * A derived atom that keeps its previous value while `same` says the new one is equal: its
 * readers (and whoever follows it) hear nothing when an unrelated input changed. The atom
 * reads its own previous value, as Jotai allows an atom with an `init`.
 */
export function stableAtom<Value>(read: (get: Getter) => Value, same: (a: Value, b: Value) => boolean, init: Value): Atom<Value> {
  const stable: Atom<Value> & { init?: Value } = atom((get) => {
    const previous = get(stable);
    const next = read(get);
    return same(previous, next) ? previous : next;
  });
  stable.init = init;
  return stable;
}
