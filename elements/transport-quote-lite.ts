import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { sessionFor } from '../src/state/session.ts';
import { ElementRoot, type ElementRootProps } from '../src/ui/ElementRoot.tsx';
import { adoptStyles } from '../src/ui/styles.ts';
import { Lite } from '../src/ui/lite/Lite.tsx';
import { pricingWorkerUrl } from '../src/ui/worker-url.ts';
import { ATTRIBUTE_PROPS, type TransportQuoteAttributes, type TransportQuoteEventMap } from './contract.ts';

/** Resolved once, from this script's own URL, so the worker is found wherever the script is served. */
const workerUrl = pricingWorkerUrl(import.meta.url);
const LiteRoot = ({ container }: Pick<ElementRootProps, 'container'>) => createElement(ElementRoot, { container, workerUrl }, createElement(Lite));

/** <transport-quote-lite>: the lighter four-step variant. */
export class TransportQuoteLiteElement extends r2wc(LiteRoot, { shadow: 'open', props: ATTRIBUTE_PROPS }) {
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
export interface TransportQuoteLiteElement extends TransportQuoteAttributes {}

if (!customElements.get('transport-quote-lite')) customElements.define('transport-quote-lite', TransportQuoteLiteElement);

declare global {
  interface HTMLElementTagNameMap {
    'transport-quote-lite': TransportQuoteLiteElement;
  }
  interface HTMLElementEventMap extends TransportQuoteEventMap {}
}
