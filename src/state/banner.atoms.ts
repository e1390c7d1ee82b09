import { atom } from 'jotai';
import { estimateAtom, priceVariantAtom } from './fees.atoms.ts';

export interface Banner {
  id: string;
  kind: 'error' | 'info' | 'warning';
  text: string;
  /** What 'Réessayer' on the banner does: 'route' asks the route again. */
  retry?: 'route';
}

const bannersBase = atom<Banner[]>([]);

/** The travel store's own messages (spec §3 errorMessage, infoMessage), kept with the booking. */
export const storeMessagesAtom = atom<{ errorMessage: string | null; infoMessage: string | null }>({
  errorMessage: null,
  infoMessage: null,
});
/** Messages of the pricing grid the visitor closed, by text: the same message stays closed. */
const dismissedPoolMessages = atom<ReadonlySet<string>>(new Set<string>());

/**
 * The store's messages (spec §2 "an error banner and an info banner"): what the element
 * raised (bad data blocks, save failures, the travel block's errorMessage and infoMessage)
 * and what the selected pool's pricing answered (spec §4: an info message; its error too in
 * the lite element, whose price step has no other place for it; the wizard's estimate shows
 * it in place of the price).
 */
// The pool's messages as text: the same text leaves the banners alone when the estimate changes
// for another reason (a quantity, a move).
const poolErrorAtom = atom((get) => get(estimateAtom)?.poolError ?? null);
const poolInfoAtom = atom((get) => get(estimateAtom)?.poolInfo ?? null);

export const bannersAtom = atom((get): Banner[] => {
  const poolError = get(poolErrorAtom);
  const poolInfo = get(poolInfoAtom);
  const dismissed = get(dismissedPoolMessages);
  const { errorMessage, infoMessage } = get(storeMessagesAtom);
  const derived: Banner[] = [];
  if (errorMessage) derived.push({ id: 'store-error', kind: 'error', text: errorMessage });
  if (infoMessage) derived.push({ id: 'store-info', kind: 'info', text: infoMessage });
  if (poolError && get(priceVariantAtom) === 'lite' && !dismissed.has(poolError))
    derived.push({ id: 'pool-error', kind: 'error', text: poolError });
  if (poolInfo && !dismissed.has(poolInfo)) derived.push({ id: 'pool-info', kind: 'info', text: poolInfo });
  return [...get(bannersBase), ...derived];
});

export const showBannerAtom = atom(null, (get, set, banner: Banner) => {
  set(bannersBase, [...get(bannersBase).filter((b) => b.id !== banner.id), banner]);
});

export const dismissBannerAtom = atom(null, (get, set, id: string) => {
  const pool = get(bannersAtom).find((banner) => banner.id === id && id.startsWith('pool-'));
  if (id === 'store-error') set(storeMessagesAtom, { ...get(storeMessagesAtom), errorMessage: null });
  if (id === 'store-info') set(storeMessagesAtom, { ...get(storeMessagesAtom), infoMessage: null });
  if (pool) set(dismissedPoolMessages, new Set([...get(dismissedPoolMessages), pool.text]));
  set(
    bannersBase,
    get(bannersBase).filter((b) => b.id !== id),
  );
});
