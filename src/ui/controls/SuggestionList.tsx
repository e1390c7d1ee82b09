import type { ReactNode } from 'react';

interface SuggestionListProps<T> {
  /** The listbox id, the combobox's aria-controls; option n is `${id}-${n}` (aria-activedescendant). */
  id: string;
  label: string;
  open: boolean;
  options: readonly T[];
  active: number;
  keyOf: (option: T) => string;
  onChoose: (option: T) => void;
  /** The answer to an earlier text, while the text's own is on its way: shown, never taken. */
  stale?: boolean;
  children: (option: T) => ReactNode;
}

/**
 * The listbox of every search field (addresses, items, customers, contacts): WAI-ARIA APG's
 * combobox with list autocomplete. Focus stays in the input, which moves the active option
 * with the arrows; a click chooses without taking the focus away from it.
 */
export function SuggestionList<T>({ id, label, open, options, active, keyOf, onChoose, stale, children }: SuggestionListProps<T>) {
  // A stale list is inert: a click meant for what was there (a saved place) never picks it
  // once the text changed (a pasted address); it takes clicks again when its answer comes. Not
  // the inert attribute: a click there would then take the focus from the field and close it.
  return (
    <ul id={id} role="listbox" aria-label={label} className="suggestions" hidden={!open} aria-busy={stale || undefined}>
      {options.map((option, position) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard stays in the combobox input (aria-activedescendant)
        <li
          key={keyOf(option)}
          id={`${id}-${position}`}
          role="option"
          aria-selected={position === active}
          className={position === active ? 'active' : undefined}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => stale || onChoose(option)}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}
