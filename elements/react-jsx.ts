/**
 * JSX types of both tags for React 19 apps: `import 'transport-quote-wizard/react'` once (or
 * `import type {} from …`), after the element itself. Attributes are written as their
 * properties (`apiBase`, `mapsProvider`), which React 19 sets on the defined element, so a typo
 * fails to type-check (TypeScript never checks dashed JSX names). Events are `on` + the event
 * name, which React 19 listens to on custom elements: `ontravel_creation_succeed`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { QuoteElementDataProperties, TransportQuoteAttributes } from './contract.ts';
import type { TransportQuoteEventMap } from './events.ts';
import type { TransportQuoteLiteElement } from './transport-quote-lite.ts';
import type { TransportQuoteWizardElement } from './transport-quote-wizard.ts';

/** `on` + each event's name, with its typed CustomEvent. */
export type TransportQuoteEventProps = {
  [Name in keyof TransportQuoteEventMap as `on${Name}`]?: (event: TransportQuoteEventMap[Name]) => void;
};

/** What JSX may set on either tag: the attribute properties, the data properties, the events and React's own. */
export type TransportQuoteJsxProps<Element extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<Element>, Element> &
  TransportQuoteAttributes &
  Partial<QuoteElementDataProperties> &
  TransportQuoteEventProps;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19 reads intrinsic elements from the JSX namespace
  namespace JSX {
    interface IntrinsicElements {
      'transport-quote-wizard': TransportQuoteJsxProps<TransportQuoteWizardElement>;
      'transport-quote-lite': TransportQuoteJsxProps<TransportQuoteLiteElement>;
    }
  }
}
