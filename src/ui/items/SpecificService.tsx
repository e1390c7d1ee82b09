import { useAtom } from 'jotai';
import { useState } from 'react';
import { applyCustomItem, isCustomItemMode, makeDefaultCustomItem } from '../../domain/index.ts';
import { itemsAtom } from '../../state/items.atoms.ts';

/** 'Prestation Spécifique' (spec §2, §4): one custom item, its sub-items one per line. */
export function SpecificService() {
  const [items, setItems] = useAtom(itemsAtom);
  const custom = items.find((item) => item.category === 'custom-item');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => custom?.subItemNames.join('\n') ?? '');
  if (!open && !isCustomItemMode(items)) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Prestation Spécifique
      </button>
    );
  }
  return (
    <div className="card">
      <label>
        Décrivez la prestation (un élément par ligne, « 3 cartons » pour une quantité)
        <textarea rows={4} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="row">
        <button type="button" className="primary" onClick={() => setItems(applyCustomItem(custom ?? makeDefaultCustomItem(), text))}>
          Valider la prestation
        </button>
        <button type="button" onClick={() => { setOpen(false); if (!custom) setText(''); }}>
          Annuler
        </button>
      </div>
    </div>
  );
}
