import { memo } from 'react';

/**
 * The interface's icons, drawn for this product on a 24 grid and inlined as SVG: never emoji
 * or symbol characters, which show as empty boxes where no emoji font is installed (UX §5).
 * Decorative: the control around each carries the French accessible name.
 */
const PATHS = Object.freeze({
  trash: ['M4 7h16', 'M10 11v6M14 11v6', 'M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3'],
  grip: ['M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01'],
  plus: ['M12 5v14M5 12h14'],
  minus: ['M5 12h14'],
  pencil: ['M4 20h4L19 9l-4-4L4 16z', 'M13 7l4 4'],
  save: ['M5 3h11l3 3v13a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z', 'M8 3v5h7V3M8 21v-7h8v7'],
  pin: ['M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z', 'M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
  calendar: ['M5 5h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z', 'M4 10h16M8 3v4M16 3v4'],
  truck: ['M3 6h11v10H3z', 'M14 10h4l3 3v3h-7', 'M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z'],
  box: ['M4 8l8-4 8 4v8l-8 4-8-4z', 'M4 8l8 4 8-4M12 12v8'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2'],
  mail: ['M4 6h16v12H4z', 'M4 7l8 6 8-6'],
  message: ['M4 5h16v11H9l-5 4z'],
  check: ['M5 12l5 5L20 7'],
  'check-circle': ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M8 12l3 3 5-6'],
  warning: ['M12 3L2 20h20z', 'M12 10v4M12 17h.01'],
  info: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 11v5M12 8h.01'],
  close: ['M6 6l12 12M18 6L6 18'],
  chevron: ['M9 6l6 6-6 6'],
  // A shaft and a head: a move (Monter, Descendre), where a chevron would read as a fold.
  arrow: ['M5 12h14', 'M13 6l6 6-6 6'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M16 16l4 4'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
});

export type IconName = keyof typeof PATHS;

const ROTATION = { right: 0, down: 90, left: 180, up: 270 } as const;

/**
 * One icon, 20 px by default (16 in meta lines); chevrons turn to point where they lead.
 * Memoized: its props are plain values, so a list of 200 rows does not redraw 800 icons.
 */
export const Icon = memo(function Icon({
  name,
  size = 20,
  turn = 'right',
}: {
  name: IconName;
  size?: number;
  turn?: keyof typeof ROTATION;
}) {
  return (
    <svg
      className="icon-svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      transform={ROTATION[turn] ? `rotate(${ROTATION[turn]})` : undefined}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
});
