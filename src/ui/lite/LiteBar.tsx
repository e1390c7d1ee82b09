import { useAtomValue, useSetAtom } from 'jotai';
import { priceGridOptions } from '../../domain/pools/pool-selection.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { shownTotalAtom } from '../../state/estimate.atoms.ts';
import { poolIdAtom } from '../../state/pools.atoms.ts';
import { chooseVehicleAtom, vehicleCategoryIdAtom } from '../../state/price-choices.atoms.ts';
import { PoolSelect } from '../estimate/PoolSelect.tsx';
import { usePriceFormatter } from '../estimate/use-price.ts';

/**
 * The second bar (spec §2): 'Choix Véhicule' unless hidden (hidden by default) or empty,
 * 'Choix Grille' while the public grid is selected, and the total in human format.
 */
export function LiteBar() {
  const company = useAtomValue(companyDataAtom);
  const poolId = useAtomValue(poolIdAtom);
  const vehicleCategoryId = useAtomValue(vehicleCategoryIdAtom);
  const chooseVehicle = useSetAtom(chooseVehicleAtom);
  const shown = useAtomValue(shownTotalAtom);
  const price = usePriceFormatter();
  const grids = priceGridOptions(company.driver_pools, poolId);
  const showVehicles = !company.hide_vl_selector && company.vehicle_categories.length > 0;
  return (
    <div className="lite-bar" part="lite-bar">
      {showVehicles && (
        <label>
          <span className="visually-hidden">Choix Véhicule</span>
          <select
            aria-label="Choix Véhicule"
            value={vehicleCategoryId === null ? '' : String(vehicleCategoryId)}
            onChange={(event) =>
              chooseVehicle(company.vehicle_categories.find((category) => String(category.id) === event.target.value)?.id ?? null)
            }
          >
            <option value="">Choix Véhicule</option>
            {company.vehicle_categories.map((category) => (
              <option key={String(category.id)} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {grids && grids.length > 0 && (
        <label>
          <span className="visually-hidden">Choix Grille</span>
          <PoolSelect pools={grids} value="" placeholder="Choix Grille" />
        </label>
      )}
      {shown && (
        <p className="lite-total" aria-live="polite" part="price">
          Total{' '}: <strong>{price.format(shown.total)}</strong>
        </p>
      )}
    </div>
  );
}
