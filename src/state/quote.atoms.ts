import { atom } from 'jotai';
import type { Quote } from '../domain/quotes/quote-answer.ts';
import { quoteRequestFor } from '../domain/quotes/booking-choices.ts';
import type { QuoteRequest } from '../domain/quotes/quote-request.ts';
import { sameData } from '../domain/same-data.ts';
import { STEPS } from '../domain/steps/step-model.ts';
import { configAtom } from './config.atoms.ts';
import { customerDateAtom } from './customer.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { poolIdAtom } from './pools.atoms.ts';
import { fixedPriceAtom, handlingChoiceAtom, vehicleCategoryIdAtom } from './price-choices.atoms.ts';
import { routeStatusAtom } from './route.atoms.ts';
import { stableAtom } from './stable-atom.ts';
import { stepAtom, validStepsAtom } from './steps.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { variantAtom } from './variant.atoms.ts';
import { validOptionChoicesAtom } from './options.atoms.ts';

/**
 * A quote as the element holds it: with its deadline on the element's clock (ms), counted from
 * valid_for_seconds when it came. A visitor's clock, or a page that sets the session's, need
 * not be the server's: 'Prix garanti jusqu’à' and the save's check read this deadline.
 */
export type HeldQuote = Quote & { deadline: number };

export function holdQuote(quote: Quote, now: Date): HeldQuote {
  return { ...quote, deadline: now.getTime() + quote.valid_for_seconds * 1000 };
}

/** The answer to one quote request: the carrier's quote, or why there is none. */
export interface QuoteOutcome {
  request: QuoteRequest;
  quote: HeldQuote | null;
  error: string | null;
}

/** The trip's choices as a quote request, whatever the step: what a save prices. */
export const tripQuoteRequestAtom = stableAtom<QuoteRequest | null>(
  (get) => {
    // The trip routed and the load valid (spec §4: steps 0 and 1).
    const [addressesValid, itemsValid] = get(validStepsAtom);
    if (get(routeStatusAtom) !== 'ok' || !addressesValid || !itemsValid) return null;
    const handling = get(handlingChoiceAtom);
    return quoteRequestFor({
      grid: get(variantAtom),
      stops: get(stopsAtom),
      items: get(itemsAtom),
      vehicleCategoryId: get(vehicleCategoryIdAtom),
      poolId: get(poolIdAtom),
      persons: handling.persons,
      hours: handling.hours,
      customerDate: get(customerDateAtom),
      fixedPrice: get(fixedPriceAtom),
      companyToken: get(configAtom).companyToken ?? null,
      options: get(validOptionChoicesAtom),
    });
  },
  sameData,
  null,
);

/**
 * The quote the engine asks for: the trip's choices once the trip and the load are complete,
 * while the visitor is on the estimate or the recap (the lite's Prix and Contacts). Not
 * earlier: each item added on the Objets step would otherwise ask the server again.
 */
export const quoteRequestAtom = atom((get) => {
  const step = get(stepAtom);
  return step === STEPS.estimate || step === STEPS.finalisation ? get(tripQuoteRequestAtom) : null;
});

const outcomeBase = atom<QuoteOutcome | null>(null);
/** The engine's and the save's: the answer to a request (a 409 brings a new quote for the same choices). */
export const answerQuoteAtom = atom(null, (_get, set, outcome: QuoteOutcome) => set(outcomeBase, outcome));

/** The carrier's quote for the trip as it is now, once it came; null while the trip changed since, or none came. */
export const currentQuoteAtom = atom((get): HeldQuote | null => {
  const outcome = get(outcomeBase);
  const request = get(tripQuoteRequestAtom);
  return outcome && request && sameData(outcome.request, request) ? outcome.quote : null;
});

/** Why no quote came for the trip as it is now (the server's message), else null. */
export const quoteErrorAtom = atom((get) => {
  const outcome = get(outcomeBase);
  const request = get(tripQuoteRequestAtom);
  return outcome && request && sameData(outcome.request, request) ? outcome.error : null;
});
