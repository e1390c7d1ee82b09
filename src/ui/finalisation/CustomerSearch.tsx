import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { ApiCustomer } from '../../domain/entities/api-contact.ts';
import { editCustomerAtom } from '../../state/customer.atoms.ts';
import { useCustomerSearch } from '../../state/customer-search.ts';
import { Combobox } from '../controls/Combobox.tsx';

/** Customer search of company mode (spec §2): picking one fills the customer form. */
export function CustomerSearch() {
  const editCustomer = useSetAtom(editCustomerAtom);
  const [text, setText] = useState('');
  const { results, searching } = useCustomerSearch(text);
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
      options={results}
      searching={searching}
      keyOf={(customer) => `${customer.id}-${customer.name}`}
      onPick={pick}
    >
      {(customer) => `${customer.name}${customer.reference ? ` (${customer.reference})` : ''}`}
    </Combobox>
  );
}
