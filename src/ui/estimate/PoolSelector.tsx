import { useAtomValue, useSetAtom } from 'jotai';
import { isAcceptedTravel, isPoolSelectorShown, MESSAGES } from '../../domain/index.ts';
import { selectablePoolsAtom, selectPoolAtom } from '../../state/pools.atoms.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';

/**
 * Driver pools (spec §2, §4): a selector from 2 pools; once accepted, only the chosen one and a
 * warning. The warning is the travel's, not the selector's: it shows without pools too.
 */
export function PoolSelector() {
  const company = useAtomValue(companyDataAtom);
  const identity = useAtomValue(travelIdentityAtom);
  const selectPool = useSetAtom(selectPoolAtom);
  const choices = useAtomValue(selectablePoolsAtom);
  const pools = company.driver_pools;
  const accepted = isAcceptedTravel(identity);
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
        <select value={String(identity.driverPoolSelector)} disabled={accepted} onChange={(event) => selectPool(event.target.value)}>
          {choices.map((pool) => (
            <option key={String(pool.id)} value={String(pool.id)}>
              {pool.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
