import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Field } from '../controls/Field.tsx';
import { Icon } from '../controls/icons.tsx';
import { formatPhone } from '../../domain/format.ts';
import { makeContact, stripPhoneSpaces, type Contact } from '../../domain/entities/contact.ts';
import { stopDisplayName } from '../../domain/places/stop-notes.ts';
import { validateContactRow, type ContactField } from '../../domain/validation/contact-form.ts';
import type { ApiContact } from '../../domain/entities/api-contact.ts';
import { companyModeAtom } from '../../state/company.atoms.ts';
import { useContactSearch } from '../../state/contact-search.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { addStopContactAtom, editStopContactAtom, removeStopContactAtom } from '../../state/stop-contacts.atoms.ts';
import { Combobox } from '../controls/Combobox.tsx';

interface Row {
  stopIndex: number;
  position: number;
  contact: Contact;
}

/**
 * The contacts tab (spec §2, §5): every contact of every stop as a validated row (name,
 * phone, email, stop, SMS switch); in company mode a search of the company's contacts.
 */
export function ContactsTab({ showAll }: { showAll: boolean }) {
  const stops = useAtomValue(stopsAtom);
  const addContact = useSetAtom(addStopContactAtom);
  const editContact = useSetAtom(editStopContactAtom);
  const removeContact = useSetAtom(removeStopContactAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const rows: Row[] = stops.flatMap((stop, stopIndex) => stop.contacts.map((contact, position) => ({ stopIndex, position, contact })));

  const write = (row: Row, change: Partial<Contact>) => editContact({ stopIndex: row.stopIndex, position: row.position, change });
  const add = (contact: Contact) => addContact(contact);
  const remove = (row: Row) => removeContact({ stopIndex: row.stopIndex, position: row.position });

  return (
    <div className="contacts-tab">
      {companyMode && (
        <ContactSearch
          onPick={(contact) => add(makeContact({ name: contact.name, phone: contact.phone_number, email: contact.email, step: 0 }))}
        />
      )}
      {rows.length === 0 && <p className="muted">Aucun contact : ajoutez la personne à prévenir sur place.</p>}
      <ul className="contact-rows">
        {rows.map((row) => (
          <ContactRow
            key={`${row.stopIndex}-${row.position}`}
            row={row}
            stops={stops}
            showAll={showAll}
            onChange={(change) => write(row, change)}
            onRemove={() => remove(row)}
          />
        ))}
      </ul>
      <button type="button" className="ghost add-contact" onClick={() => add(makeContact({ step: 0 }))}>
        <Icon name="plus" />
        Ajouter un contact
      </button>
    </div>
  );
}

function ContactRow({
  row,
  stops,
  showAll,
  onChange,
  onRemove,
}: {
  row: Row;
  stops: ReturnType<typeof useAtomValue<typeof stopsAtom>>;
  showAll: boolean;
  onChange: (change: Partial<Contact>) => void;
  onRemove: () => void;
}) {
  const [touched, setTouched] = useState<Set<ContactField>>(new Set());
  const errors = validateContactRow(row.contact, stops.length);
  const stop = stops[row.stopIndex]!;
  const who = row.contact.name.trim() || `${row.position + 1} de l’étape ${stop.step}`;
  const shown = (field: ContactField) => (showAll || touched.has(field) ? errors[field] : undefined);
  const touch = (field: ContactField) => () => setTouched((set) => new Set(set).add(field));
  const input = (field: 'name' | 'phone' | 'email', label: string, type: string, value: string, set: (value: string) => void) => (
    <Field label={label} error={shown(field)}>
      <input
        type={type}
        value={value}
        data-target={`contact-${row.stopIndex}-${row.position}-${field}`}
        onBlur={touch(field)}
        onChange={(e) => set(e.target.value)}
      />
    </Field>
  );
  return (
    <li className="card contact-row" aria-label={`Contact ${who}`}>
      <div className="row">
        {input('name', 'Nom', 'text', row.contact.name, (name) => onChange({ name }))}
        {input('phone', 'Téléphone', 'tel', row.contact.phone, (phone) => onChange({ phone: stripPhoneSpaces(phone) }))}
        {input('email', 'E-mail (facultatif)', 'email', row.contact.email, (email) => onChange({ email }))}
        <Field label="Étape">
          <select value={row.stopIndex} onChange={(e) => onChange({ step: Number(e.target.value) })}>
            {stops.map((each, index) => (
              <option key={each.uid} value={index}>
                {stopDisplayName(each)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="row">
        <label className="switch-row">
          Prévenir par SMS
          <input type="checkbox" role="switch" checked={row.contact.notify} onChange={(e) => onChange({ notify: e.target.checked })} />
        </label>
        <button type="button" className="ghost" onClick={onRemove} aria-label={`Supprimer le contact ${who}`}>
          <Icon name="trash" />
          Supprimer
        </button>
      </div>
    </li>
  );
}

function ContactSearch({ onPick }: { onPick: (contact: ApiContact) => void }) {
  const [text, setText] = useState('');
  const { results, searching } = useContactSearch(text);
  return (
    <Combobox
      label="Rechercher un contact"
      listLabel="Contacts trouvés"
      target="contact-search"
      icon="search"
      value={text}
      onType={setText}
      options={results}
      searching={searching}
      keyOf={(contact) => `${contact.id}-${contact.name}`}
      onPick={(contact) => {
        onPick(contact);
        setText('');
      }}
    >
      {(contact) => (
        <>
          <span>{contact.name}</span>
          <span className="option-meta">{formatPhone(contact.phone_number)}</span>
        </>
      )}
    </Combobox>
  );
}
