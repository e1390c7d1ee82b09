import { createStore } from 'jotai';

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
