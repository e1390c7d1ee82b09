import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import { keepListInView } from './keep-in-view.ts';
import { SuggestionList } from './SuggestionList.tsx';
import { Waiting } from './Waiting.tsx';

interface ComboboxProps<T> {
  /** The visible label and the field's accessible name: 'Adresse 2', 'Rechercher un objet'. */
  label: string;
  /** The listbox's name: 'Objets trouvés'. */
  listLabel: string;
  value: string;
  /** The visitor typed: the text as it is now. */
  onType: (text: string) => void;
  /** The suggestions for the text (an empty list closes the listbox). */
  options: readonly T[];
  keyOf: (option: T) => string;
  /** An option chosen, by Enter or by a click. */
  onPick: (option: T) => void;
  /** True while the answer for the text as it is now is on its way: an Enter waits for it. */
  searching?: boolean;
  /** Enter with no suggestion to take (none came, or the list was closed with Escape). */
  onEnterWithoutOption?: () => void;
  onFocus?: () => void;
  icon?: IconName;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Where the error summary's link lands (data-target). */
  target?: string;
  className?: string;
  /** What the field says under it: verified, checking, its error, proposals. */
  below?: ReactNode;
  /** What an option shows. */
  children: (option: T) => ReactNode;
}

/**
 * The one search field with suggestions (WAI-ARIA APG combobox with list autocomplete) of
 * addresses, saved places, items, customers and contacts. Focus stays in the input; the
 * arrows move the active option round the list (and reopen it), Enter takes the active
 * option or else the first, Escape closes the list and keeps the text. An Enter pressed
 * before the text's answer has come is kept ('Recherche…') and takes the first suggestion
 * when it arrives, so a fast typist loses nothing.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { label, listLabel, value, onType, options, keyOf, onPick, searching = false, onEnterWithoutOption, children } = props;
  const listId = useId();
  const inputId = `${listId}-input`;
  // The active option belongs to the list it was chosen in: a new answer starts with none.
  const [activeIn, setActiveIn] = useState<{ options: readonly T[]; index: number }>({ options, index: -1 });
  const active = activeIn.options === options ? activeIn.index : -1;
  // Keys can come faster than renders (a typed text, Escape and Enter in one go): the key
  // handler reads these two from refs, the render from state.
  const [dismissed, setDismissed] = useMirroredState(false);
  const [enterPending, setEnterPending] = useMirroredState(false);
  const open = !dismissed.shown && !props.disabled && options.length > 0;

  // The open list and its field fully in view, above the sticky bar (UX §4.3).
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const field = inputRef.current;
    const list = field ? (field.getRootNode() as Document | ShadowRoot).getElementById(listId) : null;
    if (open && field && list) keepListInView(list, field);
  }, [open, options, listId]);

  const pick = (option: T) => {
    setDismissed(true);
    setEnterPending(false);
    onPick(option);
  };

  useEffect(() => {
    if (!enterPending.shown || searching) return;
    // The answer came: the Enter kept for it is honoured once.
    setEnterPending(false);
    if (options[0] !== undefined) pick(options[0]);
    else onEnterWithoutOption?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the awaited answer comes; pick reads this render's props
  }, [enterPending.shown, searching, options]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = active === -1 && step === -1 ? 0 : active;
      setActiveIn({ options, index: options.length === 0 ? -1 : (from + step + options.length) % options.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active] ?? options[0];
      if (dismissed.current) onEnterWithoutOption?.();
      else if (searching) setEnterPending(true);
      else if (option !== undefined) pick(option);
      else onEnterWithoutOption?.();
    } else if (event.key === 'Escape') {
      // Closed for this text: a late answer stays closed, and Enter then takes the text as typed.
      if (open) event.preventDefault();
      setDismissed(true);
      setEnterPending(false);
    }
  };

  return (
    <div className={props.className ? `combobox ${props.className}` : 'combobox'}>
      <label htmlFor={inputId}>{label}</label>
      <div className="combobox-field">
        {props.icon && (
          <span className="lead" aria-hidden="true">
            <Icon name={props.icon} />
          </span>
        )}
        <input
          ref={inputRef}
          id={inputId}
          role="combobox"
          data-target={props.target}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          autoComplete="off"
          placeholder={props.placeholder}
          disabled={props.disabled}
          value={value}
          onFocus={() => {
            setDismissed(false);
            props.onFocus?.();
          }}
          onBlur={() => setDismissed(true)}
          onChange={(event) => {
            setDismissed(false);
            setEnterPending(false);
            onType(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <SuggestionList
        id={listId}
        label={listLabel}
        open={open}
        options={options}
        active={active}
        keyOf={keyOf}
        onChoose={pick}
        stale={searching && options.length > 0}
      >
        {children}
      </SuggestionList>
      {enterPending.shown ? (
        <Waiting>Recherche…</Waiting>
      ) : (
        searching && (
          <p className="visually-hidden" role="status">
            Recherche en cours
          </p>
        )
      )}
      {props.below}
    </div>
  );
}

/** A state whose latest value is also readable at once (`current`), before React renders it (`shown`). */
function useMirroredState(initial: boolean) {
  const ref = useRef(initial);
  const [shown, setShown] = useState(initial);
  const set = (value: boolean) => {
    ref.current = value;
    setShown(value);
  };
  return [
    {
      shown,
      get current() {
        return ref.current;
      },
    },
    set,
  ] as const;
}
