import { followScrollPadding } from './page-scroll-padding.ts';
import { watchStickyBar } from './sticky-bar-check.ts';

/** Fits the element to the page around it: its scroll padding, and a wrapper that stops the bar from sticking. */
export function fitToPage(host: HTMLElement): () => void {
  const stops = [followScrollPadding(host), watchStickyBar(host)];
  return () => stops.forEach((stop) => stop());
}
