import { useId, type ReactNode } from 'react';
import { SuggestionList } from './SuggestionList.tsx';
import { useListNavigation } from './use-list-navigation.ts';

interface SearchComboboxProps<T> {
  label: string;
  /** The listbox's name: 'Contacts trouvés'. */
  listLabel: string;
  text: string;
  onText: (text: string) => void;
  options: readonly T[];
  keyOf: (option: T) => string;
  /** An option chosen (Enter or a click); the field is emptied for the next search. */
  onPick: (option: T) => void;
  /** Where the error summary's link lands (data-target). */
  target?: string;
  children: (option: T) => ReactNode;
}

/**
 * A labelled search field with its suggestions (WAI-ARIA APG combobox, list autocomplete):
 * the company's customers and contacts. The address and item searches add their own
 * behaviour (geocoding, quantities, a pending Enter) around the same SuggestionList.
 */
export function SearchCombobox<T>({ label, listLabel, text, onText, options, keyOf, onPick, target, children }: SearchComboboxProps<T>) {
  const listId = useId();
  const open = options.length > 0 && text.trim() !== '';
  const pick = (option: T) => {
    onPick(option);
    onText('');
  };
  const { active, setActive, onKeyDown, choose } = useListNavigation(options, open, pick, () => onText(''));
  return (
    <div className="combobox">
      <label>
        {label}
        <input
          role="combobox"
          data-target={target}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(event) => {
            onText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
      </label>
      <SuggestionList id={listId} label={listLabel} open={open} options={options} active={active} keyOf={keyOf} onChoose={choose}>
        {children}
      </SuggestionList>
    </div>
  );
}
