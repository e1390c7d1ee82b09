import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { addOrIncrement, formatVolume, isCustomItemMode, parseItemSearch, type Item } from '../../domain/index.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { useItemSearch } from '../../state/item-search.ts';
import { SuggestionList } from '../controls/SuggestionList.tsx';
import { useListNavigation } from '../controls/use-list-navigation.ts';
import { Icon } from '../controls/icons.tsx';
import { Waiting } from '../controls/Waiting.tsx';

/** 'Rechercher un objet': '5 tables' then Enter adds 5 of the chosen table (spec §2). */
export function ItemSearch() {
  const listId = useId();
  const items = useAtomValue(itemsAtom);
  const setItems = useSetAtom(itemsAtom);
  const [text, setText] = useState('');
  const { results, quantity, searching } = useItemSearch(text);
  const disabled = isCustomItemMode(items);
  const open = results.length > 0 && text.trim() !== '';

  // An Enter pressed while the answer for the text is on its way: the first result is added when it comes.
  const [enterPending, setEnterPending] = useState(false);

  const pick = (item: Item) => {
    setItems((current) => addOrIncrement(current, item, quantity));
    setText('');
  };

  const { active, setActive, onKeyDown: navigate, choose } = useListNavigation(results, open, pick, () => setText(''));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && searching) {
      event.preventDefault();
      setEnterPending(true);
      return;
    }
    navigate(event);
  };

  useEffect(() => {
    if (!enterPending || searching) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer comes asynchronously: the pending Enter is honoured once, when it does
    setEnterPending(false);
    if (results[0]) choose(results[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the awaited answer comes; choose reads this render's quantity
  }, [enterPending, searching, results]);

  return (
    <div className="combobox item-search">
      <label htmlFor={`${listId}-input`}>Rechercher un objet</label>
      <div className="combobox-field">
        <span className="lead" aria-hidden="true">
          <Icon name="search" />
        </span>
        <input
          id={`${listId}-input`}
          data-target="item-search"
          role="combobox"
          aria-label="Rechercher un objet"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          placeholder="ex. 5 tables, canapé, carton…"
          value={text}
          disabled={disabled}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setEnterPending(false);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {disabled && <p className="muted">Recherche indisponible pendant une prestation spécifique.</p>}
      <SuggestionList
        id={listId}
        label="Objets trouvés"
        open={open}
        options={results}
        active={active}
        keyOf={(item) => `${item.id}-${item.name}`}
        onChoose={choose}
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
      </SuggestionList>
      {enterPending ? (
        <Waiting>Recherche…</Waiting>
      ) : (
        searching && (
          <p className="visually-hidden" role="status">
            Recherche en cours
          </p>
        )
      )}
      {!searching && !enterPending && text.trim() !== '' && results.length === 0 && parseItemSearch(text) && (
        <p className="muted" role="status">
          Aucun objet trouvé pour « {parseItemSearch(text)!.text} » : ajoutez-le avec « Ajouter un objet qui n’est pas dans la liste ».
        </p>
      )}
    </div>
  );
}
