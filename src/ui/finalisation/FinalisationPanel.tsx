import { LaterStyles } from '../later-styles.tsx';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { validateContactRow } from '../../domain/validation/contact-form.ts';
import { validateCustomer, type CustomerField } from '../../domain/validation/customer-form.ts';
import { useNow } from '../../state/now.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { finalTabAtom, submitAttemptAtom, type FinalTab } from '../../state/finalisation.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { Icon } from '../controls/icons.tsx';
import { Tabs, type TabSpec } from '../controls/Tabs.tsx';
import { ContactsTab } from './ContactsTab.tsx';
import { CustomerForm, customerLabels } from './CustomerForm.tsx';
import { CustomerSearch } from './CustomerSearch.tsx';
import { PostedTravels } from './PostedTravels.tsx';
import { StopNotes } from './StopNotes.tsx';
import { useVariant } from '../variant.ts';

interface Problem {
  tab: FinalTab;
  target: string;
  text: string;
}

/** Every error of both tabs, in screen order, with the field it belongs to (UX §4.5). */
function useProblems(): Problem[] {
  const customer = useAtomValue(customerAtom);
  const stops = useAtomValue(stopsAtom);
  const now = useNow();
  const labels = customerLabels(useAtomValue(companyModeAtom));
  const customerErrors = validateCustomer(customer, now);
  const fromCustomer = (['name', 'phone', 'email', 'address', 'date', 'time'] as CustomerField[])
    .filter((field) => customerErrors[field])
    .map((field) => ({
      tab: 'customer' as const,
      target: `customer-${field}`,
      text: `${labels[field]} : ${customerErrors[field]}`,
    }));
  const fromContacts = stops.flatMap((stop, stopIndex) =>
    stop.contacts.flatMap((contact, position) => {
      const errors = validateContactRow(contact, stops.length);
      const who = contact.name.trim() || `${position + 1} de l’étape ${stop.step}`;
      return (['name', 'phone', 'email'] as const)
        .filter((field) => errors[field])
        .map((field) => ({
          tab: 'contacts' as const,
          target: `contact-${stopIndex}-${position}-${field}`,
          text: `Contact ${who} : ${errors[field]}`,
        }));
    }),
  );
  return [...fromCustomer, ...fromContacts];
}

/** Panel 3 (spec §2 "Finalisation panel"): the customer form and the contacts tab, errors summed up on a refused save. */
export function FinalisationPanel() {
  const companyMode = useAtomValue(companyModeAtom);
  const customers = useAtomValue(companyDataAtom).customers;
  const [tab, setTab] = useAtom(finalTabAtom);
  const attempt = useAtomValue(submitAttemptAtom);
  const setAttempt = useSetAtom(submitAttemptAtom);
  const [touched, setTouched] = useState<Set<CustomerField>>(new Set());
  const problems = useProblems();
  const panel = useRef<HTMLElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const showAll = attempt > 0;
  // The lite's Contacts step is itself a tab: its two parts follow each other there, no tabs inside a tab.
  const flat = useVariant() === 'lite';

  // A refused save: focus goes to the first field in error, on the tab the save opened.
  useEffect(() => {
    if (attempt === 0) return;
    pendingFocus.current = problems.find((problem) => flat || problem.tab === tab)?.target ?? null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refused save
  }, [attempt]);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const field = panel.current?.querySelector<HTMLElement>(`[data-target="${pendingFocus.current}"]`);
    if (field) {
      pendingFocus.current = null;
      field.focus();
    }
  });
  // Once everything is right, the summary goes and a later refusal starts afresh.
  useEffect(() => {
    if (attempt > 0 && problems.length === 0) setAttempt(0);
  }, [attempt, problems.length, setAttempt]);

  const goTo = (problem: Problem) => {
    pendingFocus.current = problem.target;
    setTab(problem.tab);
    if (flat || problem.tab === tab) panel.current?.querySelector<HTMLElement>(`[data-target="${problem.target}"]`)?.focus();
  };
  const contactErrors = problems.filter((problem) => problem.tab === 'contacts').length;
  const tabs: TabSpec<FinalTab>[] = [
    { key: 'customer', label: 'Client' },
    { key: 'contacts', label: contactErrors > 0 && showAll ? `Contacts sur place (${contactErrors})` : 'Contacts sur place' },
  ];
  const customerPart = (
    <>
      {companyMode && customers.length > 0 && <CustomerSearch />}
      <CustomerForm showAll={showAll} touched={touched} touch={(field) => setTouched((set) => new Set(set).add(field))} />
      <StopNotes />
    </>
  );
  return (
    <section className="finalisation" ref={panel}>
      <LaterStyles />
      {showAll && problems.length > 0 && (
        <div className="banner banner-error error-summary" role="alert">
          <Icon name="warning" />
          <div className="banner-body">
            <strong>À corriger avant d’enregistrer</strong>
            <ul>
              {problems.map((problem) => (
                <li key={problem.target}>
                  <button type="button" className="link" onClick={() => goTo(problem)}>
                    {problem.text}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {flat ? (
        <>
          {customerPart}
          <section className="contacts-section" aria-labelledby="contacts-section-title">
            <h3 id="contacts-section-title">{tabs[1]!.label}</h3>
            <ContactsTab showAll={showAll} />
          </section>
        </>
      ) : (
        <Tabs label="Informations de la réservation" tabs={tabs} selected={tab} onSelect={setTab} panelClassName="tab-panel">
          {tab === 'customer' ? customerPart : <ContactsTab showAll={showAll} />}
        </Tabs>
      )}
      <PostedTravels />
    </section>
  );
}
