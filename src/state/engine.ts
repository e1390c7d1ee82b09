import type { Atom } from 'jotai';
import { RouteNotFoundError } from '../services/maps/provider.ts';
import { computeRoute } from '../services/maps/routing.ts';
import { importDatesAtom } from './dates-chunk.ts';
import { importPricingAtom } from './pricing-chunk.ts';
import { answerPoolAtom, NO_ANSWER, poolJobAtom, type PoolAnswer, type PoolJob } from './pool-price.atoms.ts';
import type { QuoteRequest } from '../domain/quotes/quote-request.ts';
import { answerQuoteAtom, holdQuote, quoteRequestAtom, type QuoteOutcome } from './quote.atoms.ts';
import { answerRouteAtom, routeRequestAtom, type RouteOutcome, type RouteRequest } from './route.atoms.ts';
import type { Services } from './services.atoms.ts';
import { replaceStopsAtom, stopsAtom } from './stops.atoms.ts';
import { subscribe, type QuoteStore } from './store.ts';
import { setTimeWindowsAtom } from './time-windows.atoms.ts';

/**
 * The asynchronous half of fee recomputation (spec §4), while the element is in the page.
 * What must be asked of the outside world is derived from the state: the route the trip
 * needs (routeRequestAtom), the pool's pricing job (poolJobAtom) and the carrier's quote
 * (quoteRequestAtom), each the same object until something it reads changed. The engine
 * follows them, asks, and writes the answers in atoms it never reads: nothing it writes can
 * start it again. A newer request aborts the older one, whose answer is dropped.
 */
export function startEngine(store: QuoteStore, services: Services): () => void {
  const stops = [
    follow(
      store,
      routeRequestAtom,
      (request, signal) => answerRoute(store, services, request, signal),
      (outcome) => {
        if (outcome) store.set(answerRouteAtom, outcome);
      },
    ),
    follow(
      store,
      poolJobAtom,
      (job) => runPool(services, job),
      (answer) => void deliverPoolAnswer(store, answer),
    ),
    follow(
      store,
      quoteRequestAtom,
      (request, signal) => askQuote(services, request, signal),
      (outcome) => {
        if (outcome) store.set(answerQuoteAtom, outcome);
      },
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Follows a request atom: each new request (and the present one at once) is worked on, the
 * previous one aborted; its answer is delivered while it is still the current request.
 */
function follow<Request, Answer>(
  store: QuoteStore,
  requests: Atom<Request>,
  work: (request: Request, signal: AbortSignal) => Answer | Promise<Answer>,
  deliver: (answer: Answer) => void,
): () => void {
  let controller: AbortController | null = null;
  const start = () => {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    const request = store.get(requests);
    void Promise.resolve(work(request, current.signal)).then(
      (answer) => {
        if (!current.signal.aborted) deliver(answer);
      },
      () => undefined,
    );
  };
  const unsubscribe = subscribe(store, requests, start);
  start();
  return () => {
    // Answers still on their way are dropped: a stopped engine writes nothing.
    controller?.abort();
    unsubscribe();
  };
}

/**
 * The route, with the pricing code fetched beside it the first time: the route is delivered
 * once that code is in (or failed), so its price shows with it, never a moment later.
 */
async function answerRoute(
  store: QuoteStore,
  services: Services,
  request: RouteRequest | null,
  signal: AbortSignal,
): Promise<RouteOutcome | null> {
  if (!request) return null;
  const pricing = store.set(importPricingAtom);
  const outcome = await routeOutcome(services, request, signal);
  await pricing;
  return outcome;
}

async function routeOutcome(services: Services, request: RouteRequest, signal: AbortSignal): Promise<RouteOutcome> {
  try {
    const provider = await services.provider();
    signal.throwIfAborted();
    return { request, route: await computeRoute(provider, request.stops, request.mode), error: null };
  } catch (error) {
    // Spec §8: a failed route makes step 0 invalid; the message is the spec's when there is one.
    const message = error instanceof Error && error.message ? error.message : null;
    return { request, route: null, error: message, retryable: error instanceof RouteNotFoundError };
  }
}

/** A quote is asked once the visitor stops changing the choices for a moment: not once per click on a quantity. */
export const QUOTE_SETTLE_MS = 300;

async function askQuote(services: Services, request: QuoteRequest | null, signal: AbortSignal): Promise<QuoteOutcome | null> {
  if (!request) return null;
  await new Promise((resolve) => setTimeout(resolve, QUOTE_SETTLE_MS));
  signal.throwIfAborted();
  try {
    const quote = await services.api.requestQuote(request, signal);
    return { request, quote: holdQuote(quote, services.now()), error: null };
  } catch (error) {
    signal.throwIfAborted();
    // The local estimate stays on screen; the save asks again and says what the server answers.
    return { request, quote: null, error: error instanceof Error ? error.message : null };
  }
}

async function runPool(services: Services, job: PoolJob | null): Promise<PoolAnswer> {
  if (!job) return NO_ANSWER;
  const result = await services.sandbox().run(job.pool, job.input);
  return result.ok ? { job, output: result.output, defect: null } : { job, output: null, defect: result.message };
}

/** The pool's answer; its amplitude_hour turns time windows on and sets every stop's window (spec §4). */
async function deliverPoolAnswer(store: QuoteStore, answer: PoolAnswer): Promise<void> {
  store.set(answerPoolAtom, answer);
  const amplitude = answer.output?.amplitude_hour;
  if (!amplitude) return;
  // Time windows need dates in France: their code comes with the dates' chunk.
  const dates = await store.set(importDatesAtom);
  if (!dates || store.get(poolJobAtom) !== answer.job) return;
  store.set(setTimeWindowsAtom, { enabled: true });
  store.set(replaceStopsAtom, dates.applyAmplitude(store.get(stopsAtom), amplitude));
}
