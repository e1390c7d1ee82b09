import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { sessionFor } from '../src/state/session.ts';
import { ElementRoot, type ElementRootProps } from '../src/ui/ElementRoot.tsx';
import { adoptStyles } from '../src/ui/styles.ts';
import { Wizard } from '../src/ui/wizard/Wizard.tsx';
import { pricingWorkerUrl } from '../src/ui/worker-url.ts';
import { ATTRIBUTE_PROPS, type TransportQuoteAttributes, type TransportQuoteEventMap } from './contract.ts';

/** Resolved once, from this script's own URL, so the worker is found wherever the script is served. */
const workerUrl = pricingWorkerUrl(import.meta.url);
const WizardRoot = ({ container }: Pick<ElementRootProps, 'container'>) => createElement(ElementRoot, { container, workerUrl }, createElement(Wizard));

/** <transport-quote-wizard>: the five-panel booking wizard. */
export class TransportQuoteWizardElement extends r2wc(WizardRoot, { shadow: 'open', props: ATTRIBUTE_PROPS }) {
  constructor() {
    super();
    adoptStyles(this.shadowRoot!);
  }
  set travelStore(value: unknown) { sessionFor(this, { workerUrl }).setProperty('travel', value); }
  set companyStore(value: unknown) { sessionFor(this, { workerUrl }).setProperty('company', value); }
  set travelInfos(value: unknown) { sessionFor(this, { workerUrl }).setProperty('infos', value); }
}

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
