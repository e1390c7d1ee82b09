import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import type { Session } from '../state/session.ts';
import { useHeightReporter } from './use-height-reporter.ts';
import { usePageFit } from './use-page-fit.ts';

export interface ElementRootProps {
  /** The element's session, handed by the element to each root r2wc mounts (elements/quote-element.ts). */
  session: Session;
  children?: ReactNode;
}

/**
 * Binds one element's React tree to its session (its store and its height reports) and to
 * the page around it (its scroll padding, a wrapper that stops the bar from sticking). The
 * session itself is made, started and stopped by the element, which also carries the
 * attributes to it.
 */
export function ElementRoot({ session, children }: ElementRootProps) {
  useHeightReporter(session.host, session.services.messenger);
  usePageFit(session.host);
  return <Provider store={session.store}>{children}</Provider>;
}
