import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { Icon } from '../controls/icons.tsx';
import { addOrIncrement } from '../../domain/items/item-list.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { customItemModeAtom, itemsAtom } from '../../state/items.atoms.ts';
import { ExpensesForm } from './ExpensesForm.tsx';
import { ItemList } from './ItemList.tsx';
import { ItemSearch } from './ItemSearch.tsx';
import { LoadBar } from './LoadBar.tsx';
import { SpecificService } from './SpecificService.tsx';

/** Panel 1 (spec §2 "Items panel"). */
export function ItemsPanel() {
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  // The panel reads the list only when a chip is pressed: a quantity change re-renders the row, not the panel.
  const store = useStore();
  const customMode = useAtomValue(customItemModeAtom);
  const [said, setSaid] = useState('');
  return (
    <section className="items-panel">
      {company.preferred_items.length > 0 && !customMode && (
        <div className="chips" role="group" aria-label="Objets fréquents">
          {company.preferred_items.map((item) => (
            <button
              key={`${item.id}-${item.name}`}
              type="button"
              className="chip"
              onClick={() => {
                const next = addOrIncrement(store.get(itemsAtom), item, 1);
                store.set(itemsAtom, next);
                const count = next.find((each) => each.name === item.name)?.quantity ?? 1;
                setSaid(`${item.name} : ${count} dans la liste`);
              }}
              aria-label={`Ajouter : ${item.name}`}
            >
              <Icon name="plus" size={16} />
              {item.name}
            </button>
          ))}
        </div>
      )}
      {!company.hide_search_items && <ItemSearch />}
      <ItemList allowNewStuff={!customMode} />
      <LoadBar />
      {!company.hide_custom_needs && <SpecificService />}
      {companyMode && <ExpensesForm />}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  );
}
