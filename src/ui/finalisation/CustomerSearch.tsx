import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { matchesAllWords, searchWords, type ApiCustomer } from '../../domain/index.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { SuggestionList } from '../controls/SuggestionList.tsx';
import { useListNavigation } from '../controls/use-list-navigation.ts';

/** Customer search of company mode (spec §2): picking one fills the customer form. */
export function CustomerSearch() {
  const customers = useAtomValue(companyDataAtom).customers;
  const setCustomer = useSetAtom(customerAtom);
  const listId = useId();
  const [text, setText] = useState('');
  const matches =
    searchWords(text).length === 0 ? [] : customers.filter((c) => matchesAllWords(`${c.name} ${c.reference} ${c.email}`, text)).slice(0, 8);
  const open = matches.length > 0;
  const pick = (customer: ApiCustomer) => {
    setCustomer((current) => ({
      ...current,
      name: customer.name,
      email: customer.email,
      phone: customer.phone_number,
      reference: customer.reference,
    }));
    setText('');
  };
  const { active, setActive, onKeyDown, choose } = useListNavigation(matches, open, pick, () => setText(''));
  return (
    <div className="combobox">
      <label>
        Rechercher un client
        <input
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
      </label>
      <SuggestionList
        id={listId}
        label="Clients trouvés"
        open={open}
        options={matches}
        active={active}
        keyOf={(customer) => `${customer.id}-${customer.name}`}
        onChoose={choose}
      >
        {(customer) => `${customer.name}${customer.reference ? ` (${customer.reference})` : ''}`}
      </SuggestionList>
    </div>
  );
}
