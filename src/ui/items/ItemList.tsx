import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { changeQuantity, formatPrice, formatVolume, isCostItem, makeItem, removeItemAt, type Item } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { ItemEditDialog } from './ItemEditDialog.tsx';
import { TrashIcon } from '../controls/icons.tsx';

const EDITABLE: readonly Item['category'][] = ['item', 'stuff'];

/** The items with plus, minus, edit and remove, each named after its item (spec §2). */
export function ItemList({ allowNewStuff }: { allowNewStuff: boolean }) {
  const [items, setItems] = useAtom(itemsAtom);
  const currency = useAtomValue(companyDataAtom).currency_symbol;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const editedItem = editing === 'new' ? makeItem({ name: '', category: 'stuff', quantity: 1 }) : editing === null ? null : items[editing] ?? null;
  return (
    <>
      {items.length === 0 ? (
        <p className="muted">Aucun objet pour l’instant : cherchez-en un ou choisissez une suggestion.</p>
      ) : (
        <ul className="item-list" aria-label="Objets à transporter">
          {items.map((item, index) => (
            <li key={`${item.id}-${item.name}-${index}`} className={`item-row item-${item.category}`}>
              <span className="item-name">{item.name}</span>
              {isCostItem(item) ? (
                <span className="muted">{formatPrice((item.customPrice ?? 0) * item.quantity, currency)} HT</span>
              ) : (
                item.category !== 'custom-item' && item.volume > 0 && <span className="muted">{formatVolume(item.volume * item.quantity)}</span>
              )}
              {item.category !== 'custom-item' && (
                <span className="quantity">
                  <button type="button" className="icon" aria-label={`Retirer un ${item.name}`} disabled={item.quantity <= 1} onClick={() => setItems(changeQuantity(items, index, -1))}>−</button>
                  <span aria-label={`Quantité de ${item.name}`}>{item.quantity}</span>
                  <button type="button" className="icon" aria-label={`Ajouter un ${item.name}`} onClick={() => setItems(changeQuantity(items, index, 1))}>+</button>
                </span>
              )}
              {EDITABLE.includes(item.category) && (
                <button type="button" className="icon" aria-label={`Modifier ${item.name}`} onClick={() => setEditing(index)}>✎</button>
              )}
              <button type="button" className="icon" aria-label={item.category === 'custom-item' ? `Supprimer ${item.name} et tous les objets` : `Supprimer ${item.name}`} onClick={() => setItems(removeItemAt(items, index))}><TrashIcon /></button>
            </li>
          ))}
        </ul>
      )}
      {allowNewStuff && (
        <button type="button" className="link add-stuff" onClick={() => setEditing('new')}>Ajouter un objet qui n’est pas dans la liste</button>
      )}
      {editedItem && (
        <ItemEditDialog
          item={editedItem}
          onClose={() => setEditing(null)}
          onSave={(saved) => {
            setItems(editing === 'new' ? [...items, saved] : items.map((item, index) => (index === editing ? saved : item)));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
