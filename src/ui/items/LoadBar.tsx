import { useAtomValue } from 'jotai';
import { categoryThatFits, loadLevel, loadPercentage, shownLoadPercentage } from '../../domain/pricing/load-bar.ts';
import { formatPercent, formatVolume, NBSP } from '../../domain/format.ts';
import { resolveVehicleCategory, vehiclesForLoad } from '../../domain/pricing/truck.ts';
import { shownVolume, vehicleVolume } from '../../domain/pricing/volume.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { vehicleCategoryIdAtom } from '../../state/price-choices.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { Icon } from '../controls/icons.tsx';

/** Said in words too, so colour never speaks alone (UX §4.4); a load over the vehicle is never 'Presque plein'. */
const LEVEL_TEXT = { success: 'Marge confortable', warning: 'Bien rempli', danger: 'Presque plein', over: 'Dépasse la capacité' } as const;

/** What happens to a load no vehicle holds, as the carrier's tariff says (issue 55, point 7). */
function overFleetText(count: number, vehicleName: string, callBack: boolean): string {
  if (callBack) return 'Aucun véhicule ne suffit\u00a0: le transporteur vous rappelle pour fixer le prix.';
  return `Aucun véhicule ne suffit\u00a0: le prix compte ${count}${NBSP}véhicules «${NBSP}${vehicleName}${NBSP}» ou autant de voyages.`;
}

/** Load of the truck: green up to 60 %, warning above, danger above 90 % (spec §9). */
export function LoadBar() {
  const items = useAtomValue(itemsAtom);
  const company = useAtomValue(companyDataAtom);
  const vehicleCategoryId = useAtomValue(vehicleCategoryIdAtom);
  // One volume picks the truck, as the estimate does, and fills the bar (volume.ts, vehicleVolume).
  const exact = vehicleVolume(items);
  const vehicle = resolveVehicleCategory(exact, company.vehicle_categories, vehicleCategoryId);
  const volume = shownVolume(items);
  if (!vehicle || exact === 0) return null;
  const over = exact > vehicle.capacity;
  const level = over ? 'over' : loadLevel(loadPercentage(exact, vehicle.capacity));
  const percent = shownLoadPercentage(loadPercentage(exact, vehicle.capacity));
  const fits = categoryThatFits(exact, vehicle.capacity, company.vehicle_categories);
  const callBack = company.tariff?.over_capacity === 'call_back';
  return (
    <div className="load">
      <div className="row-text">
        <span>
          Remplissage du véhicule{NBSP}: {vehicle.name}
        </span>
        <span className="num">{formatPercent(percent)}</span>
      </div>
      <div
        className={`load-bar load-${level === 'over' ? 'danger' : level}`}
        role="meter"
        aria-label={`Remplissage du véhicule${NBSP}: ${formatPercent(percent)}, ${LEVEL_TEXT[level].toLowerCase()}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-valuetext={`${formatPercent(percent)}, ${LEVEL_TEXT[level].toLowerCase()}`}
      >
        <span style={{ inlineSize: `${Math.min(100, percent)}%` }} />
      </div>
      <p className="load-note">
        <Icon name={level === 'success' ? 'truck' : 'warning'} size={16} />
        {LEVEL_TEXT[level]}
        {NBSP}: {formatVolume(volume)} sur {formatVolume(vehicle.capacity)}
      </p>
      {over && (
        <p className="field-error" role="status">
          Le chargement dépasse la capacité du véhicule ({formatVolume(vehicle.capacity)}).{' '}
          {fits
            ? `Un véhicule «${NBSP}${fits.name}${NBSP}» conviendrait.`
            : overFleetText(vehiclesForLoad(exact, vehicle), vehicle.name, callBack)}
        </p>
      )}
    </div>
  );
}
