// React first, in a task of its own (see there).
import './react-first.ts';
import { Wizard } from '../src/ui/wizard/Wizard.tsx';
import { pricingWorkerUrl } from '../src/ui/worker-url.ts';
import type { TransportQuoteEventMap } from './events.ts';
import { quoteElementClass } from './quote-element.ts';
import { yieldToPage } from './yield-to-page.ts';

/**
 * <transport-quote-wizard>: the booking wizard. The worker URL is resolved from this script's own URL.
 * @summary The five-panel booking wizard: addresses, items, estimate, finalisation, success.
 */
export class TransportQuoteWizardElement extends quoteElementClass(Wizard, {
  workerUrl: pricingWorkerUrl(import.meta.url),
  variant: 'wizard',
}) {}

// Our modules were evaluated in this task: the element's setup (the upgrade of the tags already
// in the page, their session, styles and React root) starts in the next.
await yieldToPage();
if (!customElements.get('transport-quote-wizard')) customElements.define('transport-quote-wizard', TransportQuoteWizardElement);

declare global {
  interface HTMLElementTagNameMap {
    'transport-quote-wizard': TransportQuoteWizardElement;
  }
  // The events join the DOM's map, so addEventListener('travel_creation_succeed', …) is typed.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation adds members by extending
  interface HTMLElementEventMap extends TransportQuoteEventMap {}
}
