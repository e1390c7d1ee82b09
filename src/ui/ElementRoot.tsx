import { Provider } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { sessionFor, type SessionOptions } from '../state/session.ts';
import { useHeightReporter } from './use-height-reporter.ts';
import { useHostConfig } from './use-host-config.ts';

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

/** Binds one element to its session: its store, its live attributes, its height reports. */
export function ElementRoot({ container, workerUrl, variant, children }: ElementRootProps) {
  const host = hostOf(container);
  const session = sessionFor(host, { workerUrl, variant });
  const config = useHostConfig(host);
  // Started during the first render, before the panels read the store: inline data shows at once.
  session.start(config);
  useEffect(() => {
    session.updateConfig(config);
  }, [session, config]);
  useHeightReporter(host, session.services.messenger);
  return <Provider store={session.store}>{children}</Provider>;
}
