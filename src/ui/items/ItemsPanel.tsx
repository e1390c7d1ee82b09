import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { useScrollEdges } from '../controls/use-scroll-edges.ts';
import { Icon } from '../controls/icons.tsx';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { customItemModeAtom } from '../../state/items.atoms.ts';
import { addItemAtom } from '../../state/item-list.atoms.ts';
import { ExpensesForm } from './ExpensesForm.tsx';
import { ItemList } from './ItemList.tsx';
import { ItemSearch } from './ItemSearch.tsx';
import { LoadBar } from './LoadBar.tsx';
import { SpecificService } from './SpecificService.tsx';
import { HomePreset } from './HomePreset.tsx';
import { LaterStyles } from '../later-styles.tsx';

/** Panel 1 (spec §2 "Items panel"). */
export function ItemsPanel() {
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  // The panel does not read the list: a quantity change re-renders the row, not the panel.
  const addItem = useSetAtom(addItemAtom);
  const customMode = useAtomValue(customItemModeAtom);
  const [said, setSaid] = useState('');
  const chips = useRef<HTMLDivElement>(null);
  useScrollEdges(chips);
  return (
    <section className="items-panel">
      <LaterStyles />
      {company.preferred_items.length > 0 && !customMode && (
        <div ref={chips} className="chips" role="group" aria-label="Objets fréquents">
          {company.preferred_items.map((item) => (
            <button
              key={`${item.id}-${item.name}`}
              type="button"
              className="chip"
              onClick={() => {
                const count = addItem({ item, quantity: 1 });
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
      {!customMode && <HomePreset onFilled={setSaid} />}
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
