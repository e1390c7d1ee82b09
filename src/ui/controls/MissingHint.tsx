import type { Missing, MissingTarget } from '../../domain/steps/missing.ts';
import { Icon } from './icons.tsx';

/** The selector of the field a hint leads to (the fields carry a matching data-target). */
export function targetSelector(target: MissingTarget): string {
  switch (target.kind) {
    case 'address':
      return `[data-target="address-${target.step}"]`;
    case 'item-search':
      return '[data-target="item-search"]';
    case 'item':
      return `[data-target="item-${target.index}"]`;
  }
}

/** Focuses the field, scrolled clear of the sticky bar by the focus handler of the bar. */
export function focusTarget(from: Element, target: MissingTarget): void {
  const root = from.getRootNode() as ShadowRoot | Document;
  const field = root.querySelector<HTMLElement>(targetSelector(target));
  field?.focus();
  field?.scrollIntoView({ block: 'center' });
}

/** 'Suivant' is hidden (spec): one sentence says what is missing and takes you there (UX §3.2). */
export function MissingHint({ missing }: { missing: Missing | null }) {
  if (!missing) return null;
  return (
    <p className="hint-line" part="hint">
      <Icon name="info" />
      {missing.target ? (
        <button type="button" className="link" onClick={(event) => focusTarget(event.currentTarget, missing.target!)}>
          {missing.text}
        </button>
      ) : (
        <span>{missing.text}</span>
      )}
    </p>
  );
}
