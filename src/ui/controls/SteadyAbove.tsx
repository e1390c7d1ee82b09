import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Content that appears or grows above where the visitor is (a field focused below it, or itself
 * scrolled past) keeps that place still: the page scrolls by the height it adds. Browsers' scroll
 * anchoring would do so, but it does not choose its anchor inside the element's shadow root: the
 * day prices, coming with the route just after the second address was chosen, pushed that field
 * under the action bar.
 */
export function SteadyAbove({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    // From nothing: the box mounts with what it holds, which the page did not show before.
    let height = 0;
    const observer = new ResizeObserver(() => {
      const rect = node.getBoundingClientRect();
      const added = rect.height - height;
      height = rect.height;
      if (added === 0) return;
      const focused = (node.getRootNode() as Document | ShadowRoot).activeElement;
      const focusBelow =
        focused !== null && !node.contains(focused) && Boolean(node.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (rect.top < 0 || focusBelow) window.scrollBy(0, added);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={box}>{children}</div>;
}
