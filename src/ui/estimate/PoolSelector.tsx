import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { findPool, isAcceptedTravel, isPoolSelectorShown, MESSAGES, withPoolDefaultNotes } from '../../domain/index.ts';
import { selectablePoolsAtom } from '../../state/pools.atoms.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';

/** Driver pools (spec §2, §4): a selector from 2 pools; once accepted, only the chosen one and a warning. */
export function PoolSelector() {
  const company = useAtomValue(companyDataAtom);
  const [identity, setIdentity] = useAtom(travelIdentityAtom);
  const setCustomer = useSetAtom(customerAtom);
  const choices = useAtomValue(selectablePoolsAtom);
  const pools = company.driver_pools;
  if (!isPoolSelectorShown(pools)) return null;
  const accepted = isAcceptedTravel(identity);
  return (
    <div className="card">
      {accepted && <p className="banner banner-warning" role="status">{MESSAGES.acceptedWarning}</p>}
      <label>
        Grille tarifaire
        <select
          value={String(identity.driverPoolSelector)}
          disabled={accepted}
          onChange={(event) => {
            const pool = findPool(pools, event.target.value);
            if (!pool) return;
            setIdentity({ ...identity, driverPoolSelector: pool.id });
            setCustomer((customer) => ({ ...customer, notes: withPoolDefaultNotes(customer.notes, pool.default_notes) }));
          }}
        >
          {choices.map((pool) => <option key={String(pool.id)} value={String(pool.id)}>{pool.name}</option>)}
        </select>
      </label>
    </div>
  );
}
