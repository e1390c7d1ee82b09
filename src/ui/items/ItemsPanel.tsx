import { useAtom, useAtomValue } from 'jotai';
import { addOrIncrement, isCustomItemMode } from '../../domain/index.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { ExpensesForm } from './ExpensesForm.tsx';
import { ItemList } from './ItemList.tsx';
import { ItemSearch } from './ItemSearch.tsx';
import { LoadBar } from './LoadBar.tsx';
import { SpecificService } from './SpecificService.tsx';

/** Panel 1 (spec §2 "Items panel"). */
export function ItemsPanel() {
  const company = useAtomValue(companyDataAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const [items, setItems] = useAtom(itemsAtom);
  const customMode = isCustomItemMode(items);
  return (
    <section aria-label="Objets à transporter" className="items-panel">
      {company.preferred_items.length > 0 && !customMode && (
        <div className="chips" role="group" aria-label="Objets fréquents">
          {company.preferred_items.map((item) => (
            <button key={`${item.id}-${item.name}`} type="button" className="chip" onClick={() => setItems(addOrIncrement(items, item, 1))} aria-label={`Ajouter ${item.name}`}>
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
    </section>
  );
}
