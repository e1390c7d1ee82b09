import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { isPriceEstimated, priceGridOptions } from '../../domain/index.ts';
import { selectPoolAtom } from '../../state/pools.atoms.ts';
import { estimateAtom } from '../../state/fees.atoms.ts';
import { usePriceFormatter } from '../estimate/use-price.ts';
import { companyDataAtom, pricesAllowedAtom } from '../../state/company.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { liteTotalAtom } from '../../state/lite.atoms.ts';

/**
 * The second bar (spec §2): 'Choix Véhicule' unless hidden (hidden by default) or empty,
 * 'Choix Grille' while the public grid is selected, and the total in human format.
 */
export function LiteBar() {
  const company = useAtomValue(companyDataAtom);
  const [identity, setIdentity] = useAtom(travelIdentityAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const total = useAtomValue(liteTotalAtom);
  const price = usePriceFormatter();
  const selectPool = useSetAtom(selectPoolAtom);
  const estimate = useAtomValue(estimateAtom);
  const approximate = estimate ? isPriceEstimated(estimate) : false;
  const grids = priceGridOptions(company.driver_pools, identity.driverPoolSelector);
  const showVehicles = !company.hide_vl_selector && company.vehicle_categories.length > 0;
  return (
    <div className="lite-bar" part="lite-bar">
      {showVehicles && (
        <label>
          <span className="visually-hidden">Choix Véhicule</span>
          <select
            aria-label="Choix Véhicule"
            value={identity.vehicleCategoryId === null ? '' : String(identity.vehicleCategoryId)}
            onChange={(event) =>
              setIdentity({
                ...identity,
                vehicleCategoryId:
                  event.target.value === ''
                    ? null
                    : (company.vehicle_categories.find((c) => String(c.id) === event.target.value)?.id ?? null),
              })
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
          <select aria-label="Choix Grille" value="" onChange={(event) => selectPool(event.target.value)}>
            <option value="">Choix Grille</option>
            {grids.map((pool) => (
              <option key={String(pool.id)} value={String(pool.id)}>
                {pool.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {prices && total > 0 && (
        <p className="lite-total" aria-live="polite" part="price">
          Total{' '}:{' '}
          <strong>
            {approximate ? '≈ ' : ''}
            {price.format(total)}
          </strong>
        </p>
      )}
    </div>
  );
}
