import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';

/** The switch between time windows and plain times (spec §2), in the wizard's panel and the lite header. */
export function TimeWindowSwitch({ className, help }: { className: string; help?: ReactNode }) {
  const [identity, setIdentity] = useAtom(travelIdentityAtom);
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
        checked={identity.timewindowEnabled}
        onChange={(event) => setIdentity({ ...identity, timewindowEnabled: event.target.checked })}
      />
    </label>
  );
}
