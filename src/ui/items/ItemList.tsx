import { useAtom } from 'jotai';
import { changeQuantity, formatVolume, removeItemAt } from '../../domain/index.ts';
import { itemsAtom } from '../../state/items.atoms.ts';

/** The items with plus, minus and remove, each named after its item (spec §2). */
export function ItemList() {
  const [items, setItems] = useAtom(itemsAtom);
  if (items.length === 0) return <p className="muted">Aucun objet pour l’instant : cherchez-en un ou choisissez une suggestion.</p>;
  return (
    <ul className="item-list" aria-label="Objets à transporter">
      {items.map((item, index) => (
        <li key={`${item.id}-${item.name}-${index}`} className="item-row">
          <span className="item-name">{item.name}</span>
          {item.category !== 'custom-item' && item.volume > 0 && <span className="muted">{formatVolume(item.volume * item.quantity)}</span>}
          <span className="quantity">
            <button type="button" className="icon" aria-label={`Retirer un ${item.name}`} disabled={item.quantity <= 1} onClick={() => setItems(changeQuantity(items, index, -1))}>−</button>
            <span aria-label={`Quantité de ${item.name}`}>{item.quantity}</span>
            <button type="button" className="icon" aria-label={`Ajouter un ${item.name}`} onClick={() => setItems(changeQuantity(items, index, 1))}>+</button>
          </span>
          <button type="button" className="icon" aria-label={`Supprimer ${item.name}`} onClick={() => setItems(removeItemAt(items, index))}>🗑</button>
        </li>
      ))}
    </ul>
  );
}
