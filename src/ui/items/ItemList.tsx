import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { itemRowKeys } from '../../domain/items/item-list.ts';
import { formatPrice, formatVolume, NBSP } from '../../domain/format.ts';
import { isCostItem, makeItem, type Item } from '../../domain/entities/item.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { changeQuantityAtom, removeItemAtom, saveItemAtom } from '../../state/item-list.atoms.ts';
import { ItemEditDialog } from './ItemEditDialog.tsx';
import { Icon } from '../controls/icons.tsx';

const EDITABLE: readonly Item['category'][] = ['item', 'stuff'];

/** The items with plus, minus, edit and remove, each named after its item (spec §2). */
export function ItemList({ allowNewStuff }: { allowNewStuff: boolean }) {
  const items = useAtomValue(itemsAtom);
  const changeQuantity = useSetAtom(changeQuantityAtom);
  const removeItem = useSetAtom(removeItemAtom);
  const saveItem = useSetAtom(saveItemAtom);
  const currency = useAtomValue(companyDataAtom).currency_symbol;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const editedItem =
    editing === 'new' ? makeItem({ name: '', category: 'stuff', quantity: 1 }) : editing === null ? null : (items[editing] ?? null);
  const keys = itemRowKeys(items);
  // The removed row takes its focused button with it: the focus goes to the row now in its
  // place (or the last one), or to the search once the list is empty, never to the page's body.
  const refocus = useRef<{ panel: Element; index: number } | null>(null);
  const onRemove = useCallback(
    (index: number, button: HTMLElement) => {
      const panel = button.closest('.items-panel');
      if (panel && (button.getRootNode() as Document | ShadowRoot).activeElement === button) refocus.current = { panel, index };
      removeItem(index);
    },
    [removeItem],
  );
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const rows = target.panel.querySelectorAll('.item-row');
    const row = rows[Math.min(target.index, rows.length - 1)];
    (
      row?.querySelector<HTMLElement>('[data-remove]') ?? target.panel.querySelector<HTMLElement>('input[role="combobox"], .add-stuff')
    )?.focus();
  }, [items]);
  return (
    <>
      {items.length === 0 ? (
        <p className="muted">Aucun objet pour l’instant : cherchez-en un ou choisissez une suggestion.</p>
      ) : (
        <ul className="item-list" aria-label="Objets à transporter">
          {items.map((item, index) => (
            <ItemRow
              key={keys[index]}
              item={item}
              index={index}
              currency={currency}
              changeQuantity={changeQuantity}
              onEdit={setEditing}
              onRemove={onRemove}
            />
          ))}
        </ul>
      )}
      {allowNewStuff && (
        <button type="button" className="ghost add-stuff" onClick={() => setEditing('new')}>
          <Icon name="plus" />
          Ajouter un objet qui n’est pas dans la liste
        </button>
      )}
      {editedItem && (
        <ItemEditDialog
          item={editedItem}
          onClose={() => setEditing(null)}
          onSave={(saved) => {
            saveItem({ index: editing === 'new' ? null : editing, item: saved });
            setEditing(null);
          }}
        />
      )}
    </>
  );
}

type QuantityChange = (change: { index: number; by: number }) => void;

/**
 * One row. Memoized with stable props (the item object changes only when that item does, the
 * setters never), so a quantity change re-renders this row alone, not the 200 others. The list
 * itself re-renders and compares 200 rows' props, which costs less than a subscription per row
 * (an atom each) would: the list would be left alone, but every row would pay for its atom.
 */
const ItemRow = memo(function ItemRow({
  item,
  index,
  currency,
  changeQuantity,
  onEdit,
  onRemove,
}: {
  item: Item;
  index: number;
  currency: string;
  changeQuantity: QuantityChange;
  onEdit: (index: number) => void;
  onRemove: (index: number, button: HTMLElement) => void;
}) {
  return (
    <li className={`item-row item-${item.category}`} part="item">
      <span className="item-name">{item.name}</span>
      <span className="item-meta">{itemMeta(item, currency)}</span>
      <span className="item-controls">
        {item.category !== 'custom-item' && (
          <span className="stepper" role="group" aria-label={`Quantité : ${item.name}`}>
            <button
              type="button"
              aria-label={`Diminuer la quantité : ${item.name}`}
              aria-disabled={item.quantity <= 1 ? true : undefined}
              onClick={() => item.quantity > 1 && changeQuantity({ index, by: -1 })}
            >
              <Icon name="minus" />
            </button>
            <QuantityInput
              value={item.quantity}
              name={item.name}
              onChange={(quantity) => changeQuantity({ index, by: quantity - item.quantity })}
            />
            <button type="button" aria-label={`Augmenter la quantité : ${item.name}`} onClick={() => changeQuantity({ index, by: 1 })}>
              <Icon name="plus" />
            </button>
          </span>
        )}
        <span className="spacer" />
        {EDITABLE.includes(item.category) && (
          <button
            type="button"
            className="icon"
            data-target={`item-${index}`}
            aria-label={`Modifier : ${item.name}`}
            onClick={() => onEdit(index)}
          >
            <Icon name="pencil" />
          </button>
        )}
        <button
          type="button"
          className="icon"
          aria-label={item.category === 'custom-item' ? `Retirer : ${item.name} et tous les objets` : `Retirer : ${item.name}`}
          data-remove=""
          onClick={(event) => onRemove(index, event.currentTarget)}
        >
          <Icon name="trash" />
        </button>
      </span>
    </li>
  );
});

/** '0,4 m³ l’unité · 2 m³', a cost's amount, or nothing for an item without volume (never '(0 m³)'). */
function itemMeta(item: Item, currency: string): string {
  if (isCostItem(item)) return `${formatPrice((item.customPrice ?? 0) * item.quantity, currency)}${NBSP}HT`;
  if (item.category === 'custom-item' || item.volume <= 0) return '';
  return item.quantity > 1
    ? `${formatVolume(item.volume)} l’unité · ${formatVolume(item.volume * item.quantity)}`
    : formatVolume(item.volume);
}

/** The quantity typed in the stepper: applied once it is a whole number of 1 or more. */
function QuantityInput({ value, name, onChange }: { value: number; name: string; onChange: (quantity: number) => void }) {
  const [text, setText] = useState(String(value));
  // A quantity changed elsewhere (the stepper, a duplicate) replaces what is typed: adjusted in render.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      aria-label={`Quantité : ${name}`}
      value={text}
      onWheel={(event) => event.currentTarget.blur()}
      onChange={(event) => {
        setText(event.target.value);
        const quantity = Number(event.target.value);
        if (Number.isInteger(quantity) && quantity >= 1 && quantity <= 9999) onChange(quantity);
      }}
      onBlur={() => setText(String(value))}
    />
  );
}
