import { atom } from 'jotai';

/**
 * What prices a trip comes in one chunk, asked by the engine together with the first route
 * (a price needs a route) and waited for before that route is delivered: the estimate shows
 * with the route, as when the code came with the first panel. Until it is in, nothing is
 * priced (the estimate atoms read null). Its failure is a French banner with 'Réessayer'.
 */
export type PricingCode = typeof import('./pricing.ts');

export const PRICING_UNAVAILABLE =
  'Le calcul du prix n’a pas pu être chargé\u00a0: la connexion a peut-être été coupée. Rien de ce que vous avez saisi n’est perdu.';

const pricingCodeBase = atom<PricingCode | null>(null);
const pricingFailedBase = atom(false);
/** The pricing code once fetched, null before. */
export const pricingCodeAtom = atom((get) => get(pricingCodeBase));
/** The last fetch failed: what the banner says until a retry brings the code. */
export const pricingFailedAtom = atom((get) => get(pricingFailedBase));

export const importPricingAtom = atom(null, async (get, set): Promise<PricingCode | null> => {
  const loaded = get(pricingCodeBase);
  if (loaded) return loaded;
  try {
    const code = await import('./pricing.ts');
    set(pricingCodeBase, code);
    set(pricingFailedBase, false);
    return code;
  } catch {
    set(pricingFailedBase, true);
    return null;
  }
});
