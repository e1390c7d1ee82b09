import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { Contact } from '../../domain/entities/contact.ts';
import type { Stop } from '../../domain/entities/stop.ts';
import { updateStopAtom } from '../../state/stops.atoms.ts';
import { ContactDialog } from './ContactDialog.tsx';
import { Icon } from '../controls/icons.tsx';

/** Contact badges of a stop, each opening the edit modal, and an add button (spec §2). */
export function StopContacts({ stop, index }: { stop: Stop; index: number }) {
  const update = useSetAtom(updateStopAtom);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const name = `l’adresse ${stop.step}`;
  const setContacts = (contacts: Contact[]) => update({ index, change: (s) => ({ ...s, contacts }) });
  return (
    <div className="contacts-badges">
      {stop.contacts.map((contact, position) => (
        <button
          key={`${contact.name}-${position}`}
          type="button"
          className="chip contact-chip"
          aria-label={`Modifier le contact : ${contact.name}${contact.notify ? ' (SMS)' : ''}, ${name}`}
          onClick={() => setEditing(position)}
        >
          <Icon name="phone" size={16} />
          {contact.name}
          {contact.notify ? ' · SMS' : ''}
        </button>
      ))}
      <button type="button" className="ghost" aria-label={`Ajouter un contact à ${name}`} onClick={() => setEditing('new')}>
        <Icon name="user" />
        Ajouter un contact
      </button>
      {editing !== null && (
        <ContactDialog
          contact={editing === 'new' ? null : (stop.contacts[editing] ?? null)}
          stopName={name}
          onClose={() => setEditing(null)}
          onSave={(contact) => {
            const saved = { ...contact, step: index };
            setContacts(editing === 'new' ? [...stop.contacts, saved] : stop.contacts.map((c, p) => (p === editing ? saved : c)));
            setEditing(null);
          }}
          onDelete={
            editing === 'new'
              ? undefined
              : () => {
                  setContacts(stop.contacts.filter((_, p) => p !== editing));
                  setEditing(null);
                }
          }
        />
      )}
    </div>
  );
}
