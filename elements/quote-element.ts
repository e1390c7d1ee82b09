import r2wc from '@r2wc/react-to-web-component';
import { createElement, startTransition, type ComponentType } from 'react';
import { createSession, type Session, type SessionOptions } from '../src/state/session.ts';
import { ElementRoot } from '../src/ui/ElementRoot.tsx';
import { parseAttributes, type ElementConfig } from '../src/state/attributes.ts';
import { adoptStyles } from '../src/ui/styles.ts';
import { ATTRIBUTES, DATA_PROPERTY_NAMES, type QuoteElementDataProperties, type TransportQuoteAttributes } from './contract.ts';
import { yieldToPage } from './yield-to-page.ts';

/** Everything a host may set as a property, possibly before this script defined the tag. */
const HOST_PROPERTIES = [...Object.keys(ATTRIBUTES), ...DATA_PROPERTY_NAMES];

/** The element's attributes, parsed as the session reads them (src/state/attributes.ts). */
function configOf(host: HTMLElement): ElementConfig {
  return parseAttributes((name) => host.getAttribute(name), window.location);
}

type R2wcElement = HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };

/**
 * The class behind both tags, and the one way the page reaches the element:
 *
 * - Attributes (DESIGN §3) are observed here, set before or after connection, removal
 *   included, and each change gives the session the whole configuration read again
 *   (configOf). Their properties (el.apiBase ↔ api-base) only write the attribute, so
 *   there is no second path.
 * - Data properties (travelStore, companyStore, travelInfos), clock and fetch go to the session.
 * - A property a host set on the plain element before the tag was defined (a framework that
 *   renders first, a script loaded later) shadows these accessors on the instance: the
 *   constructor takes it off and sets it again through them.
 * - Connected, the session reads its data (once) and runs its engine and draft sync; removed,
 *   they stop and the pricing worker ends. Moving the element keeps what the visitor typed.
 *
 * The session (its store, services and configuration) is made once, with the element, and
 * kept by it: r2wc unmounts the React root when the element leaves the page and mounts a new
 * one when it comes back, and each root receives the same session as a prop (r2wc's 'method'
 * prop: the element's session()). React renders through r2wc in an open shadow root, with
 * the styles adopted before the first render (both in the task after the connection, issue 47).
 */
export function quoteElementClass(
  View: ComponentType,
  options: SessionOptions,
): { new (): HTMLElement & QuoteElementDataProperties & TransportQuoteAttributes } {
  const Root = ({ session }: { container?: HTMLElement; session?: () => Session }) =>
    createElement(ElementRoot, { session: session!() }, createElement(View));
  const Base = r2wc(Root, { shadow: 'open', props: { session: 'method' } }) as unknown as { new (): R2wcElement };
  // r2wc also defines a property for each prop, for a page to set: the session is not one (the
  // element's properties are its contract's, custom-elements.json), so its accessor goes.
  delete (Base.prototype as Partial<Record<'session', unknown>>).session;

  class QuoteElement extends Base {
    readonly #session = createSession(this, options);
    /** Counts connections and removals: a React root waiting for its task mounts only if none came since. */
    #connections = 0;

    static get observedAttributes(): readonly string[] {
      // `id` too: it names the element's drafts and its messages.
      return [...Object.values(ATTRIBUTES).map((spec) => spec.attribute), 'id'];
    }

    constructor() {
      super();
      for (const name of HOST_PROPERTIES) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }

    /** How r2wc gives each React root it mounts the element's session (a 'method' prop, bound to the element). */
    session(): Session {
      return this.#session;
    }

    override connectedCallback(): void {
      // Before React's first render, so inline data is already in the store it reads.
      this.#session.connect(configOf(this));
      // React's root is made in the next task, not in this one, which already made the session
      // and connected it (issue 47: no task of the start longer than a bare React element's by
      // half). Removed or moved meanwhile, the element mounts only for its last connection.
      const connection = ++this.#connections;
      void yieldToPage().then(() => {
        if (connection !== this.#connections || !this.isConnected) return;
        // The stylesheet (parsed once per page, the first time) before the first render, here
        // rather than in the constructor: the task before is the longer of the two.
        adoptStyles(this.shadowRoot!);
        // The first render as a transition: React renders it in slices of a few milliseconds
        // instead of one long task, so a phone's main thread answers meanwhile (issue 33).
        startTransition(() => super.connectedCallback());
      });
    }

    override disconnectedCallback(): void {
      this.#connections += 1;
      super.disconnectedCallback();
      this.#session.disconnect();
    }

    attributeChangedCallback(): void {
      this.#session.updateConfig(configOf(this));
    }

    set travelStore(value: unknown) {
      this.#session.setProperty('travel', value);
    }
    set companyStore(value: unknown) {
      this.#session.setProperty('company', value);
    }
    set travelInfos(value: unknown) {
      this.#session.setProperty('infos', value);
    }
    set fetch(value: typeof fetch | null) {
      if (value !== null && typeof value !== 'function')
        throw new TypeError('transport-quote : fetch doit être une fonction comme window.fetch');
      this.#session.setFetch(value);
    }
    set clock(value: () => Date) {
      if (typeof value !== 'function') throw new TypeError('transport-quote : clock doit être une fonction qui renvoie une Date');
      this.#session.setClock(value);
    }
  }

  // The attribute properties: strings that read and write their attribute (empty or null removes it).
  for (const [property, { attribute }] of Object.entries(ATTRIBUTES)) {
    Object.defineProperty(QuoteElement.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute) ?? undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === null || value === undefined || value === '') this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  return QuoteElement as unknown as { new (): HTMLElement & QuoteElementDataProperties & TransportQuoteAttributes };
}
