import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { formatVolume } from '../../domain/format.ts';
import { FURNISHINGS, HOME_SIZES, homePresetItems, type Furnishing, type HomeSize } from '../../domain/items/home-presets.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { itemsAtom, replaceItemsAtom } from '../../state/items.atoms.ts';
import { Field } from '../controls/Field.tsx';

/**
 * A start from the home (issue 45): its size and how furnished it is fill the list with a
 * preset inventory of catalogue objects, which replaces the objects already listed (the
 * specific service and expense lines stay); every line is then edited as any other. The
 * carrier's own preset of that home (its Catalogue) when it has one, else the shipped one.
 */
export function HomePreset({ onFilled }: { onFilled: (said: string) => void }) {
  const items = useAtomValue(itemsAtom);
  const carrierPresets = useAtomValue(companyDataAtom).home_presets;
  const replaceItems = useSetAtom(replaceItemsAtom);
  const [size, setSize] = useState<HomeSize>('T3');
  const [furnishing, setFurnishing] = useState<Furnishing>('normalement meublé');
  const fill = () => {
    const preset = homePresetItems(size, furnishing, carrierPresets);
    const kept = items.filter((item) => item.category !== 'item' && item.category !== 'stuff');
    replaceItems([...preset, ...kept]);
    const count = preset.reduce((sum, item) => sum + item.quantity, 0);
    const volume = preset.reduce((sum, item) => sum + item.volume * item.quantity, 0);
    onFilled(`Liste remplie pour un ${size === 'Maison' ? 'maison' : size} ${furnishing}\u00a0: ${count} objets, ${formatVolume(volume)}`);
  };
  return (
    <fieldset className="card home-preset-card">
      <legend>Partir de votre logement</legend>
      <div className="home-preset">
        <Field label="Logement">
          <select value={size} onChange={(event) => setSize(event.target.value as HomeSize)}>
            {HOME_SIZES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Ameublement">
          <select value={furnishing} onChange={(event) => setFurnishing(event.target.value as Furnishing)}>
            {FURNISHINGS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate.charAt(0).toUpperCase() + candidate.slice(1)}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" onClick={fill}>
          Remplir la liste
        </button>
      </div>
      <p className="muted">Un inventaire type, qui remplace les objets de la liste{'\u00a0'}: ajustez ensuite chaque ligne.</p>
    </fieldset>
  );
}
