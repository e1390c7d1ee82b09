import type { createStore } from 'jotai';
import { hold } from '../services/live-resources.ts';

/**
 * One Jotai store per element, made by its session (session.ts) outside React: r2wc unmounts
 * the React root when a CMS moves the element, and the visitor's work must survive that.
 */
export type QuoteStore = ReturnType<typeof createStore>;

/** A store subscription the session owns, counted while it lives (see live-resources). */
export function subscribe(store: QuoteStore, anAtom: Parameters<QuoteStore['sub']>[0], listener: () => void): () => void {
  const release = hold('subscription');
  const unsubscribe = store.sub(anAtom, listener);
  return () => {
    unsubscribe();
    release();
  };
}
