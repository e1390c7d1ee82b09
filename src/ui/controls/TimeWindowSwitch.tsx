import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { setTimeWindowsAtom, timeWindowsEnabledAtom } from '../../state/time-windows.atoms.ts';

/** The switch between time windows and plain times (spec §2), in the wizard's panel and the lite header. */
export function TimeWindowSwitch({ className, help }: { className: string; help?: ReactNode }) {
  const enabled = useAtomValue(timeWindowsEnabledAtom);
  const setTimeWindows = useSetAtom(setTimeWindowsAtom);
  return (
    <label className={className}>
      <span>
        Créneaux horaires
        {help}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-label="Créneaux horaires"
        checked={enabled}
        onChange={(event) => setTimeWindows({ enabled: event.target.checked })}
      />
    </label>
  );
}
