import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { matchesAllWords, searchWords } from '../../domain/search/fold.ts';
import type { ApiCustomer } from '../../domain/entities/api-contact.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { editCustomerAtom } from '../../state/customer.atoms.ts';
import { Combobox } from '../controls/Combobox.tsx';

/** Customer search of company mode (spec §2): picking one fills the customer form. */
export function CustomerSearch() {
  const customers = useAtomValue(companyDataAtom).customers;
  const editCustomer = useSetAtom(editCustomerAtom);
  const [text, setText] = useState('');
  const matches =
    searchWords(text).length === 0 ? [] : customers.filter((c) => matchesAllWords(`${c.name} ${c.reference} ${c.email}`, text)).slice(0, 8);
  const pick = (customer: ApiCustomer) => {
    editCustomer({ name: customer.name, email: customer.email, phone: customer.phone_number, reference: customer.reference });
    setText('');
  };
  return (
    <Combobox
      label="Rechercher un client"
      listLabel="Clients trouvés"
      icon="search"
      value={text}
      onType={setText}
      options={matches}
      keyOf={(customer) => `${customer.id}-${customer.name}`}
      onPick={pick}
    >
      {(customer) => `${customer.name}${customer.reference ? ` (${customer.reference})` : ''}`}
    </Combobox>
  );
}
