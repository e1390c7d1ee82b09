import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { formatVolume } from '../../domain/format.ts';
import { parseItemSearch } from '../../domain/validation/item-search.ts';
import type { Item } from '../../domain/entities/item.ts';
import { customItemModeAtom } from '../../state/items.atoms.ts';
import { addItemAtom } from '../../state/item-list.atoms.ts';
import { useItemSearch } from '../../state/item-search.ts';
import { Combobox } from '../controls/Combobox.tsx';

/** 'Rechercher un objet': '5 tables' then Enter adds 5 of the chosen table (spec §2). */
export function ItemSearch() {
  const addItem = useSetAtom(addItemAtom);
  const [text, setText] = useState('');
  const { results, quantity, searching } = useItemSearch(text);
  const disabled = useAtomValue(customItemModeAtom);
  const query = parseItemSearch(text);

  const pick = (item: Item) => {
    addItem({ item, quantity });
    setText('');
  };

  return (
    <>
      <Combobox
        className="item-search"
        label="Rechercher un objet"
        listLabel="Objets trouvés"
        icon="search"
        target="item-search"
        placeholder="ex. 5 tables, canapé, carton…"
        disabled={disabled}
        value={text}
        onType={setText}
        options={results}
        searching={searching}
        keyOf={(item) => `${item.id}-${item.name}`}
        onPick={pick}
      >
        {(item) => (
          <>
            <span>
              {quantity > 1 ? `${quantity} × ` : ''}
              {item.name}
            </span>
            {item.volume > 0 && <span className="option-meta">{formatVolume(item.volume)} l’unité</span>}
          </>
        )}
      </Combobox>
      {disabled && <p className="muted">Recherche indisponible pendant une prestation spécifique.</p>}
      {!searching && query && results.length === 0 && (
        <p className="muted" role="status">
          Aucun objet trouvé pour « {query.text} » : ajoutez-le avec « Ajouter un objet qui n’est pas dans la liste ».
        </p>
      )}
    </>
  );
}
