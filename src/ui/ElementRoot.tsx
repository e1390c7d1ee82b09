import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { sessionFor, type SessionOptions } from '../state/session.ts';
import { useHeightReporter } from './use-height-reporter.ts';
import { usePageFit } from './use-page-fit.ts';

export interface ElementRootProps {
  /** The shadow root r2wc renders into. */
  container?: ShadowRoot | HTMLElement;
  /** The pricing sandbox worker's URL (see worker-url.ts). */
  workerUrl: string;
  variant: SessionOptions['variant'];
  children?: ReactNode;
}

function hostOf(container: ShadowRoot | HTMLElement | undefined): HTMLElement {
  if (!container) throw new Error('transport-quote : conteneur absent');
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/**
 * Binds one element's React tree to its session (its store and its height reports) and to
 * the page around it (its scroll padding, a wrapper that stops the bar from sticking). The
 * session itself is started and stopped by the element (elements/quote-element.ts), which
 * also carries the attributes to it.
 */
export function ElementRoot({ container, workerUrl, variant, children }: ElementRootProps) {
  const host = hostOf(container);
  const session = sessionFor(host, { workerUrl, variant });
  useHeightReporter(host, session.services.messenger);
  usePageFit(host);
  return <Provider store={session.store}>{children}</Provider>;
}
