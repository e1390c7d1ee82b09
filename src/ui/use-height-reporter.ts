import { useEffect } from 'react';
import type { Messenger } from '../services/host-messaging.ts';

/** Posts the element's height when it changes, so a host sizes its iframe without a second scrollbar. */
export function useHeightReporter(host: HTMLElement, messenger: Messenger): void {
  useEffect(() => {
    let last = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(host.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      messenger('height_changed', { height });
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, messenger]);
}
