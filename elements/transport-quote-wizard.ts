import { Wizard } from '../src/ui/wizard/Wizard.tsx';
import { pricingWorkerUrl } from '../src/ui/worker-url.ts';
import type { TransportQuoteAttributes, TransportQuoteEventMap } from './contract.ts';
import { quoteElementClass } from './quote-element.ts';

/** <transport-quote-wizard>: the five-panel booking wizard. The worker URL is resolved from this script's own URL. */
export class TransportQuoteWizardElement extends quoteElementClass(Wizard, { workerUrl: pricingWorkerUrl(import.meta.url), variant: 'wizard' }) {}

// r2wc defines the attribute-mirroring properties at run time; this tells TypeScript about them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TransportQuoteWizardElement extends TransportQuoteAttributes {}

if (!customElements.get('transport-quote-wizard')) customElements.define('transport-quote-wizard', TransportQuoteWizardElement);

declare global {
  interface HTMLElementTagNameMap {
    'transport-quote-wizard': TransportQuoteWizardElement;
  }
  interface HTMLElementEventMap extends TransportQuoteEventMap {}
}
