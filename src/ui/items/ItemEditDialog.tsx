import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { canSaveItemEdit } from '../../domain/validation/item-edit.ts';
import { formatVolume } from '../../domain/format.ts';
import { parsePrice } from '../../domain/pricing/vat.ts';
import { volumeFromDimensions, type Item } from '../../domain/entities/item.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { fixedPriceAtom } from '../../state/price-choices.atoms.ts';
import { ModalForm } from '../controls/ModalForm.tsx';
import { PriceInput } from '../controls/PriceInput.tsx';

const numberOr = (text: string, fallback: number) => {
  const value = parsePrice(text);
  return value === null || value < 0 ? fallback : value;
};

/**
 * The item edit modal (spec §2, §5): a description of 2+ characters and a quantity or save
 * stays disabled; dimensions in cm give the volume; the lift flag; in company mode a custom
 * handling price and the predefined fees (unless hidden or a fixed price exists, spec §6).
 */
export function ItemEditDialog({ item, onSave, onClose }: { item: Item; onSave: (item: Item) => void; onClose: () => void }) {
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const fixedPrice = useAtomValue(fixedPriceAtom);
  const [name, setName] = useState(item.name);
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [length, setLength] = useState(item.length ? String(item.length) : '');
  const [width, setWidth] = useState(item.width ? String(item.width) : '');
  const [height, setHeight] = useState(item.height ? String(item.height) : '');
  const [volume, setVolume] = useState(item.volume ? String(Math.round(item.volume * 100) / 100) : '');
  const [elevator, setElevator] = useState(item.elevator);
  const [customPrice, setCustomPrice] = useState(item.customPrice === null ? '' : String(item.customPrice));
  const [transportFee, setTransportFee] = useState(
    item.predefinedTransportationFee === null ? '' : String(item.predefinedTransportationFee),
  );
  const [handlingFee, setHandlingFee] = useState(item.predefinedHandlingFee === null ? '' : String(item.predefinedHandlingFee));
  const fromDimensions = volumeFromDimensions(numberOr(length, 0), numberOr(width, 0), numberOr(height, 0));
  const canSave = canSaveItemEdit(name, quantity) && /^\d{1,3}$/.test(quantity.trim()) && Number(quantity) >= 1;
  const pricesEditable = companyMode && !company.hide_custom_price;
  const feesEditable = pricesEditable && fixedPrice === null;

  const save = () =>
    onSave({
      ...item,
      name: name.trim(),
      quantity: Number(quantity),
      length: numberOr(length, 0),
      width: numberOr(width, 0),
      height: numberOr(height, 0),
      volume: fromDimensions ?? numberOr(volume, item.volume),
      elevator,
      customPrice: pricesEditable ? parsePrice(customPrice) : item.customPrice,
      predefinedTransportationFee: feesEditable
        ? transportFee.trim() === ''
          ? null
          : transportFee.trim()
        : item.predefinedTransportationFee,
      predefinedHandlingFee: feesEditable ? (handlingFee.trim() === '' ? null : handlingFee.trim()) : item.predefinedHandlingFee,
    });

  return (
    <ModalForm
      title={item.name.trim() === '' ? 'Ajouter un objet' : `Modifier : ${item.name}`}
      canSave={canSave}
      why="Indiquez une description (2 caractères minimum) et une quantité."
      submitLabel={item.name.trim() === '' ? 'Ajouter l’objet' : 'Enregistrer l’objet'}
      onClose={onClose}
      onSubmit={save}
    >
      <label>
        Description
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Quantité
        <input inputMode="numeric" maxLength={3} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </label>
      <div className="row">
        <label>
          Longueur (cm)
          <input inputMode="decimal" value={length} onChange={(e) => setLength(e.target.value)} />
        </label>
        <label>
          Largeur (cm)
          <input inputMode="decimal" value={width} onChange={(e) => setWidth(e.target.value)} />
        </label>
        <label>
          Hauteur (cm)
          <input inputMode="decimal" value={height} onChange={(e) => setHeight(e.target.value)} />
        </label>
      </div>
      {fromDimensions !== null ? (
        <p className="muted" role="status">
          Volume calculé{' '}: {formatVolume(fromDimensions)} par unité
        </p>
      ) : (
        <label>
          Volume par unité (m³)
          <input inputMode="decimal" value={volume} onChange={(e) => setVolume(e.target.value)} />
        </label>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={elevator} onChange={(e) => setElevator(e.target.checked)} />
        Passe dans l’ascenseur
      </label>
      {pricesEditable && <PriceInput label="Prix de manutention imposé par unité (HT)" value={customPrice} onChange={setCustomPrice} />}
      {feesEditable && (
        <div className="row">
          <PriceInput label="Frais de transport prédéfinis (HT)" value={transportFee} onChange={setTransportFee} />
          <PriceInput label="Frais de manutention prédéfinis (HT)" value={handlingFee} onChange={setHandlingFee} />
        </div>
      )}
    </ModalForm>
  );
}
