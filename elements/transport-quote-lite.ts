// React first, in a task of its own (see there).
import './react-first.ts';
import { Lite } from '../src/ui/lite/Lite.tsx';
import { pricingWorkerUrl } from '../src/ui/worker-url.ts';
import type { TransportQuoteEventMap } from './events.ts';
import { quoteElementClass } from './quote-element.ts';
import { yieldToPage } from './yield-to-page.ts';

/**
 * <transport-quote-lite>: the lighter variant. The worker URL is resolved from this script's own URL.
 * @summary The lighter four-step variant: Adresses, Chargement, Prix, Contacts.
 */
export class TransportQuoteLiteElement extends quoteElementClass(Lite, { workerUrl: pricingWorkerUrl(import.meta.url), variant: 'lite' }) {}

// Our modules were evaluated in this task: the element's setup (the upgrade of the tags already
// in the page, their session, styles and React root) starts in the next.
await yieldToPage();
if (!customElements.get('transport-quote-lite')) customElements.define('transport-quote-lite', TransportQuoteLiteElement);

declare global {
  interface HTMLElementTagNameMap {
    'transport-quote-lite': TransportQuoteLiteElement;
  }
  // The events join the DOM's map, so addEventListener('travel_creation_succeed', …) is typed.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation adds members by extending
  interface HTMLElementEventMap extends TransportQuoteEventMap {}
}
