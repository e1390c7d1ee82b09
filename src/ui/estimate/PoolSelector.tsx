import { useAtomValue } from 'jotai';
import { isPoolSelectorShown } from '../../domain/pools/pool-selection.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { isAcceptedAtom, poolIdAtom, selectablePoolsAtom } from '../../state/pools.atoms.ts';
import { PoolSelect } from './PoolSelect.tsx';

/**
 * Driver pools (spec §2, §4): a selector from 2 pools; once accepted, only the chosen one and a
 * warning. The warning is the travel's, not the selector's: it shows without pools too.
 */
export function PoolSelector() {
  const pools = useAtomValue(companyDataAtom).driver_pools;
  const poolId = useAtomValue(poolIdAtom);
  const accepted = useAtomValue(isAcceptedAtom);
  const choices = useAtomValue(selectablePoolsAtom);
  if (!isPoolSelectorShown(pools))
    return accepted ? (
      <p className="banner banner-warning" role="status">
        {MESSAGES.acceptedWarning}
      </p>
    ) : null;
  return (
    <div className="card">
      {accepted && (
        <p className="banner banner-warning" role="status">
          {MESSAGES.acceptedWarning}
        </p>
      )}
      <label>
        Grille tarifaire
        <PoolSelect pools={choices} value={String(poolId)} disabled={accepted} />
      </label>
    </div>
  );
}
