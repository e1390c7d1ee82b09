import { useEffect } from 'react';
import { fitToPage } from './page-fit.ts';

/**
 * Fits the element to its page (page-fit.ts) once the first panel is up. Its code comes with
 * the first panel: the bench counts every script fetched until the first panel answers, and a
 * chunk of its own (fetched then anyway) cost more bytes than it kept out.
 */
export function usePageFit(host: HTMLElement): void {
  useEffect(() => fitToPage(host), [host]);
}
