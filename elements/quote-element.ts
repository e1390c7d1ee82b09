import r2wc from '@r2wc/react-to-web-component';
import { createElement, type ComponentType } from 'react';
import { sessionFor, type SessionOptions } from '../src/state/session.ts';
import { ElementRoot, type ElementRootProps } from '../src/ui/ElementRoot.tsx';
import { adoptStyles } from '../src/ui/styles.ts';
import { systemClock, type Clock } from '../src/services/clock.ts';
import { ATTRIBUTE_PROPS, type QuoteElementDataProperties } from './contract.ts';

/**
 * The class behind both tags: r2wc in an open shadow root (attributes mirrored as string
 * properties), styles adopted before the first render, and the data properties
 * travelStore, companyStore and travelInfos handed to the element's session.
 */
export function quoteElementClass(View: ComponentType, options: SessionOptions): { new (): HTMLElement & QuoteElementDataProperties } {
  const Root = ({ container }: Pick<ElementRootProps, 'container'>) => createElement(ElementRoot, { container, ...options }, createElement(View));
  return class extends r2wc(Root, { shadow: 'open', props: ATTRIBUTE_PROPS }) {
    constructor() {
      super();
      adoptStyles(this.shadowRoot!);
    }
    set travelStore(value: unknown) { sessionFor(this, options).setProperty('travel', value); }
    set companyStore(value: unknown) { sessionFor(this, options).setProperty('company', value); }
    set travelInfos(value: unknown) { sessionFor(this, options).setProperty('infos', value); }
    set clock(value: Clock) {
      if (typeof value !== 'function') throw new TypeError('transport-quote : clock doit être une fonction qui renvoie une Date');
      sessionFor(this, options).setClock(() => {
        const now = value();
        // A host clock that answers nonsense must not break the dates: the machine's clock stands in.
        return now instanceof Date && !Number.isNaN(now.getTime()) ? now : systemClock();
      });
    }
  };
}
