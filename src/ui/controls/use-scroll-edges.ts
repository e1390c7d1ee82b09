import { useLayoutEffect, type RefObject } from 'react';

/**
 * Marks a row that scrolls sideways with where more of it lies (`data-more="start end"`), so
 * its cut edge fades and says there is more (UX §4.4: chips scroll on a phone). Kept up to date
 * on scroll and when the row or its content changes size.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const mark = () => {
      const more = [row.scrollLeft > 1 ? 'start' : '', row.scrollLeft + row.clientWidth < row.scrollWidth - 1 ? 'end' : '']
        .filter(Boolean)
        .join(' ');
      if (more) row.dataset.more = more;
      else delete row.dataset.more;
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(row);
    for (const child of row.children) observer.observe(child);
    row.addEventListener('scroll', mark, { passive: true });
    return () => {
      observer.disconnect();
      row.removeEventListener('scroll', mark);
    };
  }, [ref]);
}
