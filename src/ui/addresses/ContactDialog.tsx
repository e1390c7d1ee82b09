import { useEffect, useId, useRef, useState } from 'react';
import { canSaveContactModal, makeContact, stripPhoneSpaces, type Contact } from '../../domain/index.ts';

/**
 * The add/edit contact modal of a stop (spec §2, §5): saving needs a name of 2+ characters
 * and a phone of 8+; spaces are stripped from the phone.
 */
export function ContactDialog({ contact, stopName, onSave, onClose, onDelete }: {
  contact: Contact | null;
  stopName: string;
  onSave: (contact: Contact) => void;
  onClose: () => void;
  onDelete?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [name, setName] = useState(contact?.name ?? '');
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [notify, setNotify] = useState(contact?.notify ?? false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const canSave = canSaveContactModal(name, phone);
  return (
    <dialog ref={dialog} aria-labelledby={titleId} className="dialog" onCancel={onClose}>
      <form method="dialog" onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        onSave(makeContact({ ...contact, name: name.trim(), phone: stripPhoneSpaces(phone), email: email.trim(), notify, valid: true }));
      }}>
        <h3 id={titleId}>{contact ? 'Modifier le contact' : 'Ajouter un contact'} ({stopName})</h3>
        <label>Nom<input value={name} autoComplete="name" onChange={(event) => setName(event.target.value)} /></label>
        <label>Téléphone<input type="tel" value={phone} autoComplete="tel" onChange={(event) => setPhone(event.target.value)} /></label>
        <label>E-mail (facultatif)<input type="email" value={email} autoComplete="email" onChange={(event) => setEmail(event.target.value)} /></label>
        <label className="checkbox"><span><input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} /> Prévenir par SMS</span></label>
        {!canSave && <p className="muted">Un nom (2 caractères au moins) et un téléphone (8 chiffres au moins) sont nécessaires.</p>}
        <div className="row">
          <button type="submit" className="primary" disabled={!canSave}>Enregistrer le contact</button>
          <button type="button" onClick={onClose}>Annuler</button>
          {onDelete && <button type="button" onClick={onDelete}>Supprimer le contact</button>}
        </div>
      </form>
    </dialog>
  );
}
