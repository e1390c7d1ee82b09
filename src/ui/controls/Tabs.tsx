import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec<K extends string | number> {
  key: K;
  /** The tab's text (its accessible name), with any decoration. */
  label: ReactNode;
  /** A tab that cannot be opened yet: it stays in the list, announced as unavailable. */
  unavailable?: boolean;
  /** The tab's `part` for host styling, if it has one. */
  part?: string;
}

interface TabsProps<K extends string | number> {
  /** The tab list's accessible name: 'Étapes du devis'. */
  label: string;
  tabs: readonly TabSpec<K>[];
  selected: K;
  onSelect: (key: K) => void;
  listClassName?: string;
  listPart?: string;
  panelClassName?: string;
  panelPart?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * The one tab pattern (WAI-ARIA APG tabs, automatic activation) of the lite element's steps
 * and the finalisation's Client / Contacts sur place: one tab in the Tab order, the arrows
 * wrap round the tabs that can be opened and open the one they reach, Home and End go to the
 * first and the last. An unavailable tab is skipped by the keys and does nothing on a click.
 */
export function Tabs<K extends string | number>({ label, tabs, selected, onSelect, children, ...look }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const open = tabs.filter((tab) => !tab.unavailable || tab.key === selected);
    const target =
      open[
        move(
          Math.max(
            0,
            open.findIndex((tab) => tab.key === selected),
          ),
          open.length,
        )
      ];
    if (!target) return;
    if (target.key !== selected) onSelect(target.key);
    buttons.current.get(target.key)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={look.listClassName ? `tabs ${look.listClassName}` : 'tabs'} part={look.listPart}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) buttons.current.set(tab.key, node);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            aria-disabled={tab.unavailable && tab.key !== selected ? true : undefined}
            tabIndex={tab.key === selected ? 0 : -1}
            part={tab.part}
            onClick={() => {
              if (tab.key !== selected && !tab.unavailable) onSelect(tab.key);
            }}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className={look.panelClassName} part={look.panelPart}>
        {children}
      </div>
    </>
  );
}
