import { useState, type KeyboardEvent } from 'react';

/**
 * Keyboard of a search field with a suggestion list (ARIA combobox): arrows move the active
 * option round the list, Enter picks it, Escape closes. `choose` picks an option (a click)
 * and puts the active option back on the first.
 */
export function useListNavigation<T>(options: readonly T[], open: boolean, pick: (option: T) => void, close: () => void) {
  const [active, setActive] = useState(0);
  const choose = (option: T) => {
    pick(option);
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? 0 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const chosen = options[active];
      if (chosen !== undefined) choose(chosen);
    } else if (event.key === 'Escape') close();
  };
  return { active, setActive, onKeyDown, choose };
}
