import { createStore } from 'jotai';
import { hold } from '../services/live-resources.ts';

export type QuoteStore = ReturnType<typeof createStore>;

/**
 * One Jotai store per element, kept outside React: r2wc unmounts the React root when a CMS
 * moves the element, and the visitor's work must survive that.
 */
const stores = new WeakMap<Element, QuoteStore>();

export function storeFor(host: Element): QuoteStore {
  let store = stores.get(host);
  if (!store) {
    store = createStore();
    stores.set(host, store);
  }
  return store;
}

/** A store subscription the session owns, counted while it lives (see live-resources). */
export function subscribe(store: QuoteStore, anAtom: Parameters<QuoteStore['sub']>[0], listener: () => void): () => void {
  const release = hold('subscription');
  const unsubscribe = store.sub(anAtom, listener);
  return () => {
    unsubscribe();
    release();
  };
}
