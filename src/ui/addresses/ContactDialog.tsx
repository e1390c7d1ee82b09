import { useState } from 'react';
import { ModalForm } from '../controls/ModalForm.tsx';
import { Icon } from '../controls/icons.tsx';
import { canSaveContactModal } from '../../domain/validation/contact-form.ts';
import { makeContact, stripPhoneSpaces, type Contact } from '../../domain/entities/contact.ts';

/**
 * The add/edit contact modal of a stop (spec §2, §5): saving needs a name of 2+ characters
 * and a phone of 8+; spaces are stripped from the phone.
 */
export function ContactDialog({
  contact,
  stopName,
  onSave,
  onClose,
  onDelete,
}: {
  contact: Contact | null;
  stopName: string;
  onSave: (contact: Contact) => void;
  onClose: () => void;
  onDelete?: () => void;
}) {
  const [name, setName] = useState(contact?.name ?? '');
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [notify, setNotify] = useState(contact?.notify ?? false);
  const canSave = canSaveContactModal(name, phone);
  return (
    <ModalForm
      title={contact ? `Modifier le contact : ${contact.name}` : 'Ajouter un contact'}
      canSave={canSave}
      why="Indiquez un nom (2 caractères minimum) et un téléphone (8 caractères minimum)."
      submitLabel="Enregistrer le contact"
      onClose={onClose}
      onSubmit={() =>
        onSave(makeContact({ ...contact, name: name.trim(), phone: stripPhoneSpaces(phone), email: email.trim(), notify, valid: true }))
      }
      actions={
        onDelete && (
          <button type="button" className="ghost" onClick={onDelete}>
            <Icon name="trash" />
            Supprimer le contact
          </button>
        )
      }
    >
      <p className="muted">Contact sur place de {stopName}</p>
      <label>
        Nom
        <input value={name} autoComplete="name" onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Téléphone
        <input type="tel" inputMode="tel" value={phone} autoComplete="tel" onChange={(event) => setPhone(event.target.value)} />
      </label>
      <label>
        E-mail (facultatif)
        <input type="email" value={email} autoComplete="email" onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label className="switch-row">
        Prévenir par SMS
        <input type="checkbox" role="switch" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
      </label>
    </ModalForm>
  );
}
