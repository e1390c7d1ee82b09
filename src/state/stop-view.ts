import { atom, useAtomValue, useSetAtom, type PrimitiveAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

/** What a stop card shows of itself beyond the stop's data (its times unfolded, its address check), by stop uid. */
export type StopViewSlot<Value> = PrimitiveAtom<ReadonlyMap<string, Value>>;

export function stopViewSlot<Value>(): StopViewSlot<Value> {
  return atom<ReadonlyMap<string, Value>>(new Map());
}

/**
 * A card's own state that belongs to its stop, not to its place in the list: the cards are
 * keyed by place (a move then rewrites two cards' texts rather than taking one out of the page
 * and putting it back, which made the browser style and lay it out again), so what a visitor
 * opened or was told in a card follows the stop it is about. `initial` must be the same value
 * on every render (a constant).
 */
export function useStopViewState<Value>(slot: StopViewSlot<Value>, uid: string, initial: Value): [Value, (next: Value) => void] {
  const valueAtom = useMemo(() => atom((get) => get(slot).get(uid) ?? initial), [slot, uid, initial]);
  const value = useAtomValue(valueAtom);
  const setSlot = useSetAtom(slot);
  const set = useCallback(
    (next: Value) =>
      setSlot((all) => {
        const copy = new Map(all);
        if (next === initial) copy.delete(uid);
        else copy.set(uid, next);
        return copy;
      }),
    [setSlot, uid, initial],
  );
  return [value, set];
}
