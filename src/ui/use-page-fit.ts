import { useEffect } from 'react';

/**
 * Fits the element to its page (page-fit.ts) once the first panel is up: a chunk of its own,
 * fetched then, keeps those bytes out of the first panel's. Nothing on the page needs it
 * sooner: no scroll happens before a visitor acts. If the chunk cannot be fetched, the element
 * works as before it (no default from scroll-padding-top, no console message).
 */
export function usePageFit(host: HTMLElement): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    import('./page-fit.ts').then(
      ({ fitToPage }) => {
        if (!gone) stop = fitToPage(host);
      },
      () => {},
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [host]);
}
