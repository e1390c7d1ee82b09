import { Lite } from '../src/ui/lite/Lite.tsx';
import { pricingWorkerUrl } from '../src/ui/worker-url.ts';
import type { TransportQuoteAttributes, TransportQuoteEventMap } from './contract.ts';
import { quoteElementClass } from './quote-element.ts';

/** <transport-quote-lite>: the lighter four-step variant. The worker URL is resolved from this script's own URL. */
export class TransportQuoteLiteElement extends quoteElementClass(Lite, { workerUrl: pricingWorkerUrl(import.meta.url), variant: 'lite' }) {}

// r2wc defines the attribute-mirroring properties at run time; this tells TypeScript about them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TransportQuoteLiteElement extends TransportQuoteAttributes {}

if (!customElements.get('transport-quote-lite')) customElements.define('transport-quote-lite', TransportQuoteLiteElement);

declare global {
  interface HTMLElementTagNameMap {
    'transport-quote-lite': TransportQuoteLiteElement;
  }
  interface HTMLElementEventMap extends TransportQuoteEventMap {}
}
