import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons.tsx';
import { blockOf } from './keep-in-view.ts';

/**
 * The bar that keeps the next move in view (UX §3.2): last in the DOM so fields come first in
 * tab order, sticky at the bottom. Its height is measured into --_bar-h so a focused field is
 * scrolled clear of it (WCAG 2.4.11).
 */
export function ActionBar({
  onPrevious,
  hint,
  total,
  children,
  extra,
  twoRows = false,
}: {
  onPrevious?: (() => void) | null;
  hint?: ReactNode;
  total?: ReactNode;
  children?: ReactNode;
  /** A second action kept away from the primary one: beside the total (Dupliquer). */
  extra?: ReactNode;
  twoRows?: boolean;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = bar.current;
    const shell = node?.closest<HTMLElement>('.shell');
    if (!node || !shell) return;
    // A control that ends under the bar is scrolled up above it (its scroll-margin-bottom is
    // the bar's height), when it gets focus and when the bar grows under it (a total appears).
    const keepClear = (target: Element | null) => {
      if (!(target instanceof HTMLElement) || node.contains(target) || !shell.contains(target)) return;
      const block = blockOf(target);
      if (block.getBoundingClientRect().bottom > node.getBoundingClientRect().top) block.scrollIntoView({ block: 'nearest' });
    };
    // The observer's own size, not getBoundingClientRect: reading layout in its callback, after
    // the custom property below restyled the shell, would force a second layout of the whole
    // page, long on a 50-stop trip. A bar that shrank uncovers what it covered, so only a
    // taller one scrolls the focused field.
    let height = 0;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? node.offsetHeight);
      if (next === height) return;
      const grew = next > height;
      height = next;
      shell.style.setProperty('--_bar-h', `${next}px`);
      if (grew) keepClear((node.getRootNode() as Document | ShadowRoot).activeElement);
    });
    observer.observe(node);
    const onFocusIn = (event: FocusEvent) => keepClear(event.target as Element | null);
    shell.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      shell.removeEventListener('focusin', onFocusIn);
    };
  }, []);
  return (
    <div ref={bar} className={`action-bar${twoRows ? ' two-rows' : ''}`} part="action-bar nav">
      <div className="hint" aria-live="polite">
        {hint}
      </div>
      {onPrevious ? (
        <button type="button" className="prev" part="button-secondary" onClick={onPrevious}>
          <Icon name="chevron" turn="left" />
          Précédent
        </button>
      ) : (
        <span className="prev" />
      )}
      <div className="bar-extra">{extra}</div>
      <div className="bar-total">{total}</div>
      <div className="next">{children}</div>
    </div>
  );
}

/** 'Suivant', primary, chevron after the label. */
export function NextButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="primary" part="button-primary" onClick={onClick}>
      Suivant
      <Icon name="chevron" />
    </button>
  );
}

/** A wait in Suivant's place, the same width, so nothing moves (UX §3.2); it says what it waits for. */
export function BusySlot({ label = 'Calcul en cours…' }: { label?: string }) {
  return (
    <span className="busy" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="busy-label">{label}</span>
    </span>
  );
}
