// What the suites' pages hold on `window` beside the DOM, read inside page.evaluate().
import type axe from 'axe-core';

declare global {
  interface Window {
    /** axe-core, added to the page by the suites that check accessibility. */
    axe: typeof axe;
    /** The messages the iframe host page (demo/pages/iframe-host.js) received from the element. */
    receivedMessages?: { origin: string; data: { type: string; token?: string } }[];
    /** The events a suite records as the element dispatches them. */
    __dispatched: string[];
    /** What a page under test received (the hardening suite's listener). */
    received: unknown[];
  }
}
