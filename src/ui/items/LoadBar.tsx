import { useAtomValue } from 'jotai';
import { categoryThatFits, loadLevel, loadPercentage, resolveVehicleCategory, totalVolume, formatVolume } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';

const LEVEL_TEXT = { success: 'chargement confortable', warning: 'chargement chargé', danger: 'chargement presque plein' } as const;

/** Load of the truck: green up to 60 %, warning above, danger above 90 % (spec §9). */
export function LoadBar() {
  const items = useAtomValue(itemsAtom);
  const company = useAtomValue(companyDataAtom);
  const identity = useAtomValue(travelIdentityAtom);
  const volume = totalVolume(items);
  const vehicle = resolveVehicleCategory(volume, company.vehicle_categories, identity.vehicleCategoryId);
  if (!vehicle || volume === 0) return null;
  const percent = loadPercentage(volume, vehicle.capacity);
  const level = loadLevel(percent);
  const fits = categoryThatFits(volume, vehicle.capacity, company.vehicle_categories);
  return (
    <div className="load">
      <div className="row-text">
        <span>Volume : {formatVolume(volume)} — {vehicle.name}</span>
        <span>{percent} %</span>
      </div>
      <div className={`load-bar load-${level}`} role="meter" aria-label={`Remplissage du véhicule : ${percent} %, ${LEVEL_TEXT[level]}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, percent)}>
        <span style={{ inlineSize: `${Math.min(100, percent)}%` }} />
      </div>
      {volume > vehicle.capacity && (
        <p className="field-error" role="status">
          Le chargement dépasse la capacité du véhicule ({formatVolume(vehicle.capacity)}). {fits ? `Un ${fits.name} conviendrait.` : 'Aucun véhicule ne suffit : prévoyez plusieurs voyages.'}
        </p>
      )}
    </div>
  );
}
