import { atom } from 'jotai';
import { estimateAtom } from './estimate.atoms.ts';
import { PRICING_UNAVAILABLE, pricingFailedAtom } from './pricing-chunk.ts';
import { currentRouteOutcomeAtom } from './route.atoms.ts';
import { variantAtom } from './variant.atoms.ts';

export interface Banner {
  id: string;
  kind: 'error' | 'info' | 'warning';
  text: string;
  /** What 'Réessayer' on the banner does: 'route' asks the route again; 'dates' and 'pricing' fetch their code again. */
  retry?: 'route' | 'dates' | 'pricing';
}

const raisedBase = atom<Banner[]>([]);

/** The travel's own messages (spec §3 errorMessage, infoMessage), kept with the booking. */
const travelMessagesBase = atom<{ errorMessage: string | null; infoMessage: string | null }>({ errorMessage: null, infoMessage: null });
export const travelMessagesAtom = atom((get) => get(travelMessagesBase));
export const setTravelMessagesAtom = atom(null, (_get, set, messages: { errorMessage: string | null; infoMessage: string | null }) =>
  set(travelMessagesBase, messages),
);

/** Messages the visitor closed that come from the state rather than an event: by text (a grid's), or by the route answer. */
const dismissedTexts = atom<ReadonlySet<string>>(new Set<string>());
const dismissedRouteAnswer = atom<object | null>(null);

// The pool's messages as text: the same text leaves the banners alone when the estimate changes
// for another reason (a quantity, a move).
const poolErrorAtom = atom((get) => get(estimateAtom)?.poolError ?? null);
const poolInfoAtom = atom((get) => get(estimateAtom)?.poolInfo ?? null);

/** What the route's answer says, if anything (spec §8): its error, with a retry when the provider failed. */
const routeBannerAtom = atom((get): Banner | null => {
  const outcome = get(currentRouteOutcomeAtom);
  if (!outcome || get(dismissedRouteAnswer) === outcome) return null;
  if (outcome.error) return { id: 'route', kind: 'error', text: outcome.error, ...(outcome.retryable ? { retry: 'route' as const } : {}) };
  return null;
});

/**
 * The store's messages (spec §2 "an error banner and an info banner"): what the element
 * raised (bad data blocks, save failures), the travel's errorMessage and infoMessage, the
 * route's answer, and what the selected pool's pricing answered (spec §4: an info message;
 * its error too in the lite element, whose price step has no other place for it; the
 * wizard's estimate shows it in place of the price).
 */
export const bannersAtom = atom((get): Banner[] => {
  const poolError = get(poolErrorAtom);
  const poolInfo = get(poolInfoAtom);
  const dismissed = get(dismissedTexts);
  const { errorMessage, infoMessage } = get(travelMessagesBase);
  const derived: Banner[] = [];
  if (errorMessage) derived.push({ id: 'store-error', kind: 'error', text: errorMessage });
  if (infoMessage) derived.push({ id: 'store-info', kind: 'info', text: infoMessage });
  const route = get(routeBannerAtom);
  if (route) derived.push(route);
  if (get(pricingFailedAtom)) derived.push({ id: 'pricing', kind: 'error', text: PRICING_UNAVAILABLE, retry: 'pricing' });
  if (poolError && get(variantAtom) === 'lite' && !dismissed.has(poolError))
    derived.push({ id: 'pool-error', kind: 'error', text: poolError });
  if (poolInfo && !dismissed.has(poolInfo)) derived.push({ id: 'pool-info', kind: 'info', text: poolInfo });
  return [...get(raisedBase), ...derived];
});

/** A message raised by an event (a refused block, a failed save or load); one per id, the newest kept. */
export const showBannerAtom = atom(null, (get, set, banner: Banner) => {
  set(raisedBase, [...get(raisedBase).filter((b) => b.id !== banner.id), banner]);
});

export const dismissBannerAtom = atom(null, (get, set, id: string) => {
  const shown = get(bannersAtom).find((banner) => banner.id === id);
  if (id === 'store-error') set(travelMessagesBase, { ...get(travelMessagesBase), errorMessage: null });
  if (id === 'store-info') set(travelMessagesBase, { ...get(travelMessagesBase), infoMessage: null });
  if (shown && id.startsWith('pool-')) set(dismissedTexts, new Set([...get(dismissedTexts), shown.text]));
  if (id === 'route') set(dismissedRouteAnswer, get(currentRouteOutcomeAtom));
  set(
    raisedBase,
    get(raisedBase).filter((b) => b.id !== id),
  );
});
