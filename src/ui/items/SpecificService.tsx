import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { ConfirmDialog } from '../controls/ConfirmDialog.tsx';
import type { Item } from '../../domain/entities/item.ts';
import { makeDefaultCustomItem } from '../../domain/items/custom-item.ts';
import { limitPriceInput } from '../../domain/validation/input-limits.ts';
import { parsePrice } from '../../domain/pricing/vat.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { fixedPriceAtom } from '../../state/price-choices.atoms.ts';
import { customItemModeAtom, itemsAtom } from '../../state/items.atoms.ts';
import { applyCustomItemAtom } from '../../state/item-list.atoms.ts';

/**
 * 'Prestation Spécifique' (spec §2, §4, §9): one custom item replaces the list, its sub-items
 * one per line; in company mode its transport fee (used only when it is a number).
 */
export function SpecificService() {
  // Closed, it reads only whether the mode is on: a quantity change elsewhere leaves it alone.
  const customMode = useAtomValue(customItemModeAtom);
  const [open, setOpen] = useState(false);
  if (!open && !customMode) {
    return (
      <button type="button" className="specific-open" onClick={() => setOpen(true)}>
        Prestation Spécifique
      </button>
    );
  }
  return <SpecificServiceForm onClose={() => setOpen(false)} />;
}

/** Everything the replacement removes, named: the objects with their quantity, then the expenses. */
function removalText(objects: readonly Item[], expenses: readonly Item[]): string {
  const sentences = [];
  if (objects.length > 0)
    sentences.push(
      `${objects.length === 1 ? 'Cet objet sera retiré' : `Ces ${objects.length} objets seront retirés`} : ${objects.map((item) => `${item.name} (${item.quantity})`).join(', ')}.`,
    );
  if (expenses.length > 0)
    sentences.push(
      `${expenses.length === 1 ? 'Ce frais annexe sera retiré' : `Ces ${expenses.length} frais annexes seront retirés`} : ${expenses.map((item) => item.name).join(', ')}.`,
    );
  return sentences.join(' ');
}

function SpecificServiceForm({ onClose }: { onClose: () => void }) {
  const items = useAtomValue(itemsAtom);
  const applyCustomItem = useSetAtom(applyCustomItemAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const company = useAtomValue(companyDataAtom);
  const fixedPrice = useAtomValue(fixedPriceAtom);
  const custom = items.find((item) => item.category === 'custom-item');
  const [text, setText] = useState(() => custom?.subItemNames.join('\n') ?? '');
  const [fee, setFee] = useState(() => (custom?.predefinedTransportationFee == null ? '' : String(custom.predefinedTransportationFee)));
  const feeEditable = companyMode && !company.hide_custom_price && fixedPrice === null;
  const [confirming, setConfirming] = useState(false);
  // What the custom item will replace: the list's items and its expenses, said before they go (UX §4.5).
  const replaced = custom ? [] : items.filter((item) => item.category !== 'custom-cost');
  const expenses = custom ? [] : items.filter((item) => item.category === 'custom-cost');
  const apply = () => {
    const base = custom ?? makeDefaultCustomItem();
    applyCustomItem({
      item: {
        ...base,
        predefinedTransportationFee: feeEditable ? (fee.trim() === '' ? null : fee.trim()) : base.predefinedTransportationFee,
      },
      description: text,
    });
    onClose();
    setConfirming(false);
  };
  return (
    <div className="card specific-service">
      <label>
        Décrivez la prestation (un élément par ligne, « 3 cartons » pour une quantité)
        <textarea rows={4} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {feeEditable && (
        <label>
          Prix du transport imposé (HT)
          <input inputMode="decimal" maxLength={5} value={fee} onChange={(event) => setFee(limitPriceInput(event.target.value))} />
          {fee.trim() !== '' && parsePrice(fee) === null && (
            <span className="field-error">Ce prix n’est pas un nombre : il ne sera pas utilisé.</span>
          )}
        </label>
      )}
      <div className="row">
        <button type="button" className="primary" onClick={() => (replaced.length + expenses.length > 0 ? setConfirming(true) : apply())}>
          Valider la prestation
        </button>
        <button
          type="button"
          onClick={() => {
            onClose();
            if (!custom) setText('');
          }}
        >
          Annuler
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Remplacer la liste par une prestation spécifique ?"
          text={removalText(replaced, expenses)}
          confirm="Remplacer la liste"
          onConfirm={apply}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
