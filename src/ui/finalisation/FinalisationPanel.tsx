import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { isFormValid, validateCustomer, type CustomerField } from '../../domain/index.ts';
import { useNow } from '../../state/clock.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { ContactsTab } from './ContactsTab.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import { CustomerSearch } from './CustomerSearch.tsx';
import { SaveButtons } from './SaveButtons.tsx';
import { StopNotes } from './StopNotes.tsx';

type Tab = 'customer' | 'contacts';

/** Panel 3 (spec §2 "Finalisation panel"): the customer form and the contacts tab. */
export function FinalisationPanel() {
  const companyMode = useAtomValue(companyModeAtom);
  const customers = useAtomValue(companyDataAtom).customers;
  const [tab, setTab] = useState<Tab>('customer');
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<Set<CustomerField>>(new Set());
  const customer = useAtomValue(customerAtom);
  const now = useNow();
  const [notice, setNotice] = useState('');
  // A refused save shows every message and opens the tab that needs fixing.
  const onInvalid = () => {
    setShowAll(true);
    const customerOk = isFormValid(validateCustomer(customer, now));
    setTab(customerOk ? 'contacts' : 'customer');
    setNotice(customerOk ? 'Un contact est incomplet : corrigez les champs signalés.' : 'Vos coordonnées sont incomplètes : corrigez les champs signalés.');
  };
  const tabs: [Tab, string][] = [['customer', 'Client'], ['contacts', 'Contacts sur place']];
  return (
    <section aria-label="Finalisation" className="finalisation">
      <div role="tablist" aria-label="Informations de la réservation" className="tabs" onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') setTab(tab === 'customer' ? 'contacts' : 'customer');
      }}>
        {tabs.map(([value, label]) => (
          <button key={value} type="button" role="tab" id={`final-tab-${value}`} aria-selected={tab === value} aria-controls={`final-panel-${value}`} tabIndex={tab === value ? 0 : -1} className={tab === value ? 'current' : undefined} onClick={() => setTab(value)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`final-panel-${tab}`} aria-labelledby={`final-tab-${tab}`}>
        {tab === 'customer' ? (
          <>
            {companyMode && customers.length > 0 && <CustomerSearch />}
            <CustomerForm showAll={showAll} touched={touched} touch={(field) => setTouched((set) => new Set(set).add(field))} />
            <StopNotes />
          </>
        ) : (
          <ContactsTab showAll={showAll} />
        )}
      </div>
      {notice && <p className="banner banner-warning" role="status">{notice}</p>}
      <SaveButtons onInvalid={onInvalid} />
    </section>
  );
}
